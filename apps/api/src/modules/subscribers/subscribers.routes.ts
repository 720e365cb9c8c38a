import { MessageSchema, SubscriberCreateSchema } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, perIpLimit } from '../../lib/route-options.ts';
import { subscribe } from './subscribers.service.ts';

/** Sign-ups a visitor may send per IP address per hour. */
export const SUBSCRIBES_PER_HOUR = 10;

export const SUBSCRIBED_MESSAGE = "Thank you for subscribing! We'll e-mail you news about rooms and offers.";

export const subscribersRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIp = perIpLimit(app.deps.config, SUBSCRIBES_PER_HOUR, '1 hour');

  app.post(
    '/subscribers',
    {
      config: perIp,
      schema: {
        tags: ['subscribers'],
        summary: 'Subscribe an e-mail address to news (anyone; rate-limited per IP)',
        description: '201 for a new address, 200 with the same message when it was already subscribed.',
        body: SubscriberCreateSchema,
        response: { 200: MessageSchema, 201: MessageSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      const { created } = await subscribe(app.deps, request.body.email);
      return reply.code(created ? 201 : 200).send({ message: SUBSCRIBED_MESSAGE });
    },
  );
};
