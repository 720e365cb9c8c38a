import {
  BookingCountSchema,
  BookingCreateSchema,
  BookingListItemSchema,
  BookingListQuerySchema,
  BookingSchema,
  ErrorSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countUpcomingBookings, createBooking, listBookings } from './bookings.service.ts';

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings',
    {
      preHandler: app.signedIn,
      // A booking and its room hold show in no cached answer (not in the room lists, not in the profile).
      config: { readCache: 'keep' },
      schema: {
        tags: ['bookings'],
        summary: 'Book an inspection and hold the room for 30 minutes',
        body: BookingCreateSchema,
        response: {
          201: BookingSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const booking = await createBooking(app.db, user.id, request.body);
      return reply.status(201).send(booking);
    },
  );

  app.get(
    '/bookings',
    {
      preHandler: app.adminOnly,
      schema: {
        tags: ['bookings'],
        summary: 'All bookings (admins); ?upcoming=1 for confirmed inspections from today',
        querystring: BookingListQuerySchema,
        response: { 200: z.array(BookingListItemSchema), 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => listBookings(app.db, { upcoming: request.query.upcoming }),
  );

  app.get(
    '/bookings/count',
    {
      preHandler: app.adminOnly,
      schema: {
        tags: ['bookings'],
        summary: 'How many confirmed inspections are coming up (admins)',
        response: { 200: BookingCountSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async () => countUpcomingBookings(app.db),
  );
};
