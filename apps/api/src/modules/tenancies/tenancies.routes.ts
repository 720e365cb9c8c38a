import {
  auditHostel,
  auditPerson,
  auditRoom,
  CONDITION_LIMITS,
  ConditionPhotoSchema,
  ConditionRecordSchema,
  ConditionReportSchema,
  ConditionReportsSchema,
  IdParamsSchema,
  MOVE_OUT_REASON_LABELS,
  MoveOutSchema,
  MoveOutStatementSchema,
  TenancyNoticeSchema,
  TenancyNoticeStateSchema,
  TenantSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ACCOUNT_LIMITS, perAccountLimit } from '../../lib/account-limits.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { errorAnswers, perIpLimit } from '../../lib/route-options.ts';
import { readPhotoForm, withStoredPhotos } from '../../storage/photo-upload.ts';
import {
  addConditionPhotos,
  confirmCondition,
  listCondition,
  MAX_PHOTOS_PER_TENANCY,
  readyForConditionPhotos,
  recordCondition,
} from './condition.service.ts';
import { CONDITION_FILE, CONDITION_FOLDER, validConditionLink } from './condition-photo-links.ts';
import { moveOut } from './move-out.service.ts';
import { giveNotice, withdrawNotice } from './tenancy-notice.service.ts';
import { listTenants } from './tenants.service.ts';

