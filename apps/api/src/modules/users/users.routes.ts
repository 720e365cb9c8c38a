import {
  ErrorSchema,
  IdParamsSchema,
  MessageSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  UserListQuerySchema,
  UserSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { forbidden } from '../../lib/errors.ts';
import { assertAdminReady } from '../auth/mfa.service.ts';
import { getProfile } from './profile.service.ts';
import { deleteUser, listUsers, resetTwoStep, updateOwnProfile } from './users.service.ts';

const denied = { 401: ErrorSchema, 403: ErrorSchema };

export const usersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/user/all',
    {
      preHandler: app.adminOnly,
      schema: {
        tags: ['users'],
        summary: 'All users (admins only); never includes password hashes',
        security: [{ bearerAuth: [] }],
        querystring: UserListQuerySchema,
        response: { 200: z.array(UserSchema), ...denied },
      },
    },
    async (request, reply) => {
      const { items, total } = await listUsers(app.db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  // DESIGN §5: updates accept PATCH and PUT alike.
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/user/profile',
    preHandler: app.signedIn,
    schema: {
      tags: ['users'],
      summary: 'Change your own name, phone number and emergency contact',
      security: [{ bearerAuth: [] }],
      body: ProfileUpdateSchema,
      response: { 200: ProfileSchema, 400: ErrorSchema, 401: ErrorSchema },
    },
    handler: async (request) => {
      const user = await request.requireUser();
      return updateOwnProfile(app.db, user.id, request.body);
    },
  });

  app.get(
    '/user/:id',
    {
      preHandler: app.signedIn,
      schema: {
        tags: ['users'],
        summary: "A user's profile (that user or an admin)",
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: ProfileSchema, ...denied, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { id } = request.params;
      if (user.role !== 'admin' && user.id !== id) {
        throw forbidden('You can only see your own profile');
      }
      if (user.id !== id) assertAdminReady(config, user);
      // Kept only after the check above; the same for the student and an admin looking at them.
      return app.readCache.send(request, reply, `profile ${id}`, () => getProfile(app.db, id));
    },
  );

  app.post(
    '/user/:id/two-step/reset',
    {
      preHandler: [app.adminOnly, app.recentPassword],
      schema: {
        tags: ['users'],
        summary: "Reset another admin's two-step sign-in (a lost phone); their sessions end",
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...denied, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) =>
      resetTwoStep(
        { db: app.db, config, log: request.log, limits: null },
        await request.requireUser(),
        request.params.id,
      ),
  );

  app.delete(
    '/user/:id',
    {
      preHandler: [app.adminOnly, app.recentPassword],
      schema: {
        tags: ['users'],
        summary: 'Delete a user (admins only); their sign-ins stop working at once',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...denied, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteUser(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
