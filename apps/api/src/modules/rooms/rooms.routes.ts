import { ErrorSchema, IdSchema, RoomSchema, RoomWithHostelSchema } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getRoom, listRoomsOfHostel, listRoomsWithHostel } from './rooms.service.ts';

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rooms',
    {
      schema: {
        tags: ['rooms'],
        summary: 'All rooms with their hostel',
        response: { 200: z.array(RoomWithHostelSchema) },
      },
    },
    async () => listRoomsWithHostel(app.db),
  );

  app.get(
    '/rooms/hostel/:hostelId',
    {
      schema: {
        tags: ['rooms'],
        summary: "A hostel's rooms",
        params: z.object({ hostelId: IdSchema }),
        response: { 200: z.array(RoomSchema), 404: ErrorSchema },
      },
    },
    async (request) => listRoomsOfHostel(app.db, request.params.hostelId),
  );

  app.get(
    '/rooms/room/:id',
    {
      schema: {
        tags: ['rooms'],
        summary: 'One room',
        params: z.object({ id: IdSchema }),
        response: { 200: RoomSchema, 404: ErrorSchema },
      },
    },
    async (request) => getRoom(app.db, request.params.id),
  );
};
