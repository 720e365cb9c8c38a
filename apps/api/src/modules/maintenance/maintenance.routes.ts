import {
  auditHostel,
  auditPerson,
  auditRoom,
  IdParamsSchema,
  MAINTENANCE_LIMITS,
  MAINTENANCE_TARGETS,
  MaintenanceCreateSchema,
  MaintenanceListQuerySchema,
  MaintenanceRequestSchema,
  MaintenanceUpdateSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { badRequest } from '../../lib/errors.ts';
import { errorAnswers, withTotalCount } from '../../lib/route-options.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { readPhotoForm, withStoredPhotos } from '../../storage/photo-upload.ts';
import type { StoredImage } from '../../storage/photos.ts';
import {
  listMaintenance,
  listMyMaintenance,
  readyToReport,
  reportMaintenance,
  updateMaintenance,
} from './maintenance.service.ts';

const PHOTO_FIELDS = new Set(['photos', 'photos[]']);

export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/maintenance',
    {
      onRequest: app.signedIn,
      // Sent again by the service worker when a report written offline finally goes.
      config: { idempotent: true },
      schema: {
        tags: ['maintenance'],
        summary: 'A tenant reports a problem in their room',
        description: `multipart/form-data: category, description, urgency, and up to ${MAINTENANCE_TARGETS.maxPhotos} photos (repeated files, JPEG only, 8 MB each). A JSON body works too when there are no photos. 429 with Retry-After when the tenant already has ${MAINTENANCE_LIMITS.openPerTenant} unfinished reports or has made ${MAINTENANCE_LIMITS.perLagosDay} today (Lagos calendar), emergencies included.`,
        response: { 201: MaintenanceRequestSchema, ...errorAnswers(400, 401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      // Refuse non-tenants, and tenants at their limits, before storing any photo they sent.
      await readyToReport(deps, user.id);
      let fields: Record<string, unknown> = {};
      let photos: StoredImage[] = [];
      if (request.isMultipart()) {
        const text: Record<string, string> = {};
        photos = await readPhotoForm(request, deps.storage, {
          photoFields: PHOTO_FIELDS,
          maxPhotos: MAINTENANCE_TARGETS.maxPhotos,
          folder: 'maintenance',
          onField: (name, value) => {
            text[name] = value;
          },
        });
        fields = text;
      } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
        fields = request.body as Record<string, unknown>;
        if (fields.photos !== undefined) {
          throw badRequest('Photos must be uploaded as files in a multipart/form-data form', {
            photos: 'Upload photos as files',
          });
        }
      } else {
        throw badRequest('Send the report as a form (multipart/form-data) or a JSON object');
      }
      const created = await withStoredPhotos(deps.storage, photos, () =>
        reportMaintenance(deps, user.id, parseOrThrow(MaintenanceCreateSchema, fields), photos),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/maintenance/mine',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['maintenance'],
        summary: "The signed-in tenant's reports with their history, unfinished first",
        response: { 200: z.array(MaintenanceRequestSchema), ...errorAnswers(401) },
      },
    },
    async (request) => listMyMaintenance(deps, (await request.requireUser()).id),
  );

  app.get(
    '/admin/maintenance',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['maintenance'],
        summary:
          'The maintenance queue a page at a time: unfinished first, emergencies before other repairs, each by deadline; filtered by status and hostel',
        querystring: MaintenanceListQuerySchema,
        response: { 200: withTotalCount(z.array(MaintenanceRequestSchema)), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listMaintenance(deps, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.patch(
    '/admin/maintenance/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['maintenance'],
        summary: 'Move a request to in progress or done (with a note); the tenant is e-mailed',
        params: IdParamsSchema,
        body: MaintenanceUpdateSchema,
        response: { 200: MaintenanceRequestSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const updated = await updateMaintenance(
        deps,
        (await request.requireUser()).id,
        request.params.id,
        request.body,
      );
      request.auditDescription = {
        kind: 'maintenance.updated',
        person: auditPerson(updated.user),
        room: auditRoom(updated.room),
        hostel: auditHostel(updated.hostel),
        detail: updated.category,
        status: updated.status,
        target: updated._id,
      };
      return updated;
    },
  );
};
