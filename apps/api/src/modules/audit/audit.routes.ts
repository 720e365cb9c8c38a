import { AuditListSchema, AuditQuerySchema } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../lib/route-options.ts';
import { listAdminActions } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'What admins changed: every successful admin write, newest first',
        description: 'Paged with limit (default 100, at most 500) and offset; the total is in X-Total-Count.',
        security: [{ bearerAuth: [] }],
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { entries, total } = await listAdminActions(app.deps, request.query);
      reply.header('x-total-count', String(total));
      return entries;
    },
  );
};
