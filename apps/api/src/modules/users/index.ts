// The users module's public surface: what app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { accountDeletion } from './data-rights.service.ts';
export { usersRoutes } from './users.routes.ts';
