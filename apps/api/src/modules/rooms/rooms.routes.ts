import {
  type AuditKind,
  IdParamsSchema,
  IdSchema,
  type Room,
  RoomCreateSchema,
  RoomPatchSchema,
  RoomReplaceSchema,
  RoomSchema,
  RoomStatusInputSchema,
  RoomWithHostelSchema,
} from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorAnswers } from '../../lib/route-options.ts';
import {
  createRoom,
  deleteRoom,
  getRoom,
  listRoomsOfHostel,
  listRoomsWithHostel,
  roomPlace,
  setRoomStatus,
  updateRoom,
} from './rooms.service.ts';

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  /** A saved room, with the activity log's words for it: its number, hostel, rent and status then. */
  const logged = async (request: FastifyRequest, kind: AuditKind, room: Room) => {
    request.auditDescription = {
      kind,
      ...(await roomPlace(deps, room._id)),
      amount: room.price,
      status: room.status,
    };
    return room;
  };
  app.get(
    '/rooms',
    {
      schema: {
        tags: ['rooms'],
        summary: 'All rooms with their hostel (rooms of closed hostels: admins only)',
        response: { 200: z.array(RoomWithHostelSchema) },
      },
    },
    async (request) => listRoomsWithHostel(deps, { includeClosed: await request.isAdmin() }),
  );

  app.get(
    '/rooms/hostel/:hostelId',
    {
      schema: {
        tags: ['rooms'],
        summary: "A hostel's rooms (closed hostels: admins only)",
        params: z.object({ hostelId: IdSchema }),
        response: { 200: z.array(RoomSchema), ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const { hostelId } = request.params;
      if (await request.isAdmin()) return listRoomsOfHostel(deps, hostelId, { includeClosed: true });
      return app.readCache.send(request, reply, `rooms of ${hostelId}`, () =>
        listRoomsOfHostel(deps, hostelId),
      );
    },
  );

  app.get(
    '/rooms/room/:id',
    {
      schema: {
        tags: ['rooms'],
        summary: 'One room (of a closed hostel: admins only)',
        params: IdParamsSchema,
        response: { 200: RoomSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => getRoom(deps, request.params.id, { includeClosed: await request.isAdmin() }),
  );

  app.post(
    '/rooms',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Add a room to a hostel (room_number unique within the hostel)',
        body: RoomCreateSchema,
        response: { 201: RoomSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await logged(request, 'room.created', await createRoom(deps, request.body))),
  );

  app.patch(
    '/rooms/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Update a room (fields left out keep their value)',
        params: IdParamsSchema,
        body: RoomPatchSchema,
        response: { 200: RoomSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      logged(request, 'room.updated', await updateRoom(deps, request.params.id, request.body)),
  );

  app.put(
    '/rooms/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Replace a room (every field but status required; status left out keeps its value)',
        params: IdParamsSchema,
        body: RoomReplaceSchema,
        response: { 200: RoomSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      logged(request, 'room.updated', await updateRoom(deps, request.params.id, request.body)),
  );

  app.patch(
    '/rooms/:id/status',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Set a room status by hand (available, booked or rented; any letter case)',
        params: IdParamsSchema,
        body: RoomStatusInputSchema,
        response: { 200: RoomSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) =>
      logged(
        request,
        'room.status_changed',
        await setRoomStatus(deps, request.params.id, request.body.status),
      ),
  );

  app.delete(
    '/rooms/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: 'Delete a room (409 while booked, rented, held, or with payment records)',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      // Named before it goes: a room that is not there is refused by deleteRoom (404).
      const place = await roomPlace(deps, request.params.id);
      await deleteRoom(deps, request.params.id);
      request.auditDescription = { kind: 'room.deleted', ...place };
      return reply.status(204).send(null);
    },
  );
};
