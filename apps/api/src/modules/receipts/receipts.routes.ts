import {
  IdParamsSchema,
  PaymentHistorySchema,
  PaymentReferenceParamsSchema,
  ReceiptCodeParamsSchema,
  ReceiptVerificationSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ACCOUNT_LIMITS, perAccountLimit } from '../../lib/account-limits.ts';
import { errorAnswers, perIpLimit } from '../../lib/route-options.ts';
import { downloadGate } from './download-gate.ts';
import { listPaymentsOf, listPaymentsOfUser } from './payment-history.service.ts';
import { receiptPdfPool, tooBusy } from './receipt-pdf-pool.ts';
import { receiptPdfs } from './receipt-pdf-store.ts';
import { receiptPdf, verifyReceiptCode } from './receipts.service.ts';

/**
 * Receipt PDFs one account may download in an hour. A person downloads each of their few receipts
 * a handful of times; a script asking again and again meets it within minutes.
 */
export const RECEIPT_DOWNLOADS_PER_HOUR = ACCOUNT_LIMITS['receipt-downloads'].points;

/** Receipts as JSON and PDF, and the payment history they belong to, under /api (docs/domain.md, Receipts). */
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Drawn on worker threads, once per receipt, and kept (docs/decisions/0022-receipt-pdfs-stored-and-built-off-the-event-loop.md).
  const { pdfThreads: threads, pdfQueue: queue } = deps.config.receipts;
  const pdfs = receiptPdfs({
    storage: deps.privateStorage,
    pool: receiptPdfPool({ threads, queue }),
    log: deps.log,
  });
  app.addHook('onClose', () => pdfs.close());
  // Two downloads per thread at once: one drawn while the next one's reads are done. The rest wait
  // (at most `queue` of them) without touching the event loop.
  const inTurn = downloadGate(2 * threads, queue, (waiting) => tooBusy(waiting, threads));

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
      preHandler: perAccountLimit(deps, 'receipt-downloads'),
      schema: {
        tags: ['payments'],
        summary: `A successful payment's receipt as a one-page PDF (payer or admin; ${RECEIPT_DOWNLOADS_PER_HOUR} an hour per account)`,
        params: PaymentReferenceParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: z.string().check(z.describe('The receipt: a one-page PDF (application/pdf)')),
          ...errorAnswers(401, 403, 404, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { pdf, fileName } = await inTurn(() => receiptPdf(deps, pdfs, user, request.params.reference));
      return (
        reply
          .type('application/pdf')
          // The receipt number is `SN-<year>-<digits>` (RECEIPT_NUMBER): safe in a quoted filename.
          .header('content-disposition', `attachment; filename="${fileName}"`)
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
