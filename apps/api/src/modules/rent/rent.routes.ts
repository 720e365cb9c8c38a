import { ArrearsItemSchema } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorAnswers } from '../../lib/route-options.ts';
import { listArrears } from './rent-reminders.service.ts';

export const rentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/arrears',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Tenants whose rent is past due, most overdue first, with when they were last reminded',
        response: { 200: z.array(ArrearsItemSchema), ...errorAnswers(401, 403) },
      },
    },
    async () => listArrears(app.deps),
  );
};
