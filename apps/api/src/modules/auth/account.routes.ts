import {
  ChangePasswordSchema,
  ConfirmPasswordResponseSchema,
  ConfirmPasswordSchema,
  LogoutOthersResponseSchema,
  MessageSchema,
  MfaDisableSchema,
  MfaEnableSchema,
  MfaSetupResponseSchema,
  MfaStatusSchema,
  SessionListSchema,
  SessionParamsSchema,
} from '@studynest/contracts';
import { DeleteAccountSchema } from '@studynest/contracts/account-details';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import {
  type AccountDeletion,
  changePassword,
  confirmPassword,
  deleteOwnAccount,
  endSession,
  getMfaStatus,
  listSessions,
  logoutOthers,
  setupMfa,
  turnOffMfa,
  turnOnMfa,
} from './account.service.ts';
import type { AuthContext } from './auth.service.ts';

const bearer = [{ bearerAuth: [] }];

/**
 * The signed-in person's own account security: password, sessions, two-step sign-in.
 * Every route acts on the caller's own account only; there is no id of another user to pass.
 */
export const accountRoutes: FastifyPluginAsyncZod<{
  /** The auth routes' context, so both count failures in the same limits. */
  ctx: (request: FastifyRequest) => AuthContext;
  deletion: AccountDeletion;
}> = async (app, { ctx, deletion }) => {
  /** Two-step sign-in changes are admin security events: they go in the audit log too. */
  const auditedAdmin = async (request: FastifyRequest) => {
    const user = await request.requireUser();
    if (user.role === 'admin') request.auditActor = user;
  };
  const twoStepChanges = perAccountLimit(app.deps, 'two-step-changes');

  app.post(
    '/auth/change-password',
    {
      onRequest: app.signedIn,
      preHandler: perAccountLimit(app.deps, 'password-changes'),
      schema: {
        tags: ['account'],
        summary: 'Change the password (current one required); other sessions are signed out',
        security: bearer,
        body: ChangePasswordSchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request) => changePassword(ctx(request), await request.requireUser(), request.body),
  );

  app.post(
    '/auth/confirm-password',
    {
      onRequest: app.signedIn,
      preHandler: perAccountLimit(app.deps, 'password-confirmations'),
      schema: {
        tags: ['account'],
        summary: 'Confirm the password before a sensitive action (creating an admin, deleting a user)',
        security: bearer,
        body: ConfirmPasswordSchema,
        response: { 200: ConfirmPasswordResponseSchema, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request) => confirmPassword(ctx(request), await request.requireUser(), request.body.password),
  );

  app.get(
    '/auth/sessions',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['account'],
        summary: 'Where this account is signed in (live sessions, newest first)',
        security: bearer,
        response: { 200: SessionListSchema, ...errorAnswers(401) },
      },
    },
    async (request) => listSessions(ctx(request), await request.requireUser()),
  );

  // Ending sessions asks for a recent password (ASVS 3.3.4): someone holding a stolen session
  // must not be able to sign the owner out of their own devices.
  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: [app.signedIn, app.recentPassword],
      schema: {
        tags: ['account'],
        summary: 'Sign one of your sessions out',
        security: bearer,
        params: SessionParamsSchema,
        response: { 204: z.null().check(z.describe('Signed out')), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await endSession(ctx(request), await request.requireUser(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/logout-others',
    {
      onRequest: [app.signedIn, app.recentPassword],
      schema: {
        tags: ['account'],
        summary: 'Sign out every other session of this account',
        security: bearer,
        response: { 200: LogoutOthersResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => logoutOthers(ctx(request), await request.requireUser()),
  );

  app.get(
    '/auth/mfa',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['account'],
        summary: 'Two-step sign-in state (admins)',
        security: bearer,
        response: { 200: MfaStatusSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => getMfaStatus(ctx(request), await request.requireUser()),
  );

  app.post(
    '/auth/mfa/setup',
    {
      onRequest: [auditedAdmin, app.recentPassword],
      preHandler: twoStepChanges,
      schema: {
        tags: ['account'],
        summary: 'Start setting up two-step sign-in (admins): a new secret for an authenticator app',
        security: bearer,
        response: { 201: MfaSetupResponseSchema, ...errorAnswers(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      request.auditDescription = { kind: 'two_step.setup' };
      return reply.code(201).send(await setupMfa(ctx(request), await request.requireUser()));
    },
  );

  app.post(
    '/auth/mfa/enable',
    {
      onRequest: auditedAdmin,
      preHandler: twoStepChanges,
      schema: {
        tags: ['account'],
        summary: 'Turn two-step sign-in on with the first code from the app (admins)',
        security: bearer,
        body: MfaEnableSchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      request.auditDescription = { kind: 'two_step.enabled' };
      return turnOnMfa(ctx(request), await request.requireUser(), request.body.code);
    },
  );

  app.post(
    '/auth/mfa/disable',
    {
      onRequest: auditedAdmin,
      preHandler: twoStepChanges,
      schema: {
        tags: ['account'],
        summary: 'Turn two-step sign-in off with the password and a current code (admins)',
        security: bearer,
        body: MfaDisableSchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      request.auditDescription = { kind: 'two_step.disabled' };
      return turnOffMfa(ctx(request), await request.requireUser(), request.body);
    },
  );

  app.post(
    '/auth/delete-account',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['auth'],
        summary:
          'Delete my account: password typed again; 409 deletion_must_wait while renting, booked or owed money',
        security: bearer,
        body: DeleteAccountSchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 401, 409, 429) },
      },
    },
    async (request) =>
      deleteOwnAccount(ctx(request), await request.requireUser(), request.body.password, deletion),
  );
};
