import {
  type AuditKind,
  BUSINESS,
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
import { perAccountLimit } from '../../lib/account-limits.ts';
import { badRequest } from '../../lib/errors.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { readPhotoForm, withStoredPhotos } from '../../storage/photo-upload.ts';
import {
  addRoomPhotos,
  assertRoomExists,
  createRoom,
  deleteRoom,
  getRoom,
  listRoomsOfHostel,
  listRoomsWithHostel,
  removeRoomPhoto,
  roomPlace,
  setRoomStatus,
  updateRoom,
} from './rooms.service.ts';

const PHOTO_FIELDS = new Set(['images', 'images[]']);
const MAX_MB = Math.round(BUSINESS.maxImageBytes / (1024 * 1024));

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

  // Before the form is read: photos past the limit are never decoded.
  const photoUploads = perAccountLimit(deps, 'room-photo-uploads');

  app.post(
    '/rooms/:id/photos',
    {
      onRequest: app.adminOnly,
      preHandler: photoUploads,
      schema: {
        tags: ['rooms'],
        summary: `Add photos to a room (at most ${BUSINESS.maxRoomImages} per room); answers the room`,
        description:
          `multipart/form-data: images (repeated files: JPEG, PNG or HEIC, ${MAX_MB} MB each), stored ` +
          'through the image pipeline (docs/decisions/0026-image-pipeline.md) after the photos the room has. ' +
          `409 when the room would have more than ${BUSINESS.maxRoomImages}.`,
        params: IdParamsSchema,
        response: { 200: RoomSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Answer 404 before reading (and re-encoding) any photos.
      await assertRoomExists(deps, id);
      if (!request.isMultipart()) {
        throw badRequest('Send the photos as files in a multipart/form-data form (field images)', {
          images: 'Upload photos as files',
        });
      }
      const images = await readPhotoForm(request, deps.storage, {
        photoFields: PHOTO_FIELDS,
        maxPhotos: BUSINESS.maxRoomImages,
        folder: 'rooms',
        onField: (name) => {
          throw badRequest('This form takes photo files only (field images)', {
            [name]: 'Not a field of this form',
          });
        },
      });
      const room = await withStoredPhotos(deps.storage, images, async () => {
        if (images.length === 0) {
          throw badRequest('Choose at least one photo to add', { images: 'Choose a photo' });
        }
        return addRoomPhotos(deps, id, images);
      });
      // After the rows are in: from here on the files are the room's, whatever happens next.
      request.auditDescription = {
        kind: 'room.photos_added',
        ...(await roomPlace(deps, id)),
        count: images.length,
      };
      return room;
    },
  );

  app.delete(
    '/rooms/:id/photos/:photoId',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['rooms'],
        summary: "Remove one of a room's photos (its stored files too); answers the room",
        params: z.object({ id: IdSchema, photoId: IdSchema }),
        response: { 200: RoomSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, photoId } = request.params;
      const room = await removeRoomPhoto(deps, id, photoId);
      request.auditDescription = {
        kind: 'room.photo_removed',
        ...(await roomPlace(deps, id)),
        target: photoId,
      };
      return room;
    },
  );
};
