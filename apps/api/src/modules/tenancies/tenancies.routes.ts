import {
  auditHostel,
  auditPerson,
  auditRoom,
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
import { errorAnswers } from '../../lib/route-options.ts';
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
