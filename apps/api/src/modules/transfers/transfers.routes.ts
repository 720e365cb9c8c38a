import {
  AdminCreditSchema,
  AmountDueSchema,
  CreditAllocateSchema,
  CreditListQuerySchema,
  CreditRefundSchema,
  CreditSchema,
  DedicatedAccountSchema,
  IdParamsSchema,
  SandboxTransferResultSchema,
  SandboxTransferSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { recordSandboxTransfer } from '../sandbox/index.ts';
import {
  allocateCredit,
  creditDues,
  getDedicatedAccount,
  listAdminCredits,
  listMyCredits,
  receiveTransfer,
  refundCredit,
  requestDedicatedAccount,
} from './transfers.service.ts';

/** Bank transfers to her own account number (docs/domain.md, "Bank transfers"). */
export const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/me/dedicated-account',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['transfers'],
        summary: 'Her own account number to pay by transfer, or why she has none yet',
        response: { 200: DedicatedAccountSchema, ...errorAnswers(401) },
      },
    },
    async (request) => getDedicatedAccount(deps, (await request.requireUser()).id),
  );

  app.post(
    '/me/dedicated-account',
    {
      onRequest: app.signedIn,
      // Each ask may call the provider: a person needs one or two.
      preHandler: perAccountLimit(deps, 'payment-initiations'),
      schema: {
        tags: ['transfers'],
        summary: 'Ask for her own account number (once she has booked); asking again changes nothing',
        response: { 200: DedicatedAccountSchema, ...errorAnswers(401, 409, 429, 502) },
      },
    },
    async (request) => requestDedicatedAccount(deps, (await request.requireUser()).id),
  );

  app.get(
    '/me/credits',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['transfers'],
        summary: 'Her transfers held as credit (and what became of them), newest first',
        response: { 200: z.array(CreditSchema), ...errorAnswers(401) },
      },
    },
    async (request) => listMyCredits(deps, (await request.requireUser()).id),
  );

  app.get(
    '/admin/credits',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Transfers held as credit, allocated or refunded, newest first',
        querystring: CreditListQuerySchema,
        response: { 200: z.array(AdminCreditSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => listAdminCredits(deps, request.query.status),
  );

  app.get(
    '/admin/credits/:id/dues',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: "What the credit's owner owes now, oldest first (what it may pay)",
        params: IdParamsSchema,
        response: { 200: z.array(AmountDueSchema), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => creditDues(deps, request.params.id),
  );

  app.post(
    '/admin/credits/:id/allocate',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Pay one amount she owes from her credit (it must cover it): recorded and applied with its receipt',
        params: IdParamsSchema,
        body: CreditAllocateSchema,
        response: { 200: AdminCreditSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { credit, due } = await allocateCredit(deps, request.params.id, request.body.due_key);
      request.auditDescription = {
        kind: 'credit.allocated',
        person: { id: credit.user._id, name: credit.user.name, email: credit.user.email },
        amount: due.amount,
        detail: due.label,
        target: credit._id,
      };
      return credit;
    },
  );

  app.post(
    '/admin/credits/:id/refund',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Give what the credit holds back to her through the payment provider',
        params: IdParamsSchema,
        body: CreditRefundSchema,
        response: { 200: AdminCreditSchema, ...errorAnswers(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const { credit, amount } = await refundCredit(deps, request.params.id, request.body.reason);
      request.auditDescription = {
        kind: 'credit.refunded',
        person: { id: credit.user._id, name: credit.user.name, email: credit.user.email },
        amount,
        ...(request.body.reason ? { reason: request.body.reason } : {}),
        target: credit._id,
      };
      return credit;
    },
  );

  // The sandbox's stand-in for her bank: money "sent" to her account number takes the path a real
  // transfer's webhook takes (recorded in the sandbox's book, then asked of it and applied).
  app.post(
    '/sandbox/transfers',
    {
      onRequest: app.signedIn,
      preHandler: perAccountLimit(deps, 'payment-initiations'),
      schema: {
        tags: ['transfers'],
        summary: 'Sandbox only: pretend her bank sent this much to her account number',
        body: SandboxTransferSchema,
        response: { 201: SandboxTransferResultSchema, ...errorAnswers(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      if (deps.payments.name !== 'sandbox')
        throw notFound('Test transfers exist only with the sandbox provider');
      const user = await request.requireUser();
      const account = await getDedicatedAccount(deps, user.id);
      if (account.state !== 'assigned' || !account.account_number) {
        throw conflict('Ask for your account number first: a transfer needs one to go to');
      }
      const reference = await recordSandboxTransfer(deps.db, account.account_number, request.body.amount);
      if (!reference) throw conflict('The sandbox does not know your account number: ask for a new one');
      const outcome = await receiveTransfer(deps, reference);
      return reply.status(201).send({ reference, outcome: outcome === 'applied' ? 'applied' : 'held' });
    },
  );
};
