// The reports module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).

export { overviewRoutes } from './overview.ts';
export { reportsRoutes } from './reports.routes.ts';
