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

/** Resolve a bearer token to its live user, or say why it cannot be used. */
export async function resolveToken(
  db: DbOrTx,
  secret: string,
  token: string,
): Promise<{ user: AuthUser } | { problem: TokenProblem }> {
  let payload: { sub?: string; jti?: string };
  try {
    ({ payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: AUDIENCE,
    }));
  } catch (err) {
    return { problem: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
  if (!payload.sub || !payload.jti || !/^[0-9a-f-]{36}$/i.test(payload.jti)) return { problem: 'invalid' };
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, payload.jti),
        eq(sessions.userId, payload.sub),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) return { problem: 'revoked' };
  return { user: { id: row.id, role: row.role as UserRole, email: row.email, sessionId: row.sessionId } };
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
