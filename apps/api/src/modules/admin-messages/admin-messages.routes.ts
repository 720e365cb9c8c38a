import {
  AdminMessageCreatedSchema,
  AdminMessageCreateSchema,
  AdminMessageDetailSchema,
  AdminMessagePreviewSchema,
  AdminMessageRetriedSchema,
  AdminMessageSummarySchema,
  IdParamsSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import {
  getAdminMessage,
  listAdminMessages,
  previewAdminMessage,
  retryAdminMessage,
  sendAdminMessage,
} from './admin-messages.service.ts';

/** Send Email / Send SMS: an admin's message to tenants, and the log of what went out. */
export const adminMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/admin/messages',
    {
      onRequest: app.adminOnly,
      preHandler: perAccountLimit(deps, 'message-sends'),
      schema: {
        tags: ['admin'],
        summary: 'Send an e-mail or a text to tenants (all, a hostel, chosen people, or those in arrears)',
        body: AdminMessageCreateSchema,
        response: { 202: AdminMessageCreatedSchema, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const admin = await request.requireUser();
      reply.code(202);
      const sent = await sendAdminMessage(deps, admin.id, request.body);
      const { channel, subject } = request.body;
      request.auditDescription = {
        kind: 'message.sent',
        channel,
        count: sent.recipients,
        detail: subject,
        target: sent.id,
      };
      return sent;
    },
  );

  app.post(
    '/admin/messages/preview',
    {
      onRequest: app.adminOnly,
      preHandler: perAccountLimit(deps, 'message-previews'),
      schema: {
        tags: ['admin'],
        summary: 'What sending would do: recipients, who is skipped and why, and the message for one of them',
        body: AdminMessageCreateSchema,
        response: { 200: AdminMessagePreviewSchema, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const preview = await previewAdminMessage(deps, request.body);
      const { channel, subject } = request.body;
      request.auditDescription = {
        kind: 'message.previewed',
        channel,
        count: preview.recipients,
        detail: subject,
      };
      return preview;
    },
  );

  app.get(
    '/admin/messages',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'The message log: the latest 100 sends, newest first, with delivery counts',
        response: { 200: z.array(AdminMessageSummarySchema), ...errorAnswers(401, 403) },
      },
    },
    async () => listAdminMessages(deps),
  );

  app.get(
    '/admin/messages/:id',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: "One send with every recipient's delivery status and failure reason",
        params: IdParamsSchema,
        response: { 200: AdminMessageDetailSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => getAdminMessage(deps, request.params.id),
  );

  app.post(
    '/admin/messages/:id/retry',
    {
      onRequest: app.adminOnly,
      preHandler: perAccountLimit(deps, 'message-sends'),
      schema: {
        tags: ['admin'],
        summary: "Retry a send's failed deliveries",
        params: IdParamsSchema,
        response: { 200: AdminMessageRetriedSchema, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const retried = await retryAdminMessage(deps, request.params.id);
      request.auditDescription = {
        kind: 'message.retried',
        count: retried.retried,
        target: request.params.id,
      };
      return retried;
    },
  );
};
