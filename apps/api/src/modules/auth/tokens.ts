import { SESSION_LIMITS, type UserRole } from '@studynest/contracts';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from './auth.schema.ts';

const HOUR_MS = 60 * 60_000;
/**
 * Absolute and idle limits by role (ADR 0010): an admin session can change everyone's data, so
 * it ends after 12 h, or 30 min unused; a student's holds only their own data and is used from a
 * phone every few days, so it lasts 7 days, or 72 h unused.
 */
export const sessionLimitsFor = (role: string) =>
  role === 'admin'
    ? { ttlMs: SESSION_LIMITS.adminTtlHours * HOUR_MS, idleMs: SESSION_LIMITS.adminIdleMinutes * 60_000 }
    : { ttlMs: SESSION_LIMITS.studentTtlHours * HOUR_MS, idleMs: SESSION_LIMITS.studentIdleHours * HOUR_MS };
/** Last-seen is written at most this often, so the idle check costs one small UPDATE a minute. */
const TOUCH_EVERY_MS = 60_000;
const ISSUER = 'studynest';
const AUDIENCE = 'studynest-web';
/** Only HS256 is accepted: `alg: none` and algorithm-confusion tokens fail verification. */
const ALGORITHMS = ['HS256'];

export type AuthUser = {
  id: string;
  role: UserRole;
  sessionId: string;
  email: string;
  /** Two-step sign-in is on for this account. */
  mfaEnabled: boolean;
  /** When the password was last entered in this session. */
  authenticatedAtMs: number;
  /** When the session was last used (to within a minute). */
  lastSeenAtMs: number;
};

const keyFor = (secret: string) => new TextEncoder().encode(secret);

/**
 * A token is a signed pointer to a session row, so logout and account deletion take effect at once.
 * `authenticatedAt`: when the password was typed, if not now (signed in by the code after sign-up).
 */
export async function issueToken(
  db: DbOrTx,
  secret: string,
  user: { id: string; role: string },
  userAgent = '',
  authenticatedAt?: Date,
): Promise<string> {
  const expiresAt = new Date(Date.now() + sessionLimitsFor(user.role).ttlMs);
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, expiresAt, userAgent: userAgent.slice(0, 300), authenticatedAt })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  return new SignJWT({ role: user.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setJti(session.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyFor(secret));
}

export type TokenProblem = 'missing' | 'invalid' | 'expired' | 'idle' | 'revoked';

/** What a verified token says: whose session, which one, until when, and the role it was issued for. */
export type TokenClaims = { userId: string; sessionId: string; expiresAtMs: number; role: string };

/** Check a bearer token's signature, algorithm, issuer, audience and expiry (no database). */
export async function verifyToken(
  secret: string,
  token: string,
): Promise<{ claims: TokenClaims } | { problem: TokenProblem }> {
  let payload: { sub?: string; jti?: string; exp?: number; role?: unknown };
  try {
    ({ payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: AUDIENCE,
    }));
  } catch (err) {
    return { problem: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
  if (
    !payload.sub ||
    !payload.jti ||
    !payload.exp ||
    typeof payload.role !== 'string' ||
    !/^[0-9a-f-]{36}$/i.test(payload.jti)
  ) {
    return { problem: 'invalid' };
  }
  return {
    claims: {
      userId: payload.sub,
      sessionId: payload.jti,
      expiresAtMs: payload.exp * 1000,
      role: payload.role,
    },
  };
}

/**
 * The live user behind a verified token's session, or null when it was revoked, ran out, the user
 * is gone, or the account's role is no longer the one the session was issued for: a session's
 * limits and two-step rule are its role's (ADR 0010), so a demoted admin (or a promoted student)
 * signs in again.
 */
export async function findSessionUser(db: DbOrTx, claims: TokenClaims): Promise<AuthUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      totpEnabledAt: users.totpEnabledAt,
      sessionId: sessions.id,
      authenticatedAt: sessions.authenticatedAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row || row.role !== claims.role) return null;
  return {
    id: row.id,
    role: row.role as UserRole,
    email: row.email,
    sessionId: row.sessionId,
    mfaEnabled: row.totpEnabledAt !== null,
    authenticatedAtMs: row.authenticatedAt.getTime(),
    lastSeenAtMs: row.lastSeenAt.getTime(),
  };
}

/**
 * Enforce the idle limit and keep last-seen fresh (at most one write a minute per session).
 * `user` may be a cached object: it is updated in place so the cache does not write again.
 */
export async function checkIdle(db: DbOrTx, user: AuthUser, now = Date.now()): Promise<boolean> {
  if (now - user.lastSeenAtMs > sessionLimitsFor(user.role).idleMs) return false;
  if (now - user.lastSeenAtMs > TOUCH_EVERY_MS) {
    user.lastSeenAtMs = now;
    // Best effort: a read the cache can answer must not fail because this bookkeeping could not
    // be written (the database away for a moment); the next minute's request writes it.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, user.sessionId))
      .catch(() => undefined);
  }
  return true;
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revoke every live session of the user, except `keepSessionId`; answers how many ended. */
export async function revokeAllSessions(db: DbOrTx, userId: string, keepSessionId?: string) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
