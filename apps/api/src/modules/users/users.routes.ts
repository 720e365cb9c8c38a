import {
  DATA_EXPORT_HOURS,
  DataExportDownloadQuerySchema,
  DataExportRequestedSchema,
  DataExportSchema,
  IdParamsSchema,
  MessageSchema,
  PhoneReviewSchema,
  ProfileSchema,
  UserListQuerySchema,
  UserSchema,
} from '@studynest/contracts';
import { ProfileUpdateSchema } from '@studynest/contracts/account-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { forbidden } from '../../lib/errors.ts';
import { escapeHtml, htmlPage, htmlPageHeaders } from '../../lib/html-page.ts';
import { errorAnswers, perIpLimit } from '../../lib/route-options.ts';
import {
  assertAdminReady,
  deleteUser,
  listPhoneReviews,
  resetMfa,
  updateAccountDetails,
} from '../auth/index.ts';
import { listDataExports, openDataExport, requestDataExport, toDataExport } from './data-exports.service.ts';
import { getProfile } from './profile.service.ts';
import { listUsers } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/user/all',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['users'],
        summary: 'All users (admins only); never includes password hashes',
        security: [{ bearerAuth: [] }],
        querystring: UserListQuerySchema,
        response: { 200: z.array(UserSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listUsers(deps, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/admin/phone-reviews',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['users'],
        summary:
          'Stored phone numbers that cannot be Nigerian mobiles, kept as they were (admins only); each leaves the list when its owner gives a new number',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(PhoneReviewSchema), ...errorAnswers(401, 403) },
      },
    },
    async () =>
      (await listPhoneReviews(deps)).map((r) => ({
        user: { _id: r.userId, first_name: r.firstName, last_name: r.lastName, email: r.email, role: r.role },
        field: r.field,
        value: r.value,
        listed_at: r.listedAt.toISOString(),
      })),
  );

  // Updates accept PATCH and PUT alike (docs/domain.md, "API conventions").
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/user/profile',
    onRequest: app.signedIn,
    schema: {
      tags: ['users'],
      summary: 'Change your own name, phone number, emergency contact and message preferences',
      security: [{ bearerAuth: [] }],
      body: ProfileUpdateSchema,
      response: { 200: ProfileSchema, ...errorAnswers(400, 401) },
    },
    handler: async (request) => {
      const user = await request.requireUser();
      await updateAccountDetails(deps, user.id, request.body);
      return getProfile(deps, user.id);
    },
  });

  app.get(
    '/user/:id',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['users'],
        summary: "A user's profile (that user or an admin)",
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: ProfileSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { id } = request.params;
      if (user.role !== 'admin' && user.id !== id) {
        throw forbidden('You can only see your own profile');
      }
      if (user.id !== id) assertAdminReady(deps.config, user);
      // Kept only after the check above; the same for the student and an admin looking at them.
      return app.readCache.send(request, reply, `profile ${id}`, () => getProfile(deps, id));
    },
  );

  app.post(
    '/user/:id/two-step/reset',
    {
      onRequest: [app.adminOnly, app.recentPassword],
      schema: {
        tags: ['users'],
        summary: "Reset another admin's two-step sign-in (a lost phone); their sessions end",
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { message, person } = await resetMfa(deps, await request.requireUser(), request.params.id);
      request.auditDescription = { kind: 'two_step.reset', person };
      return { message };
    },
  );

  app.delete(
    '/user/:id',
    {
      onRequest: [app.adminOnly, app.recentPassword],
      schema: {
        tags: ['users'],
        summary: 'Delete a user (admins only); their sign-ins stop working at once',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 204: z.null().check(z.describe('Deleted')), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      request.auditDescription = { kind: 'user.deleted', person: await deleteUser(deps, request.params.id) };
      return reply.code(204).send(null);
    },
  );

  // Asked for here, built by a job, e-mailed as a link for a day (docs/domain.md, "Access").
  app.post(
    '/user/data-exports',
    {
      onRequest: app.signedIn,
      preHandler: perAccountLimit(deps, 'data-exports'),
      schema: {
        tags: ['users'],
        summary: `Download my data: ask for a ZIP of everything held about me; a job prepares it and e-mails a link that works for ${DATA_EXPORT_HOURS} hours (one request at a time)`,
        security: [{ bearerAuth: [] }],
        response: { 202: DataExportRequestedSchema, ...errorAnswers(401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const row = await requestDataExport(deps, user.id);
      return reply.code(202).send({
        message: "We'll e-mail you a link within a few minutes.",
        export: toDataExport(row),
      });
    },
  );

  app.get(
    '/user/data-exports',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['users'],
        summary: 'My data exports: being prepared, ready (until their link expires) or failed; newest first',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(DataExportSchema), ...errorAnswers(401) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return (await listDataExports(deps, user.id)).map(toDataExport);
    },
  );

  // The e-mailed link: no session (a mail app opens it), the signed token is the key. A browser
  // that was refused gets a page saying why; an API client gets JSON.
  app.get(
    '/user/data-exports/:id/download',
    {
      config: perIpLimit(deps.config, 30, '1 minute'),
      schema: {
        tags: ['users'],
        summary: `The ZIP behind an e-mailed "Download my data" link (the token signed for that export and its owner; ${DATA_EXPORT_HOURS} hours)`,
        params: IdParamsSchema,
        querystring: DataExportDownloadQuerySchema,
        produces: ['application/zip'],
        response: {
          200: z.string().check(z.describe('A ZIP: data.json and photos/')),
          ...errorAnswers(400, 404, 409, 410, 429),
        },
      },
      errorHandler: (err, request, reply) => {
        const wantsPage = (request.headers.accept ?? '').includes('text/html');
        const status = (err as { statusCode?: number }).statusCode ?? 500;
        if (!wantsPage || ![400, 404, 409, 410, 429].includes(status)) throw err;
        return reply
          .status(status as 400 | 404 | 409 | 410 | 429)
          .headers(htmlPageHeaders("'none'"))
          .type('text/html; charset=utf-8')
          .send(
            htmlPage({
              title: 'Download my data — StudyNest',
              body: `<h1 class="bad">This link does not open your data</h1>
<p>${escapeHtml(err.message)}</p>
<p class="note">A link works only for the person who asked, for ${DATA_EXPORT_HOURS} hours.</p>`,
            }),
          );
      },
    },
    async (request, reply) => {
      const zip = await openDataExport(deps, request.params.id, request.query.token);
      return (
        reply
          .type('application/zip')
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          .header('content-disposition', 'attachment; filename="studynest-my-data.zip"')
          // A Buffer goes out as it is; the schema's string only documents the body.
          .send(zip as unknown as string)
      );
    },
  );
};
