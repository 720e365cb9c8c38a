import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  ErrorSchema,
  IdParamsSchema,
  ReviewAdminSchema,
  ReviewCreatedSchema,
  ReviewCreateSchema,
  ReviewListQuerySchema,
  ReviewSchema,
  ReviewStatusUpdateSchema,
} from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { tooManyAttempts } from '../../lib/rate-limiter.ts';
import { createReview, listAllReviews, listApprovedReviews, setReviewStatus } from './reviews.service.ts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorSchema]));

/** Reviews a visitor may post per IP address per hour: plenty for a person, little for a script. */
export const REVIEWS_PER_HOUR = 5;

export const reviewsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const perIp: { rateLimit?: RateLimitOptions } = config.rateLimits
    ? {
        rateLimit: {
          max: REVIEWS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request: FastifyRequest) => request.ip,
          errorResponseBuilder: (_req: FastifyRequest, c: { ttl: number }) => tooManyAttempts(c.ttl / 1000),
        },
      }
    : {};

  app.post(
    '/reviews',
    {
      config: perIp,
      schema: {
        tags: ['reviews'],
        summary:
          'Leave a review (anyone; rate-limited per IP). It shows on the site once an admin approves it.',
        body: ReviewCreateSchema,
        response: { 201: ReviewCreatedSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const review = await createReview(app.db, request.body);
      return reply.code(201).send({
        message: 'Thank you for your review! It will appear on our site once our team has checked it.',
        review,
      });
    },
  );

  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Approved reviews, newest first (?limit=&offset=; X-Total-Count header)',
        querystring: ReviewListQuerySchema,
        response: { 200: z.array(ReviewSchema), ...errors(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listApprovedReviews(app.db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/reviews/all',
    {
      // onRequest, not preHandler: anonymous callers get 401 and students 403 before the body is validated.
      onRequest: app.adminOnly,
      schema: {
        tags: ['reviews'],
        summary: 'Every review with its status, newest first (admins only)',
        security: [{ bearerAuth: [] }],
        querystring: ReviewListQuerySchema,
        response: { 200: z.array(ReviewAdminSchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAllReviews(app.db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/reviews/:id',
      // onRequest, not preHandler: anonymous callers get 401 and students 403 before the body is validated.
      onRequest: app.adminOnly,
      schema: {
        tags: ['reviews'],
        summary:
          "Approve, hide or return a review to pending (admins only): { status: 'approved'|'hidden'|'pending' }",
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        body: ReviewStatusUpdateSchema,
        response: { 200: ReviewAdminSchema, ...errors(400, 401, 403, 404) },
      },
      handler: async (request) => setReviewStatus(app.db, request.params.id, request.body.status),
    });
  }
};
