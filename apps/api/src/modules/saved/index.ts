// The saved module's public surface (docs/decisions/0020-boundaries.md): saved hostels and
// searches and their alerts; the only module that writes saved_items.
export { startSavedJobs } from './saved.jobs.ts';
export { savedRoutes } from './saved.routes.ts';
export { listSaved, runSavedAlerts } from './saved.service.ts';
