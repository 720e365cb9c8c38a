import { ReceiptCodeParamsSchema, ReceiptVerificationSchema } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, perIpLimit } from '../../lib/route-options.ts';
import { verifyReceiptCode } from './receipts.service.ts';

/** Receipts as JSON and PDF, under /api (docs/domain.md, Receipts). */
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/receipts/verify/:code',
    {
      // Public: anyone holding a printout may check it; the limit stops guessing at scale.
      config: perIpLimit(deps.config, 60, '1 minute'),
      schema: {
        tags: ['payments'],
        summary: 'Check the code printed on a receipt (public; the payer is shown masked)',
        params: ReceiptCodeParamsSchema,
        response: { 200: ReceiptVerificationSchema, ...errorAnswers(400, 404, 429) },
      },
    },
    async (request) => verifyReceiptCode(deps, request.params.code),
  );
};
