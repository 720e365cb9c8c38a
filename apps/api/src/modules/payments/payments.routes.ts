import {
  ErrorSchema,
  PaymentDetailSchema,
  PaymentInitiateResponseSchema,
  PaymentInitiateSchema,
  PaymentVerifyQuerySchema,
  RefundSchema,
  TenantSchema,
  WebhookAckSchema,
} from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { enforce, SlidingWindowLimiter } from '../../lib/rate-limiter.ts';
import { createPaymentProvider } from '../../payments/provider.ts';
import {
  handlePaystackWebhook,
  initiateAgentFee,
  initiateRent,
  listRefunds,
  listTenants,
  verifyPayment,
} from './payments.service.ts';

const initiateResponses = {
  201: PaymentInitiateResponseSchema,
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  502: ErrorSchema,
};

const HOUR_MS = 60 * 60_000;

export const paymentsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const deps = { db: app.db, config, provider: createPaymentProvider(config, app.db) };

  /**
   * Per-account limits: each initiation creates a payment row (and a Paystack transaction), and
   * each verification of an open payment is a call to Paystack. A person paying needs a handful;
   * these stop a script from using us to flood the provider. None when RATE_LIMITS=off.
   */
  const perAccount = (limit: number) => {
    const limiter = new SlidingWindowLimiter(limit, HOUR_MS);
    return async (request: FastifyRequest) => {
      const user = await request.requireUser();
      if (config.rateLimits) enforce(limiter, user.id);
    };
  };
  const initiations = perAccount(20);
  const verifications = perAccount(300);

  app.post(
    '/payments/agent-fee/initiate',
    {
      preHandler: initiations,
      schema: {
        tags: ['payments'],
        summary: "Start paying a booking's agent fee; the browser goes to checkoutLink",
        body: PaymentInitiateSchema,
        response: { ...initiateResponses, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await initiateAgentFee(deps, user, request.body));
    },
  );

  app.post(
    '/payments/room-price/initiate',
    {
      preHandler: initiations,
      schema: {
        tags: ['payments'],
        summary: "Start paying (or renewing) a room's yearly rent; the browser goes to checkoutLink",
        body: PaymentInitiateSchema,
        response: { ...initiateResponses, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await initiateRent(deps, user, request.body));
    },
  );

  app.get(
    '/payments/verify',
    {
      preHandler: verifications,
      // Verifying applies a success: the room becomes booked or rented in the public lists.
      config: { readCache: 'clear' },
      schema: {
        tags: ['payments'],
        summary: 'Check a payment with the provider and apply it once (payer or admin)',
        querystring: PaymentVerifyQuerySchema,
        response: {
          200: PaymentDetailSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return verifyPayment(deps, user, request.query.reference);
    },
  );

  app.get(
    '/payments/tenants',
    {
      preHandler: app.adminOnly,
      schema: {
        tags: ['payments'],
        summary: 'Current tenants with rent dates and what they paid (admins)',
        response: { 200: z.array(TenantSchema), 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async () => listTenants(app.db),
  );

  app.get(
    '/payments/refunds',
    {
      preHandler: app.adminOnly,
      schema: {
        tags: ['payments'],
        summary: 'Payments that arrived after the room went to someone else (admins)',
        response: { 200: z.array(RefundSchema), 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async () => listRefunds(app.db),
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
          response: { 200: WebhookAckSchema, 401: ErrorSchema, 404: ErrorSchema, 502: ErrorSchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await handlePaystackWebhook(deps, raw, request.headers);
        return { received: true };
      },
    );
  });
};