/** Tenancies (docs/domain.md, "Tenancy" and "Move-out"): the tenants list, the tenant's notice, and the admin's move-out. */
export const tenanciesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/tenancy/notice',
    {
      onRequest: app.signedIn,
      config: { idempotent: true },
      preHandler: perAccountLimit(deps, 'tenancy-notices'),
      schema: {
        tags: ['tenancies'],
        summary: `The tenant's written notice to end their running tenancy (${ACCOUNT_LIMITS['tenancy-notices'].points} an hour per account)`,
        description:
          'move_out_on is a Lagos calendar day at least the notice period in the terms (TENANT_NOTICE_DAYS) from today. Giving notice again replaces the earlier notice. 404 when the caller rents nothing.',
        body: TenancyNoticeSchema,
        response: { 200: TenancyNoticeStateSchema, ...errorAnswers(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request) => giveNotice(deps, await request.requireUser(), request.body),
  );

  app.delete(
    '/tenancy/notice',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['tenancies'],
        summary: 'The tenant takes their notice back; the tenancy runs on',
        response: { 204: z.null().check(z.describe('Notice withdrawn')), ...errorAnswers(401, 404) },
      },
    },
    async (request, reply) => {
      await withdrawNotice(deps, await request.requireUser());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/tenancies/:id/move-out',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'End a tenancy: free the room, keep the itemised deductions and refund the rest of the caution deposit',
        description:
          "date is the Lagos day the tenant left (today or earlier; not before the tenant's notice period ran out for reason tenant_notice, nor before the due date for lease_ended). 400 when the deductions add up to more than the deposit held, 404 for an unknown tenancy, 409 when it has already ended or the deposit's refund cannot be made here.",
        params: IdParamsSchema,
        body: MoveOutSchema,
        response: { 200: MoveOutStatementSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const out = await moveOut(deps, await request.requireUser(), request.params.id, request.body);
      request.auditDescription = {
        kind: 'tenancy.moved_out',
        person: auditPerson(out.user),
        room: auditRoom(out.room),
        hostel: auditHostel(out.hostel),
        kept: out.deductions_total,
        amount: out.deposit_returned,
        reason: MOVE_OUT_REASON_LABELS[out.reason],
      };
      return out;
    },
  );

  // The room's condition at move-in (docs/domain.md, "The room's condition").
  app.get(
    '/tenancies/:id/condition',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['tenancies'],
        summary: "A tenancy's move-in condition reports, newest version first (its tenant or an admin)",
        description:
          'Photo links are signed and open for an hour without a token. 404 for a tenancy that is not the caller’s (admins see every one).',
        params: IdParamsSchema,
        response: { 200: ConditionReportsSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => listCondition(deps, await request.requireUser(), request.params.id),
  );

  app.post(
    '/tenancies/:id/condition/photos',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['tenancies'],
        summary: `Upload photos for a running tenancy's condition report (its tenant or an admin; up to ${CONDITION_LIMITS.maxPhotosPerItem} at once)`,
        description: `multipart/form-data, field photos: JPEG, PNG or HEIC, 8 MB each, re-encoded without metadata and kept privately. Answers the photos with their ids, which the report's items then name. At most ${MAX_PHOTOS_PER_TENANCY} photos a tenancy (409 past that, or when the tenancy has ended).`,
        params: IdParamsSchema,
        response: {
          201: z.array(ConditionPhotoSchema),
          ...errorAnswers(400, 401, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      // Refuse a stranger or an ended tenancy before reading (and re-encoding) any photo.
      await readyForConditionPhotos(deps, user, request.params.id);
      if (!request.isMultipart()) {
        throw badRequest('Send the photos as files in a multipart/form-data form (field photos)', {
          photos: 'Upload photos as files',
        });
      }
      const images = await readPhotoForm(request, deps.privateStorage, {
        photoFields: new Set(['photos', 'photos[]']),
        maxPhotos: CONDITION_LIMITS.maxPhotosPerItem,
        folder: CONDITION_FOLDER,
        onField: () => {},
      });
      const photos = await withStoredPhotos(deps.privateStorage, images, () =>
        addConditionPhotos(deps, user, request.params.id, images),
      );
      return reply.status(201).send(photos);
    },
  );

  app.post(
    '/tenancies/:id/condition',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['tenancies'],
        summary: "Record the room's condition at move-in: a new version of the report",
        description:
          "An admin's version is confirmed at once; the tenant's awaits an admin's confirmation, and she may not record over a confirmed one (409). Each item's photo_ids are photos uploaded for this tenancy. 404 for a tenancy that is not the caller's, 409 when it has ended.",
        params: IdParamsSchema,
        body: ConditionRecordSchema,
        response: { 201: ConditionReportSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const report = await recordCondition(deps, user, request.params.id, request.body);
      // An admin's record is a change to someone else's tenancy: it goes in the activity log.
      if (user.role === 'admin') {
        request.auditActor = user;
        request.auditDescription = {
          kind: 'tenancy.condition_recorded',
          count: report.version,
          target: report.tenancy_id,
        };
      }
      return reply.status(201).send(report);
    },
  );

  app.post(
    '/admin/tenancies/:id/condition/confirm',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: "Confirm the tenant's latest condition report; from then on it cannot change",
        description: '404 when the tenancy has no report, 409 when its latest version is already confirmed.',
        params: IdParamsSchema,
        response: { 200: ConditionReportSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const report = await confirmCondition(deps, await request.requireUser(), request.params.id);
      request.auditDescription = {
        kind: 'tenancy.condition_confirmed',
        count: report.version,
        target: report.tenancy_id,
      };
      return report;
    },
  );

  app.get(
    '/condition-photos/:file',
    {
      // The signature is the capability (see condition-photo-links.ts); the limit stops guessing at scale.
      config: perIpLimit(deps.config, 300, '1 minute'),
      schema: {
        tags: ['tenancies'],
        summary: 'One photo of a condition report, by a signed link the API gave out',
        params: z.object({
          file: z.string().check(z.regex(CONDITION_FILE, { error: 'not a condition photo file' })),
        }),
        querystring: z.object({
          expires: z.coerce.number().check(z.int({ error: 'expires must be a whole number' })),
          sig: z.string().check(z.maxLength(100)),
        }),
        produces: ['image/jpeg', 'image/webp'],
        response: {
          200: z.string().check(z.describe('The photo (image/jpeg or image/webp)')),
          ...errorAnswers(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const { expires, sig } = request.query;
      if (!validConditionLink(deps.config, file, expires, sig)) {
        throw forbidden(
          'This photo link has expired or is not valid. Open the condition report again for a fresh one.',
        );
      }
      const data = await deps.privateStorage.get(`${CONDITION_FOLDER}/${file}`);
      if (!data) throw notFound('This photo no longer exists');
      return reply
        .type(file.endsWith('.jpg') ? 'image/jpeg' : 'image/webp')
        .header('cache-control', 'private, max-age=3600')
        .send(data as unknown as string);
    },
  );

  app.get(
    '/payments/tenants',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['payments'],
        summary: 'Current tenants with rent dates and what they paid (admins)',
        response: { 200: z.array(TenantSchema), ...errorAnswers(401, 403) },
      },
    },
    async () => listTenants(deps),
  );
};
