// The tenancies module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { latestMoveOut } from './move-out.service.ts';
export { tenanciesRoutes } from './tenancies.routes.ts';
