import {
  type ChangePasswordSchema,
  ERROR_CODES,
  type MfaDisableSchema,
  type MfaSetup,
  type MfaStatus,
  PHONE_FIELDS,
  SESSION_LIMITS,
  type SessionInfo,
} from '@studynest/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { sessions, users } from './auth.schema.ts';
import {
  type AuthContext,
  assertAcceptablePassword,
  newPasswordHash,
  passwordMatches,
  securityNotice,
} from './auth.service.ts';
import { disableMfa, enableMfa, mfaStatus, startMfaSetup } from './mfa.service.ts';
import { clearPhoneReviews } from './phone-review.service.ts';
import { assertMayTryPassword, passwordFailed } from './throttle.ts';
import { type AuthUser, revokeAllSessions, sessionLimitsFor } from './tokens.ts';
import type { UserRow } from './user.mapper.ts';

/** The signed-in user's row (the session lookup keeps only what every request needs). */
async function loadUser(ctx: AuthContext, user: AuthUser): Promise<UserRow> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw unauthorized('You have been signed out. Please log in again.');
  return row;
}

/**
 * A password typed by someone already signed in: wrong tries count towards the same per-account
 * limit as failed logins, so a stolen session cannot be used to guess the password.
 */
async function checkOwnPassword(ctx: AuthContext, row: UserRow, password: string, field: string) {
  const attempt = { account: row.email, ip: ctx.ip };
  await assertMayTryPassword(ctx.limits, attempt);
  if (!(await passwordMatches(ctx, row, password))) {
    await passwordFailed(ctx.limits, attempt);
    const message = 'That password is not correct';
    throw badRequest(message, { [field]: message });
  }
}

const markPasswordEntered = (db: DbOrTx, sessionId: string) =>
  db.update(sessions).set({ authenticatedAt: new Date() }).where(eq(sessions.id, sessionId));

/** New password: every other session ends, this one stays, and the owner is told by e-mail. */
export async function changePassword(
  ctx: AuthContext,
  user: AuthUser,
  data: z.output<typeof ChangePasswordSchema>,
): Promise<{ message: string }> {
  const row = await loadUser(ctx, user);
  await checkOwnPassword(ctx, row, data.current_password, 'current_password');
  if (data.new_password === data.current_password) {
    const message = 'Choose a new password that is different from the current one';
    throw badRequest(message, { new_password: message });
  }
  await assertAcceptablePassword(data.new_password, 'new_password');
  const hashed = await newPasswordHash(ctx.config, data.new_password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...hashed, updatedAt: new Date() })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)));
    await revokeAllSessions(tx, row.id, user.sessionId);
    await markPasswordEntered(tx, user.sessionId);
  });
  await securityNotice(ctx, row, 'Your password was changed');
  return { message: 'Your password has been changed. Other devices have been signed out.' };
}

/** Proof of presence before a sensitive action: the next few minutes need no second asking. */
export async function confirmPassword(
  ctx: AuthContext,
  user: AuthUser,
  password: string,
): Promise<{ message: string; confirmed_until: string }> {
  const row = await loadUser(ctx, user);
  await checkOwnPassword(ctx, row, password, 'password');
  await markPasswordEntered(ctx.db, user.sessionId);
  const until = new Date(Date.now() + SESSION_LIMITS.reauthMinutes * 60_000);
  return { message: 'Password confirmed.', confirmed_until: until.toISOString() };
}

/** "Chrome on Android" from a User-Agent: enough for people to recognise their own devices. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const browser = /\b(?:Edg|EdgA|EdgiOS)\//.test(userAgent)
    ? 'Edge'
    : /\bOPR\/|\bOpera\b/.test(userAgent)
      ? 'Opera'
      : /\bSamsungBrowser\//.test(userAgent)
        ? 'Samsung Internet'
        : /\b(?:HeadlessChrome|Chrome|CriOS)\//.test(userAgent)
          ? 'Chrome'
          : /\b(?:Firefox|FxiOS)\//.test(userAgent)
            ? 'Firefox'
            : /\bSafari\//.test(userAgent)
              ? 'Safari'
              : null;
  const system = /\bAndroid\b/.test(userAgent)
    ? 'Android'
    : /\b(?:iPhone|iPad|iPod)\b/.test(userAgent)
      ? 'iOS'
      : /\bWindows\b/.test(userAgent)
        ? 'Windows'
        : /\bMac OS X\b/.test(userAgent)
          ? 'macOS'
          : /\bCrOS\b/.test(userAgent)
            ? 'ChromeOS'
            : /\bLinux\b/.test(userAgent)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** The account's live sessions, newest first; idle ones have already ended and are left out. */
export async function listSessions(ctx: AuthContext, user: AuthUser): Promise<SessionInfo[]> {
  const idleSince = new Date(Date.now() - sessionLimitsFor(user.role).idleMs);
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.createdAt))
    .limit(100);
  return rows.map((s) => ({
    _id: s.id,
    device: describeDevice(s.userAgent),
    created_at: s.createdAt.toISOString(),
    last_seen_at: (s.id === user.sessionId ? new Date(user.lastSeenAtMs) : s.lastSeenAt).toISOString(),
    expires_at: s.expiresAt.toISOString(),
    current: s.id === user.sessionId,
  }));
}

