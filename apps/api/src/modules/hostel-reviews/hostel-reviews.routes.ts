import {
  HostelReviewAdminSchema,
  HostelReviewHideSchema,
  HostelReviewListQuerySchema,
  HostelReviewOwnSchema,
  HostelReviewReportedSchema,
  HostelReviewSchema,
  HostelReviewWriteSchema,
  IdParamsSchema,
  ReviewableStaySchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorAnswers, withTotalCount } from '../../lib/route-options.ts';
import {
  editHostelReview,
  hideHostelReview,
  listHostelReviews,
  listHostelReviewsForAdmin,
  listReviewableStays,
  reportHostelReview,
  reviewHostel,
  unhideHostelReview,
} from './hostel-reviews.service.ts';

/** Tenants' reviews of hostels (docs/domain.md, "Hostel reviews"). */
export const hostelReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/hostels/:id/reviews',
    {
      schema: {
        tags: ['hostel reviews'],
        summary: "A hostel's visible reviews by its tenants, newest first (?limit=&offset=; X-Total-Count)",
        params: IdParamsSchema,
        querystring: HostelReviewListQuerySchema,
        response: { 200: withTotalCount(z.array(HostelReviewSchema)), ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listHostelReviews(deps, request.params.id, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/hostels/:id/reviews',
    {
      onRequest: app.signedIn,
      config: { idempotent: true },
      schema: {
        tags: ['hostel reviews'],
        summary:
          'A tenant of this hostel (running or ended) reviews her stay: { rating: 1–5, text }. Once per stay (409 after); 403 for anyone who never rented here.',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        body: HostelReviewWriteSchema,
        response: { 201: HostelReviewOwnSchema, ...errorAnswers(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const review = await reviewHostel(deps, user, request.params.id, request.body);
      return reply.code(201).send(review);
    },
  );

  app.get(
    '/hostel-reviews/mine',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['hostel reviews'],
        summary: "The signed-in student's stays, newest first, each with her review of it (or null)",
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(ReviewableStaySchema), ...errorAnswers(401) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return listReviewableStays(deps, user.id);
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/hostel-reviews/:id',
      onRequest: app.signedIn,
      schema: {
        tags: ['hostel reviews'],
        summary: 'Its author edits her review: { rating, text } (the time of the edit is kept and shown)',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        body: HostelReviewWriteSchema,
        response: { 200: HostelReviewOwnSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      handler: async (request) => {
        const user = await request.requireUser();
        return editHostelReview(deps, user, request.params.id, request.body);
      },
    });
  }

  app.post(
    '/hostel-reviews/:id/report',
    {
      onRequest: app.signedIn,
      // A report changes no answer anybody reads but the admins' list, which is never cached.
      config: { readCache: 'keep' },
      schema: {
        tags: ['hostel reviews'],
        summary: 'Report a visible review to the admins (anyone signed in; once per person; not your own)',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 201: HostelReviewReportedSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await reportHostelReview(deps, user, request.params.id);
      return reply.code(201).send({ message: 'Thank you: our team will look at this review.' });
    },
  );

  app.get(
    '/hostel-reviews',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['hostel reviews'],
        summary: 'Every hostel review, reported visible ones first, then newest first (admins only)',
        security: [{ bearerAuth: [] }],
        querystring: HostelReviewListQuerySchema,
        response: { 200: withTotalCount(z.array(HostelReviewAdminSchema)), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listHostelReviewsForAdmin(deps, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/hostel-reviews/:id/hide',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['hostel reviews'],
        summary: 'Hide a review with a reason; its author is e-mailed the reason (admins only)',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        body: HostelReviewHideSchema,
        response: { 200: HostelReviewAdminSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await request.requireUser();
      const review = await hideHostelReview(deps, admin, request.params.id, request.body.reason);
      request.auditDescription = moderated(review);
      return review;
    },
  );

  app.post(
    '/hostel-reviews/:id/unhide',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['hostel reviews'],
        summary: 'Show a hidden review again (admins only)',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: HostelReviewAdminSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const review = await unhideHostelReview(deps, request.params.id);
      request.auditDescription = moderated(review);
      return review;
    },
  );
};

/** The activity log's words for hiding or showing a review: whose, of which hostel, and why. */
const moderated = (review: z.output<typeof HostelReviewAdminSchema>) => ({
  kind: 'review.moderated' as const,
  person: { id: review.author_id, name: review.author_name, email: review.author_email },
  target: review._id,
  hostel: { id: review.hostel_id, name: review.hostel_name },
  count: review.rating,
  status: review.hidden ? 'hidden' : 'visible',
  ...(review.hidden_reason ? { reason: review.hidden_reason } : {}),
});
