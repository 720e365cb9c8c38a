import type { AuditDescription } from '@studynest/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAdminAction } from './audit.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What an admin write created, when its path names no id (POST /admin/refunds: the refund). */
    auditTargetId: string | null;
    /**
     * What an admin write did, in the names and amounts the log shows: set by the route's handler
     * from what it loaded or made, so the words are those of the moment (docs/domain.md, "Activity log").
     */
    auditDescription: AuditDescription | null;
  }
}

/**
 * Every change made through an admin route (adminOnly sets `request.auditActor`) is recorded
 * before the answer goes out. Refused requests are not: they changed nothing, and a rejected write
 * must leave the database as it was. A failure to record is logged, never turned into a failed
 * answer: the change itself has already been made.
 */
export const adminAuditPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auditTargetId', null);
  app.decorateRequest('auditDescription', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.auditActor;
    if (!actor || reply.statusCode >= 400) return payload;
    const params = request.params as { id?: unknown } | undefined;
    if (!request.auditDescription)
      request.log.warn({ url: request.url }, 'admin write without an audit description');
    try {
      await recordAdminAction(app.deps, {
        actorId: actor.id,
        action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        targetId: request.auditTargetId ?? (typeof params?.id === 'string' ? params.id.slice(0, 100) : null),
        description: request.auditDescription,
        statusCode: reply.statusCode,
        ip: request.ip,
      });
    } catch (err) {
      request.log.error({ err }, 'admin action could not be recorded');
    }
    return payload;
  });
});
