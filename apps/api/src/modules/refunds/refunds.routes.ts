import {
  AdminRefundsSchema,
  auditPerson,
  IdParamsSchema,
  RefundCloseSchema,
  RefundClosureSchema,
  RefundCreateSchema,
  RefundRecordSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { adminRefunds, checkRefundNow, closeRefunds, getRefund, requestRefund } from './refunds.service.ts';

/** Money given back (docs/domain.md, "Refunds"): the admins' Refunds screen. */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/admin/refunds',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Payments owed back (oldest first) with why and how long, and the refunds made (newest first)',
        response: { 200: AdminRefundsSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => adminRefunds(deps),
  );

  app.post(
    '/admin/refunds',
    {
      onRequest: app.adminOnly,
      preHandler: perAccountLimit(deps, 'refunds'),
      schema: {
        tags: ['admin'],
        summary: 'Refund all or part of a successful payment: recorded pending, then sent to the provider',
        description:
          'A payment has at most one pending refund, and its refunds never add up to more than it. 400 for more than was paid (or is left), 404 for an unknown reference, 409 while another refund of it is pending or once it is refunded in full.',
        body: RefundCreateSchema,
        response: { 202: RefundRecordSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const refund = await requestRefund(deps, await request.requireUser(), request.body);
      request.auditTargetId = refund._id;
      request.auditDescription = {
        kind: 'refund.created',
        person: auditPerson(refund.user),
        amount: refund.amount,
        reason: refund.reason,
      };
      return reply.status(202).send(refund);
    },
  );

  app.post(
    '/admin/refunds/close',
    {
      onRequest: app.adminOnly,
      // A retry after a lost answer (the admin's connection dropped) gets the closing it made, not "already closed".
      config: { idempotent: true },
      preHandler: perAccountLimit(deps, 'refunds'),
      schema: {
        tags: ['admin'],
        summary:
          'Close a partly refunded payment owed back, keeping the rest, with a reason told to the student',
        description:
          'Nothing more of the payment can be refunded afterwards. 404 for an unknown reference; 409 when it is not owed back, nothing of it has been refunded yet, a refund of it is still with the provider, it is refunded in full, or it is already closed. With an Idempotency-Key, the same key and body again answer the first closing (422 for another body).',
        body: RefundCloseSchema,
        response: { 200: RefundClosureSchema, ...errorAnswers(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const closure = await closeRefunds(deps, await request.requireUser(), request.body);
      request.auditTargetId = closure._id;
      request.auditDescription = {
        kind: 'refund.closed',
        person: auditPerson(closure.user),
        amount: closure.refunded_amount,
        kept: closure.kept_amount,
        reason: closure.reason,
      };
      return closure;
    },
  );

  app.get(
    '/admin/refunds/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'One refund as recorded (reading never changes it)',
        params: IdParamsSchema,
        response: { 200: RefundRecordSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => getRefund(deps, request.params.id),
  );

  app.post(
    '/admin/refunds/:id/check',
    {
      onRequest: app.adminOnly,
      preHandler: perAccountLimit(deps, 'refund-checks'),
      schema: {
        tags: ['admin'],
        summary: 'Ask the provider now where an open (pending or unknown) refund has got to',
        description:
          'The follow-up job asks on its own, backing off; this asks at once. A provider that does not answer changes nothing.',
        params: IdParamsSchema,
        response: { 200: RefundRecordSchema, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const refund = await checkRefundNow(deps, request.params.id);
      request.auditDescription = {
        kind: 'refund.checked',
        person: auditPerson(refund.user),
        amount: refund.amount,
        status: refund.status,
        target: refund._id,
      };
      return refund;
    },
  );
};