/** Sign one of the account's own sessions out (another user's id answers 404, like a missing one). */
export async function endSession(ctx: AuthContext, user: AuthUser, sessionId: string): Promise<void> {
  // One conditional update: only a live session of this account is ended.
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound('That session does not exist or has already ended');
}

export async function logoutOthers(
  ctx: AuthContext,
  user: AuthUser,
): Promise<{ message: string; signed_out: number }> {
  const ended = await revokeAllSessions(ctx.db, user.id, user.sessionId);
  const message =
    ended === 0
      ? 'No other devices were signed in.'
      : `Signed out of ${ended} other ${ended === 1 ? 'device' : 'devices'}.`;
  return { message, signed_out: ended };
}

/** Two-step sign-in is for admins (students' accounts hold only their own data). */
async function loadAdmin(ctx: AuthContext, user: AuthUser): Promise<UserRow> {
  if (user.role !== 'admin') throw forbidden('Two-step sign-in is for admin accounts');
  return loadUser(ctx, user);
}

export async function getMfaStatus(ctx: AuthContext, user: AuthUser): Promise<MfaStatus> {
  return mfaStatus(ctx.config, await loadAdmin(ctx, user));
}

export async function setupMfa(ctx: AuthContext, user: AuthUser): Promise<MfaSetup> {
  return startMfaSetup(ctx, await loadAdmin(ctx, user));
}

/** On: other sessions (signed in with the password alone) end, and the owner is told. */
export async function turnOnMfa(
  ctx: AuthContext,
  user: AuthUser,
  code: string,
): Promise<{ message: string }> {
  const row = await loadAdmin(ctx, user);
  await enableMfa(ctx, row, code);
  await revokeAllSessions(ctx.db, row.id, user.sessionId);
  await securityNotice(ctx, row, 'Two-step sign-in was turned on');
  return {
    message: 'Two-step sign-in is on. From now on, log in with your password and a code from the app.',
  };
}

export async function turnOffMfa(
  ctx: AuthContext,
  user: AuthUser,
  data: z.output<typeof MfaDisableSchema>,
): Promise<{ message: string }> {
  const row = await loadAdmin(ctx, user);
  await checkOwnPassword(ctx, row, data.password, 'password');
  await disableMfa(ctx, row, data.code);
  await securityNotice(ctx, row, 'Two-step sign-in was turned off');
  return { message: 'Two-step sign-in is off.' };
}

/** What deleting an account needs from the modules above this one (app.ts wires them in). */
export type AccountDeletion = {
  /** Why the person must wait (a running tenancy, money owed back…), or null. */
  reasonToWait: (userId: string) => Promise<string | null>;
  /** Her files elsewhere (maintenance photos, documents, stored receipt PDFs), removed once the account is anonymised. */
  afterDeleted: (userId: string) => Promise<void>;
};

/**
 * The owner deletes her account (docs/domain.md, "Deletion"): the password typed again, refused
 * with the reason while something still binds her, then anonymised and her files removed.
 */
export async function deleteOwnAccount(
  ctx: AuthContext,
  user: AuthUser,
  password: string,
  deletion: AccountDeletion,
): Promise<{ message: string }> {
  await checkOwnPassword(ctx, await loadUser(ctx, user), password, 'password');
  const reason = await deletion.reasonToWait(user.id);
  if (reason) {
    throw new AppError(
      409,
      `Your account cannot be deleted yet: ${reason}`,
      undefined,
      undefined,
      ERROR_CODES.deletionMustWait,
    );
  }
  await ctx.db.transaction((tx) => anonymiseAccount(tx, user.id));
  await deletion.afterDeleted(user.id);
  return { message: 'Your account has been deleted. Payment records are kept, without your name.' };
}

/**
 * Deletion at the owner's request (docs/domain.md, "Deletion"): the row stays, since payments,
 * receipts and tenancies point at it, but nothing in it names or reaches the person any more. The
 * e-mail becomes a unique address on a reserved domain (RFC 2606), so she can sign up again; no
 * argon2 hash starts with "!", so no password matches.
 */
export async function anonymiseAccount(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: 'Deleted',
      lastName: 'user',
      email: `deleted-${userId}@deleted.invalid`,
      phoneNumber: '',
      passwordHash: '!deleted',
      emergencyName: '',
      emergencyRelationship: '',
      emergencyPhone: '',
      emergencyAddress: '',
      totpSecret: null,
      totpEnabledAt: null,
      notifyEmail: false,
      notifySms: false,
      marketingEmail: false,
      marketingSms: false,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await revokeAllSessions(db, userId);
  await clearPhoneReviews(db, userId, [...PHONE_FIELDS]);
}
