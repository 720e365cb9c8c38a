import { ReconcileDaySchema, ReconciliationRunSchema } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { listRuns, reconcileDay } from './reconciliation.service.ts';

/** The daily reconciliation with the payment provider (docs/domain.md, "Reconciliation"), for admins. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/admin/reconciliation',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The latest daily reconciliations with the payment provider, newest first, with their differences',
        response: { 200: z.array(ReconciliationRunSchema), ...errorAnswers(401, 403) },
      },
    },
    async () => listRuns(deps),
  );

  app.post(
    '/admin/reconciliation',
    {
      onRequest: app.adminOnly,
      preHandler: perAccountLimit(deps, 'reconciliation-runs'),
      schema: {
        tags: ['admin'],
        summary: 'Reconcile one Lagos day with the payment provider now (kept like the daily run)',
        body: ReconcileDaySchema,
        response: { 200: ReconciliationRunSchema, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const run = await reconcileDay(deps, request.body.date);
      request.auditTargetId = run._id;
      request.auditDescription = {
        kind: 'reconciliation.run',
        detail: run.day,
        status: run.status,
        count: run.differences.length,
      };
      return run;
    },
  );
};
