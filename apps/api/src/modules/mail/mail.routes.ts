import { ErrorSchema } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { notFound } from '../../lib/errors.ts';
import { listOutbox } from './mail.service.ts';

const OutboxEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.optional(z.string()),
  created_at: z.string(),
});

/**
 * GET /dev/outbox: the e-mails the app "sent", so local users and tests can read their codes.
 * Registered only outside production (there it does not exist: 404), since it shows codes; and
 * even then it answers only callers on this machine, so a server started without NODE_ENV that
 * is reachable from the internet does not hand out everyone's reset codes.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const mailDevRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'E-mails sent by the app, newest last (not available in production)',
        querystring: z.object({ to: z.optional(z.string().check(z.trim(), z.maxLength(254))) }),
        response: { 200: z.array(OutboxEmailSchema), 404: ErrorSchema },
      },
    },
    async (request) => {
      // The socket's peer, not request.ip: a forwarded address must not open this up.
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw notFound('Not found');
      return listOutbox(app.deps, { to: request.query.to || undefined });
    },
  );
};
