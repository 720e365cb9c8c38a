import {
  IdParamsSchema,
  PaymentHistorySchema,
  PaymentReferenceParamsSchema,
  ReceiptCodeParamsSchema,
  ReceiptVerificationSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorAnswers, perIpLimit } from '../../lib/route-options.ts';
import { listPaymentsOf, listPaymentsOfUser } from './payment-history.service.ts';
import { receiptPdf, verifyReceiptCode } from './receipts.service.ts';

/** Receipts as JSON and PDF, and the payment history they belong to, under /api (docs/domain.md, Receipts). */
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
  app.get(
    '/payments/:reference/receipt.pdf',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['payments'],
        summary: "A successful payment's receipt as a one-page PDF (payer or admin)",
        params: PaymentReferenceParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: z.string().check(z.describe('The receipt: a one-page PDF (application/pdf)')),
          ...errorAnswers(401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const pdf = await receiptPdf(deps, await request.requireUser(), request.params.reference);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', 'attachment; filename="receipt.pdf"')
          .header('cache-control', 'private, no-store')
          // Fastify sends a Buffer as it is (no serialiser runs); the schema's string only documents the body.
          .send(pdf as unknown as string)
      );
    },
  );

  // One concern, two doors (ADR 0013): the student's own list, and an admin's look at any student's.
  // Separate routes keep each one's rule plain (signed in / admin only) in the authz matrix.
  app.get(
    '/payments/mine',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['payments'],
        summary:
          "The caller's payments (agent fee, rent, caution deposit; any status), newest first, with receipt numbers",
        response: { 200: PaymentHistorySchema, ...errorAnswers(401) },
      },
    },
    async (request) => listPaymentsOf(deps, (await request.requireUser()).id),
  );

  app.get(
    '/user/:id/payments',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['payments'],
        summary: "A user's payments, newest first (admins)",
        params: IdParamsSchema,
        response: { 200: PaymentHistorySchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => listPaymentsOfUser(deps, request.params.id),
  );
};
