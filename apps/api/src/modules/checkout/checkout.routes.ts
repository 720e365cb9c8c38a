import {
  PAYMENT_INITIATE_PATHS,
  PaymentDetailSchema,
  PaymentInitiateResponseSchema,
  PaymentInitiateSchema,
  PaymentVerifyBodySchema,
  PaymentVerifyQuerySchema,
  WebhookAckSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import type { WebhookEvent } from '../../payment-providers/provider.ts';
import {
  handlePaystackWebhook,
  initiateAgentFee,
  initiateCautionFee,
  initiateRent,
  verifyPayment,
} from './checkout.service.ts';

/**
 * A payment's journey through the provider (docs/domain.md, "Payments"): start it, check it, and
 * take Paystack's word that something happened.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  /** Paystack events the transfers module handles (app.ts hands it in: it sits above checkout). */
  transferEvent?: (event: WebhookEvent) => Promise<boolean>;
}> = async (app, { transferEvent }) => {
  const { deps } = app;

  // Per account (ACCOUNT_LIMITS): a person paying needs a handful; these stop a script from using
  // us to flood the provider.
  const initiations = { onRequest: app.signedIn, preHandler: perAccountLimit(deps, 'payment-initiations') };
  const verifications = {
    onRequest: app.signedIn,
    preHandler: perAccountLimit(deps, 'payment-verifications'),
  };

  const initiateAnswers = {
    201: PaymentInitiateResponseSchema,
    ...errorAnswers(400, 401, 403, 404, 409, 429, 502),
  };

  app.post(
    PAYMENT_INITIATE_PATHS.agent_fee,
    {
      ...initiations,
      schema: {
        tags: ['payments'],
        summary:
          "Start paying a booking's agent fee (booking_id is enough); the browser goes to checkoutLink",
        body: PaymentInitiateSchema,
        response: initiateAnswers,
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await initiateAgentFee(deps, user, request.body));
    },
  );

  app.post(
    PAYMENT_INITIATE_PATHS.rent,
    {
      ...initiations,
      schema: {
        tags: ['payments'],
        summary: "Start paying (or renewing) a room's yearly rent; the browser goes to checkoutLink",
        body: PaymentInitiateSchema,
        response: initiateAnswers,
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await initiateRent(deps, user, request.body));
    },
  );

  app.post(
    PAYMENT_INITIATE_PATHS.caution_fee,
    {
      ...initiations,
      schema: {
        tags: ['payments'],
        summary:
          "Start paying a room's caution deposit (held, returned at move-out) once its agent fee is paid; the browser goes to checkoutLink",
        body: PaymentInitiateSchema,
        response: initiateAnswers,
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await initiateCautionFee(deps, user, request.body));
    },
  );

  const verifyAnswers = { 200: PaymentDetailSchema, ...errorAnswers(400, 401, 403, 404, 429, 502) };

  // Both bring the payment up to date with the provider and apply a success once (ADR 0013):
  // POST is what our pages call; the GET stays for clients written against the original API.
  app.post(
    '/payments/verify',
    {
      ...verifications,
      schema: {
        tags: ['payments'],
        summary: 'Check a payment with the provider and apply its result once (payer or admin)',
        body: PaymentVerifyBodySchema,
        response: verifyAnswers,
      },
    },
    async (request) => verifyPayment(deps, await request.requireUser(), request.body.reference),
  );

  app.get(
    '/payments/verify',
    {
      ...verifications,
      // Verifying applies a success: the room becomes booked or rented in the public lists.
      config: { readCache: 'clear' },
      schema: {
        tags: ['payments'],
        summary: 'The payment, refreshed from the provider while it is open (payer or admin)',
        querystring: PaymentVerifyQuerySchema,
        response: verifyAnswers,
      },
    },
    async (request) => verifyPayment(deps, await request.requireUser(), request.query.reference),
  );

  // The signature covers the exact bytes Paystack sent, so this route (and only this one) keeps the raw body.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    hook.post(
      '/payments/webhook/paystack',
      {
        schema: {
          tags: ['payments'],
          summary: 'Paystack events (signature-checked; the payment is re-verified with Paystack)',
          response: { 200: WebhookAckSchema, ...errorAnswers(401, 404, 502) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await handlePaystackWebhook(deps, raw, request.headers, transferEvent);
        return { received: true };
      },
    );
  });
};
