import {
  ErrorSchema,
  IdSchema,
  RoomInputSchema,
  RoomPatchSchema,
  RoomReplaceSchema,
  RoomSchema,
  RoomStatusInputSchema,
  RoomWithHostelSchema,
} from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRoom,
  deleteRoom,
  getRoom,
  listRoomsOfHostel,
  listRoomsWithHostel,
  setRoomStatus,
  updateRoom,
} from './rooms.service.ts';

const isAdmin = async (request: FastifyRequest) => (await request.currentUser())?.role === 'admin';
// Writes check the admin in onRequest (not preHandler) so anonymous callers get 401 and students
// 403 before their body is read or validated: no uploads parsed, no validation details leaked.
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorSchema]));
const RoomParamsSchema = z.object({ id: IdSchema });

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rooms',
    {
      schema: {
        tags: ['rooms'],
        summary: 'All rooms with their hostel (rooms of closed hostels: admins only)',
        response: { 200: z.array(RoomWithHostelSchema) },
      },
    },
    async (request) => listRoomsWithHostel(app.db, { includeClosed: await isAdmin(request) }),
  );

  app.get(
    '/rooms/hostel/:hostelId',
    {
      schema: {
        tags: ['rooms'],
        summary: "A hostel's rooms (closed hostels: admins only)",
        params: z.object({ hostelId: IdSchema }),
        response: { 200: z.array(RoomSchema), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { hostelId } = request.params;
      if (await isAdmin(request)) return listRoomsOfHostel(app.db, hostelId, { includeClosed: true });
      return app.readCache.send(request, reply, `rooms of ${hostelId}`, () =>
        listRoomsOfHostel(app.db, hostelId),
      );
    },
  );

  app.get(
    '/rooms/room/:id',
    {
      schema: {
        tags: ['rooms'],
        summary: 'One room',
        params: RoomParamsSchema,
        response: { 200: RoomSchema, ...errors(400, 404) },
      },
    },
    async (request) => getRoom(app.db, request.params.id),
  );

  app.post(
    '/rooms',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Add a room to a hostel (room_number unique within the hostel)',
        body: RoomInputSchema,
        response: { 201: RoomSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createRoom(app.db, request.body)),
  );

  app.patch(
    '/rooms/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Update a room (fields left out keep their value)',
        params: RoomParamsSchema,
        body: RoomPatchSchema,
        response: { 200: RoomSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateRoom(app.db, request.params.id, request.body),
  );

  app.put(
    '/rooms/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Replace a room (every field but status required; status left out keeps its value)',
        params: RoomParamsSchema,
        body: RoomReplaceSchema,
        response: { 200: RoomSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateRoom(app.db, request.params.id, request.body),
  );

  app.patch(
    '/rooms/:id/status',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Set a room status by hand (available, booked or rented; any letter case)',
        params: RoomParamsSchema,
        body: RoomStatusInputSchema,
        response: { 200: RoomSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => setRoomStatus(app.db, request.params.id, request.body.status),
  );

  app.delete(
    '/rooms/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Delete a room (409 while booked, rented, held, or with payment records)',
        params: RoomParamsSchema,
        response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteRoom(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
