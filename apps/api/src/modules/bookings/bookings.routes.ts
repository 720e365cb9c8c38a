import {
  BookingCancelledSchema,
  BookingCountSchema,
  BookingCreateSchema,
  BookingListItemSchema,
  BookingListQuerySchema,
  BookingSchema,
  IdParamsSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { cancelBooking } from './booking-cancel.service.ts';
import { countUpcomingBookings, createBooking, listBookings } from './bookings.service.ts';

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings',
    {
      onRequest: app.signedIn,
      preHandler: perAccountLimit(app.deps, 'bookings'),
      // A booking and its room hold show in no cached answer (not in the room lists, not in the profile).
      config: { readCache: 'keep' },
      schema: {
        tags: ['bookings'],
        summary: 'Book an inspection and hold the room for 30 minutes',
        body: BookingCreateSchema,
        response: { 201: BookingSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await createBooking(app.deps, user.id, request.body));
    },
  );

  app.get(
    '/bookings',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['bookings'],
        summary: 'All bookings (admins); ?upcoming=1 for confirmed inspections from today',
        querystring: BookingListQuerySchema,
        response: { 200: z.array(BookingListItemSchema), ...errorAnswers(401, 403) },
      },
    },
    async (request) => listBookings(app.deps, { upcoming: request.query.upcoming }),
  );

  app.get(
    '/bookings/count',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['bookings'],
        summary: 'How many confirmed inspections are coming up (admins)',
        response: { 200: BookingCountSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => countUpcomingBookings(app.deps),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['bookings'],
        summary:
          "Cancel one's inspection booking, up to the window in Settings before its time; a paid agent fee goes to Refunds",
        params: IdParamsSchema,
        response: { 200: BookingCancelledSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cancelBooking(app.deps, await request.requireUser(), request.params.id),
  );
};
