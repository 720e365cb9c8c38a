import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox } from './mail.service.ts';

const OutboxEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  created_at: z.string(),
});

/**
 * GET /dev/outbox: the e-mails the app "sent", so local users and tests can read their codes.
 * Registered only outside production (there it does not exist: 404), since it shows codes.
 */
export const mailDevRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'E-mails sent by the app, newest last (not available in production)',
        querystring: z.object({ to: z.string().trim().max(254).optional() }),
        response: { 200: z.array(OutboxEmailSchema) },
      },
    },
    async (request) => listOutbox(app.db, { to: request.query.to || undefined }),
  );
};
