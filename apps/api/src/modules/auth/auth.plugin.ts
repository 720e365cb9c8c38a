import { ERROR_CODES, SESSION_LIMITS } from '@studynest/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../../lib/errors.ts';
import { assertAdminReady } from './mfa.service.ts';
import { type AuthUser, checkIdle, findSessionUser, type TokenProblem, verifyToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for anonymous (or an unusable token). Resolved once per request, on demand. */
    currentUser(): Promise<AuthUser | null>;
    /** The signed-in user; throws 401 with a reason when there is none. */
    requireUser(): Promise<AuthUser>;
    /** Whether an admin is signed in: public reads show admins more (closed hostels), never refuse others. */
    isAdmin(): Promise<boolean>;
    /** The admin behind a write through an admin route: the audit log records it (admin-audit plugin). */
    auditActor: AuthUser | null;
  }
  interface FastifyInstance {
    /**
     * Guards for route options, always as `onRequest`: `{ onRequest: app.signedIn }`,
     * `{ onRequest: [app.adminOnly, app.recentPassword] }`. They run before the body is read, so
     * anonymous callers get 401 and students 403 without any upload parsed or validation detail shown.
     */
    signedIn: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    adminOnly: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** After adminOnly, for the most sensitive actions: the password must have been entered lately. */
    recentPassword: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const PROBLEM_MESSAGES: Record<TokenProblem, string> = {
  missing: 'Please log in to continue',
  invalid: 'Your sign-in is not valid. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
  idle: 'You were signed out after a while without activity. Please log in again.',
  revoked: 'You have been signed out. Please log in again.',
};

type Resolved = { user: AuthUser } | { problem: TokenProblem };

const cache = new WeakMap<FastifyRequest, Promise<Resolved>>();

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  /**
   * A token's check (signature, then its session row) is remembered like a public answer, keyed
   * by the exact token: every write request (logout, account deletion, password reset among them)
   * empties the cache before its answer goes out, so a revoked token stops working at once. With
   * REDIS_URL every other process empties its cache too (docs/decisions/0017-shared-engines.md);
   * without it, a revocation made through another process (or by hand in SQL) can take up to the
   * cache's age limit to be seen. The token's own expiry is checked on every request.
   *
   * An admin's session is read from the database again on every request, whatever the cache holds:
   * admin powers end at once on every process however they end — through the API, in psql (the API
   * has no route that demotes an admin), or on a process whose link to Redis is down. Admin requests
   * are few; a student's reads keep the cache.
   */
  async function resolveToken(token: string): Promise<Resolved> {
    const checked = await app.readCache.remember(`token ${token}`, async () => {
      const verified = await verifyToken(config.jwtSecret, token);
      if ('problem' in verified) return verified;
      const user = await findSessionUser(app.deps.db, verified.claims);
      return user ? { user, claims: verified.claims } : { problem: 'revoked' as const };
    });
    if (!('user' in checked)) return checked;
    if (checked.claims.expiresAtMs <= Date.now()) return { problem: 'expired' };
    let { user } = checked;
    if (user.role === 'admin') {
      const fresh = await findSessionUser(app.deps.db, checked.claims);
      if (!fresh) return { problem: 'revoked' };
      user = fresh;
    }
    if (!(await checkIdle(app.deps.db, user))) return { problem: 'idle' };
    return { user };
  }

  const resolve = (request: FastifyRequest) => {
    let pending = cache.get(request);
    if (!pending) {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      pending = match?.[1] ? resolveToken(match[1]) : Promise.resolve({ problem: 'missing' as const });
      cache.set(request, pending);
    }
    return pending;
  };

  app.decorateRequest('currentUser', async function (this: FastifyRequest) {
    const r = await resolve(this);
    return 'user' in r ? r.user : null;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const r = await resolve(this);
    if ('user' in r) return r.user;
    throw new AppError(401, PROBLEM_MESSAGES[r.problem]);
  });

  app.decorateRequest('isAdmin', async function (this: FastifyRequest) {
    return (await this.currentUser())?.role === 'admin';
  });

  app.decorate('signedIn', async (request: FastifyRequest) => {
    await request.requireUser();
  });
  app.decorateRequest('auditActor', null);
  app.decorate('adminOnly', async (request: FastifyRequest) => {
    const user = await request.requireUser();
    if (user.role !== 'admin') throw forbidden('Only admins can do this');
    assertAdminReady(config, user);
    if (request.method !== 'GET' && request.method !== 'HEAD') request.auditActor = user;
  });
  app.decorate('recentPassword', async (request: FastifyRequest) => {
    const user = await request.requireUser();
    if (Date.now() - user.authenticatedAtMs > SESSION_LIMITS.reauthMinutes * 60_000) {
      throw new AppError(
        403,
        'For your safety, confirm your password to do this.',
        undefined,
        undefined,
        ERROR_CODES.reauthRequired,
      );
    }
  });
});
