import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { claimKey, forgetKey, keepAnswer } from './idempotency.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A signed-in write a phone may send again after losing the signal: with an `Idempotency-Key`
     * header it is done once and its answer replayed (docs/decisions/0027-offline-writes.md).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The idempotent_requests row this request claimed, filled in with its answer when it goes out. */
    idempotencyRowId: string | null;
  }
}

/** A UUID, or any other opaque token of the same alphabet, at most 100 characters. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_.:-]{7,99}$/;

/** The draft's header is a structured-field string, so a client may quote it. */
function readKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim().replace(/^"(.*)"$/, '$1');
  if (!KEY.test(value)) {
    throw badRequest('Idempotency-Key must be a UUID (letters, digits, - _ . :, 8 to 100 characters)', {
      'idempotency-key': 'Send a UUID, one per submission',
    });
  }
  return value;
}

/**
 * What makes two requests "the same write". A multipart body is read by the handler itself, after
 * this check, so it is known here only by its type and length; the worker's replay sends the very
 * bytes it kept, so they match, and a different form under a reused key almost always differs in length.
 */
function bodyDigest(request: FastifyRequest): string {
  const hash = createHash('sha256');
  if (request.isMultipart()) {
    hash.update(`multipart ${request.headers['content-length'] ?? 'chunked'}`);
  } else {
    hash.update(JSON.stringify(request.body ?? null));
  }
  return hash.digest('hex');
}

function replay(reply: FastifyReply, statusCode: number, body: string) {
  return reply
    .code(statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(body);
}

/**
 * Routes with `config: { idempotent: true }` honour `Idempotency-Key`: without it they work as
 * before; with it, the first request claims the key for its user, and the same key again gets the
 * stored answer, a 409 while the first is still running, or a 422 for another body or route. Only a
 * success is kept: a refused or failed write leaves the key free, so the retry can succeed.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyRowId', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = readKey(request);
    if (!key) return;
    const user = await request.requireUser();
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const digest = bodyDigest(request);
    const claim = await claimKey(app.deps, { userId: user.id, key, route, bodyDigest: digest });
    if ('claimed' in claim) {
      request.idempotencyRowId = claim.claimed;
      return;
    }
    const earlier = claim.earlier;
    // Whether a running first attempt will keep the key is not known yet: the caller asks again.
    if (earlier.statusCode === null || earlier.responseBody === null) {
      throw conflict('This request is already being sent; try again in a moment');
    }
    if (earlier.route !== route || earlier.bodyDigest !== digest) {
      throw new AppError(
        422,
        'This Idempotency-Key was already used for a different request; send a new key with each new submission',
      );
    }
    // A replay changes nothing: an admin's retried write is not a second entry in the activity log.
    request.auditActor = null;
    return replay(reply, earlier.statusCode, earlier.responseBody);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyRowId;
    if (!id) return payload;
    request.idempotencyRowId = null;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      if (reply.statusCode < 400 && body !== null) await keepAnswer(app.deps, id, reply.statusCode, body);
      else await forgetKey(app.deps, id);
    } catch (err) {
      // The write itself is done; a retry without the stored answer would at worst be refused or
      // made again, which is what happened before keys existed.
      request.log.error({ err }, 'idempotent answer could not be stored');
    }
    return payload;
  });

  app.addHook('onRequestAbort', async (request) => {
    const id = request.idempotencyRowId;
    if (id) await forgetKey(app.deps, id).catch(() => {});
  });
});
