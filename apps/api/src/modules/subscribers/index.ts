// The subscribers module's public surface: what app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { subscribersRoutes } from './subscribers.routes.ts';
