import {
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
import { forbidden } from '../../lib/errors.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import {
  assertAdminReady,
  deleteUser,
  listPhoneReviews,
  resetMfa,
  updateAccountDetails,
} from '../auth/index.ts';
import { exportPersonData } from './data-export.service.ts';
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

  // Synchronous for now: built in the request, not by a job and an e-mailed link (docs/domain.md, "Access").
  app.get(
    '/user/profile/export',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['users'],
        summary: 'Download my data: a ZIP of data.json (everything held about me) and my photos',
        security: [{ bearerAuth: [] }],
        produces: ['application/zip'],
        response: {
          200: z.string().check(z.describe('A ZIP: data.json and photos/')),
          ...errorAnswers(401),
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const zip = await exportPersonData(deps, user.id);
      return (
        reply
          .type('application/zip')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'attachment; filename="studynest-my-data.zip"')
          // A Buffer goes out as it is; the schema's string only documents the body.
          .send(Buffer.from(zip) as unknown as string)
      );
    },
  );
};
