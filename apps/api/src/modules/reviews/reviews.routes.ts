import {
  IdParamsSchema,
  ReviewAdminSchema,
  ReviewCreatedSchema,
  ReviewCreateSchema,
  ReviewListQuerySchema,
  ReviewSchema,
  ReviewStatusUpdateSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorAnswers, perIpLimit } from '../../lib/route-options.ts';
import { createReview, listAllReviews, listApprovedReviews, setReviewStatus } from './reviews.service.ts';

/** Reviews a visitor may post per IP address per hour: plenty for a person, little for a script. */
export const REVIEWS_PER_HOUR = 5;

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIp = perIpLimit(app.deps.config, REVIEWS_PER_HOUR, '1 hour');

  app.post(
    '/reviews',
    {
      config: perIp,
      schema: {
        tags: ['reviews'],
        summary:
          'Leave a review (anyone; rate-limited per IP). It shows on the site once an admin approves it.',
        body: ReviewCreateSchema,
        response: { 201: ReviewCreatedSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      const review = await createReview(app.deps, request.body);
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
        response: { 200: z.array(ReviewSchema), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listApprovedReviews(app.deps, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/reviews/all',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['reviews'],
        summary: 'Every review with its status, newest first (admins only)',
        security: [{ bearerAuth: [] }],
        querystring: ReviewListQuerySchema,
        response: { 200: z.array(ReviewAdminSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAllReviews(app.deps, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/reviews/:id',
      onRequest: app.adminOnly,
      schema: {
        tags: ['reviews'],
        summary:
          "Approve, hide or return a review to pending (admins only): { status: 'approved'|'hidden'|'pending' }",
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        body: ReviewStatusUpdateSchema,
        response: { 200: ReviewAdminSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      handler: async (request) => {
        const review = await setReviewStatus(app.deps, request.params.id, request.body.status);
        // The reviewer is not an account: the name they gave stands for them.
        request.auditDescription = {
          kind: 'review.moderated',
          person: { id: review._id, name: review.full_name },
          count: review.rating,
          status: review.status,
        };
        return review;
      },
    });
  }
};
