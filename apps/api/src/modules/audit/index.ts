// The audit module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { adminAuditPlugin } from './audit.plugin.ts';
export { auditRoutes } from './audit.routes.ts';
export { recordScheduledAction } from './audit.service.ts';
