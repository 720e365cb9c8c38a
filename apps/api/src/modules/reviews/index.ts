// The reviews module's public surface: what app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { reviewsRoutes } from './reviews.routes.ts';
