// The auth module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { ensureStartupAdmin } from './admin-bootstrap.ts';
export { authPlugin } from './auth.plugin.ts';
export { authRoutes } from './auth.routes.ts';
export { type AuthContext, securityNotice } from './auth.service.ts';
export { assertAdminReady, TWO_STEP_OFF } from './mfa.service.ts';
export { type AuthUser, revokeAllSessions } from './tokens.ts';
export { personRefColumns, toUser, type UserRow } from './user.mapper.ts';
