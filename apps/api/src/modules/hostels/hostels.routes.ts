import {
  auditHostel,
  HOSTEL_SEARCH_PARAMS,
  HostelFieldsSchema,
  HostelListQuerySchema,
  HostelReplaceFieldsSchema,
  HostelSchema,
  HostelSearchResultSchema,
  HostelSummarySchema,
  HostelUpdateFieldsSchema,
  IdParamsSchema,
} from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { badRequest } from '../../lib/errors.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { withStoredPhotos } from '../../storage/photo-upload.ts';
import { type HostelForm, readHostelForm } from './hostel-form.ts';
import { searchAnswers } from './hostels.search.ts';
import {
  assertHostelExists,
  createHostel,
  deleteHostel,
  getHostel,
  type HostelInUse,
  listHostels,
  type RoomPhotoFiles,
  setHostelClosed,
  updateHostel,
} from './hostels.service.ts';

const FORM_DESCRIPTION =
  'multipart/form-data: hostel_name, address, hostel_details, images (repeated files, JPEG only, ' +
  'at most 10 of 8 MB each). Updates may also send remove_images (repeated photo ids or one ' +
  'comma-separated string); new images are appended. A JSON body works too when no photos are added.';

export const hostelsRoutes: FastifyPluginAsyncZod<{
  /** Why a hostel's rooms keep it from being deleted: the rooms module answers (app.ts hands it in). */
  hostelInUse: HostelInUse;
  /** Its rooms' photo files, removed with the hostel: the rooms module answers too. */
  roomPhotoFiles: RoomPhotoFiles;
}> = async (app, { hostelInUse, roomPhotoFiles }) => {
  const { deps } = app;
  const { storage } = deps;
  const answerSearch = searchAnswers(deps);
  /** Parse the form, then run `write`; photos stored for a request that fails are removed again. */
  async function withForm<T>(request: FastifyRequest, write: (form: HostelForm) => Promise<T>): Promise<T> {
    const form = await readHostelForm(request, storage);
    return withStoredPhotos(storage, form.images, () => write(form));
  }

  app.get(
    '/hostels',
    {
      schema: {
        tags: ['hostels'],
        summary:
          'Open hostels, by name (admins: ?include_closed=1 adds closed ones); any search parameter searches',
        description:
          'Without parameters: every open hostel, by name (the original API). With any of ' +
          `${HOSTEL_SEARCH_PARAMS.join(', ')}: one page of open hostels as { items, next_cursor } ` +
          '(docs/domain.md, "Search"). amenities is a comma list (all must be present); pass next_cursor ' +
          'back as cursor, with the same other parameters, for the next page.',
        querystring: HostelListQuerySchema,
        response: {
          200: z.union([z.array(HostelSummarySchema), HostelSearchResultSchema]),
          ...errorAnswers(400),
        },
      },
    },
    async (request, reply) => {
      // Not the read cache: availability (holds run out by the minute) is what a student searches
      // for; searchAnswers keeps an answer only while the catalogue's stamp says it is current.
      if (HOSTEL_SEARCH_PARAMS.some((name) => request.query[name] !== undefined)) {
        return answerSearch(request.query);
      }
      // Anyone else asking for closed hostels just gets the open ones, as if they had not asked.
      if (request.query.include_closed && (await request.isAdmin())) {
        return listHostels(deps, { includeClosed: true });
      }
      return app.readCache.send(request, reply, 'hostels', () => listHostels(deps));
    },
  );

  app.get(
    '/hostels/:id',
    {
      schema: {
        tags: ['hostels'],
        summary: 'One hostel with its photos (closed hostels: admins only)',
        params: IdParamsSchema,
        response: { 200: HostelSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (await request.isAdmin()) return getHostel(deps, id, { includeClosed: true });
      return app.readCache.send(request, reply, `hostel ${id}`, () => getHostel(deps, id));
    },
  );

  // Before the form is read: photos past the limit are never decoded.
  const saves = perAccountLimit(deps, 'hostel-saves');

  app.post(
    '/hostels',
    {
      onRequest: app.adminOnly,
      preHandler: saves,
      schema: {
        tags: ['hostels'],
        summary: 'Create a hostel',
        description: FORM_DESCRIPTION,
        response: { 201: HostelSchema, ...errorAnswers(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const hostel = await withForm(request, async (form) => {
        if (form.removeImages.length) {
          throw badRequest('A new hostel has no photos to remove', { remove_images: 'Not allowed here' });
        }
        const fields = parseOrThrow(HostelFieldsSchema, form.fields);
        return createHostel(deps, fields, form.images);
      });
      request.auditDescription = { kind: 'hostel.created', hostel: auditHostel(hostel) };
      return reply.status(201).send(hostel);
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/hostels/:id',
      onRequest: app.adminOnly,
      preHandler: saves,
      schema: {
        tags: ['hostels'],
        summary:
          method === 'PATCH'
            ? 'Update a hostel (fields left out keep their value)'
            : 'Update a hostel (hostel_name and address required)',
        description: FORM_DESCRIPTION,
        params: IdParamsSchema,
        response: { 200: HostelSchema, ...errorAnswers(400, 401, 403, 404, 413, 415, 429) },
      },
      handler: async (request) => {
        // Answer 404 before reading (and re-encoding) any photos.
        await assertHostelExists(deps, request.params.id);
        const hostel = await withForm(request, async (form) => {
          const schema = method === 'PUT' ? HostelReplaceFieldsSchema : HostelUpdateFieldsSchema;
          const changes = parseOrThrow(schema, { ...form.fields, remove_images: form.removeImages });
          return updateHostel(deps, request.params.id, changes, form.images);
        });
        request.auditDescription = { kind: 'hostel.updated', hostel: auditHostel(hostel) };
        return hostel;
      },
    });
  }

  app.delete(
    '/hostels/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['hostels'],
        summary: 'Delete a hostel with its rooms and photos (409 while in use or with payment records)',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const name = await deleteHostel(deps, request.params.id, hostelInUse, roomPhotoFiles);
      request.auditDescription = { kind: 'hostel.deleted', hostel: { id: request.params.id, name } };
      return reply.status(204).send(null);
    },
  );

  for (const action of ['close', 'reopen'] as const) {
    app.post(
      `/hostels/:id/${action}`,
      {
        onRequest: app.adminOnly,
        schema: {
          tags: ['hostels'],
          summary:
            action === 'close'
              ? 'Close a hostel: hidden from students, records kept'
              : 'Reopen a closed hostel',
          params: IdParamsSchema,
          response: { 200: HostelSchema, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const hostel = await setHostelClosed(deps, request.params.id, action === 'close');
        request.auditDescription = {
          kind: action === 'close' ? 'hostel.closed' : 'hostel.reopened',
          hostel: auditHostel(hostel),
        };
        return hostel;
      },
    );
  }
};
