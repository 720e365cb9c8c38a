import type { RateLimitOptions } from '@fastify/rate-limit';
import { ErrorSchema, MessageSchema, SubscriberCreateSchema } from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env.ts';
import { tooManyAttempts } from '../../lib/rate-limiter.ts';
import { subscribe } from './subscribers.service.ts';

/** Sign-ups a visitor may send per IP address per hour. */
export const SUBSCRIBES_PER_HOUR = 10;

export const SUBSCRIBED_MESSAGE = "Thank you for subscribing! We'll e-mail you news about rooms and offers.";

export const subscribersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const perIp: { rateLimit?: RateLimitOptions } = config.rateLimits
    ? {
        rateLimit: {
          max: SUBSCRIBES_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request: FastifyRequest) => request.ip,
          errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) => tooManyAttempts(c.ttl / 1000),
        },
      }
    : {};

  app.post(
    '/subscribers',
    {
      config: perIp,
      schema: {
        tags: ['subscribers'],
        summary: 'Subscribe an e-mail address to news (anyone; rate-limited per IP)',
        description: '201 for a new address, 200 with the same message when it was already subscribed.',
        body: SubscriberCreateSchema,
        response: { 200: MessageSchema, 201: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { created } = await subscribe(app.db, request.body.email);
      return reply.code(created ? 201 : 200).send({ message: SUBSCRIBED_MESSAGE });
    },
  );
};
