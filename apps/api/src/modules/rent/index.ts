// The rent module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).

export { startRentJobs } from './rent.jobs.ts';
export { rentRoutes } from './rent.routes.ts';
export { amountOwed, countArrears, inArrears, listArrears, overdueSince } from './rent-reminders.service.ts';
