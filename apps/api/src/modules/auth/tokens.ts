import type { UserRole } from '@studynest/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'studynest';
const AUDIENCE = 'studynest-web';
/** Only HS256 is accepted: `alg: none` and algorithm-confusion tokens fail verification. */
const ALGORITHMS = ['HS256'];

export type AuthUser = { id: string; role: UserRole; sessionId: string; email: string };

const keyFor = (secret: string) => new TextEncoder().encode(secret);

/** A token is a signed pointer to a session row, so logout and account deletion take effect at once. */
export async function issueToken(
  db: DbOrTx,
  secret: string,
  user: { id: string; role: string },
): Promise<string> {
  const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, expiresAt })
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

export type TokenProblem = 'missing' | 'invalid' | 'expired' | 'revoked';

export type TokenClaims = { userId: string; sessionId: string; expiresAtMs: number };

/** Check a bearer token's signature, algorithm, issuer, audience and expiry (no database). */
export async function verifyToken(
  secret: string,
  token: string,
): Promise<{ claims: TokenClaims } | { problem: TokenProblem }> {
  let payload: { sub?: string; jti?: string; exp?: number };
  try {
    ({ payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: AUDIENCE,
    }));
  } catch (err) {
    return { problem: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
  if (!payload.sub || !payload.jti || !payload.exp || !/^[0-9a-f-]{36}$/i.test(payload.jti)) {
    return { problem: 'invalid' };
  }
  return { claims: { userId: payload.sub, sessionId: payload.jti, expiresAtMs: payload.exp * 1000 } };
}

/** The live user behind a verified token's session, or null when it was revoked, ran out or the user is gone. */
export async function findSessionUser(db: DbOrTx, claims: TokenClaims): Promise<AuthUser | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email, sessionId: sessions.id })
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
  return row ? { id: row.id, role: row.role as UserRole, email: row.email, sessionId: row.sessionId } : null;
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: DbOrTx, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
