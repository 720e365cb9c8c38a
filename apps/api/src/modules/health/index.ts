// The health module's public surface: what app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { healthRoutes } from './health.routes.ts';
