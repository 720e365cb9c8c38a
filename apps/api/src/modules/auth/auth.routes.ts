import {
  auditPerson,
  ForgotPasswordSchema,
  LoginResponseSchema,
  LoginSchema,
  MessageSchema,
  ResendOtpSchema,
  ResetPasswordSchema,
  SignupResponseSchema,
  VerifyEmailResponseSchema,
  VerifyEmailSchema,
} from '@studynest/contracts';
import { SignupSchema } from '@studynest/contracts/account-details';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { readFormOrJson } from '../../lib/form-body.ts';
import { errorAnswers, perIpLimit } from '../../lib/route-options.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { accountRoutes } from './account.routes.ts';
import type { AccountDeletion } from './account.service.ts';
import {
  type AuthContext,
  adminSignup,
  forgotPassword,
  login,
  logout,
  resendOtp,
  resetPassword,
  signup,
  verifyEmail,
} from './auth.service.ts';
import { createAuthLimits } from './throttle.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  /** Deleting one's own account: what the modules above auth check and remove (app.ts). */
  deletion: AccountDeletion;
}> = async (app, { deletion }) => {
  const { config } = app.deps;
  // Per-app (not per-module) state, so every test app starts with fresh counters.
  const limits = createAuthLimits(config, app.deps.counters);
  // Work done after the answer (code e-mails); closing the app waits for it, so none is cut off.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });
  const later = (log: FastifyBaseLogger) => (work: () => Promise<void>) => {
    // Started on the next turn of the event loop, once the answer has gone out.
    const p: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => log.error({ err }, 'work after the answer failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  const ctx = (request: FastifyRequest): AuthContext => ({
    db: app.deps.db,
    jobs: app.deps.jobs,
    config,
    log: request.log,
    limits,
    ip: request.ip,
    later: later(request.log),
  });
  // The same context, so the same limits: passwords typed while signed in count with failed logins.
  await app.register(accountRoutes, { ctx, deletion });

  /** Per-IP limit through @fastify/rate-limit; nothing at all when RATE_LIMITS=off. */
  const perIp = (max: number, timeWindow: string) => perIpLimit(config, max, timeWindow);

  app.post(
    '/auth/signup',
    {
      config: perIp(10, '1 hour'),
      schema: {
        tags: ['auth'],
        summary: 'Create a student account (JSON or multipart form); e-mails a 4-digit code',
        description:
          'Fields: first_name, last_name, gender, email, phone_number, password. Accepts application/json or multipart/form-data (text fields only).',
        response: { 201: SignupResponseSchema, ...errorAnswers(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const data = parseOrThrow(SignupSchema, await readFormOrJson(request));
      return reply.code(201).send(await signup(ctx(request), data));
    },
  );

  app.post(
    '/auth/admin/signup',
    {
      onRequest: [app.adminOnly, app.recentPassword],
      schema: {
        tags: ['auth'],
        summary: 'Create an admin account (admins only; JSON or multipart form)',
        description: 'Same fields as sign-up. The account is an admin with its e-mail confirmed.',
        security: [{ bearerAuth: [] }],
        response: { 201: SignupResponseSchema, ...errorAnswers(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const data = parseOrThrow(SignupSchema, await readFormOrJson(request));
      const created = await adminSignup(ctx(request), data);
      request.auditDescription = { kind: 'admin.created', person: auditPerson(created.user) };
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/auth/verify-email-otp',
    {
      config: perIp(20, '15 minutes'),
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail address with the 4-digit code',
        description:
          'With the `signup_ticket` the sign-up answered to this browser (within 30 minutes, the password unchanged), a student is signed in too: the answer carries `token` and `user` as login does.',
        body: VerifyEmailSchema,
        response: { 200: VerifyEmailResponseSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request) => verifyEmail(ctx(request), request.body, request.headers['user-agent'] ?? ''),
  );

  app.post(
    '/auth/resend-otp',
    {
      config: perIp(20, '1 hour'),
      schema: {
        tags: ['auth'],
        summary: 'Send a new e-mail confirmation code (same answer for any address)',
        body: ResendOtpSchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request) => resendOtp(ctx(request), request.body.email),
  );

  app.post(
    '/auth/login',
    {
      // A new session is not in the cache (its id did not exist before), so logging in keeps it.
      config: { ...perIp(20, '1 minute'), readCache: 'keep' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: LoginSchema,
        description:
          'Admins with two-step sign-in on also send `totp`; without it (or with a wrong one) the answer is 401 with code `totp_required`.',
        response: { 200: LoginResponseSchema, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request) => login(ctx(request), request.body, request.headers['user-agent'] ?? ''),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Log out: this token stops working at once',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null().check(z.describe('Logged out')), ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await logout(app.deps.db, user.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: perIp(20, '1 hour'),
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset code (same answer whether or not the account exists)',
        body: ForgotPasswordSchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request) => forgotPassword(ctx(request), request.body.email),
  );

  app.post(
    '/auth/reset-password',
    {
      config: perIp(20, '15 minutes'),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed code; signs the account out everywhere',
        body: ResetPasswordSchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request) => resetPassword(ctx(request), request.body),
  );
};
