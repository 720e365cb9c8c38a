// The auth module's public surface (docs/decisions/0020-boundaries.md): accounts, sessions and
// sign-in; the only module that writes the users, sessions, one_time_codes and consents tables.

export type { AccountDeletion } from './account.service.ts';
export {
  deleteUser,
  resetMfa,
  turnOffOptionalMessages,
  updateAccountDetails,
  wantsOptionalMessages,
} from './accounts.service.ts';
export { ensureStartupAdmin } from './admin-bootstrap.ts';
export { authPlugin } from './auth.plugin.ts';
export { authRoutes } from './auth.routes.ts';
export { users } from './auth.schema.ts';
export { type AuthContext, createConfirmedStudent, securityNotice } from './auth.service.ts';
export { listConsents, listSessionRowsOf } from './consent.service.ts';
export { assertAdminReady } from './mfa.service.ts';
export { checkStoredPhones, listPhoneReviews } from './phone-review.service.ts';
export { type AuthUser, revokeAllSessions } from './tokens.ts';
export { personRefColumns, toUser, type UserRow } from './user.mapper.ts';
