import { ErrorSchema, type MessageChannel, type MessageList } from '@studynest/contracts';
import { nigerianMobile } from '@studynest/contracts/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { notFound } from '../../lib/errors.ts';
import { escapeHtml, htmlPage, htmlPageHeaders } from '../../lib/html-page.ts';
import { isLoopbackPeer } from '../../lib/loopback.ts';
import { readUnsubscribeToken } from './message-text.ts';
import { listEmailOutbox, listSmsOutbox } from './messages.service.ts';

const OutboxEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.optional(z.string()),
  created_at: z.string(),
});

/**
 * GET /dev/outbox and /dev/sms-outbox: the e-mails and texts the development providers kept, so
 * local users and tests can read their codes. Registered only outside production (there they do
 * not exist: 404), and answering only callers on this machine (`isLoopbackPeer`: a forwarded
 * address must not open them up), since they show codes. Asked about one recipient, they first
 * wait for that recipient's queued messages to go out.
 */
export const outboxDevRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'E-mails sent by the app, newest last (not available in production)',
        querystring: z.object({ to: z.optional(z.string().check(z.trim(), z.maxLength(254))) }),
        response: { 200: z.array(OutboxEmailSchema), 404: ErrorSchema },
      },
    },
    async (request) => {
      if (!isLoopbackPeer(request)) throw notFound('Not found');
      return listEmailOutbox(app.deps, { to: request.query.to || undefined });
    },
  );

  app.get(
    '/dev/sms-outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Text messages sent by the app, newest last (not available in production)',
        querystring: z.object({ to: z.optional(z.string().check(z.trim(), z.maxLength(32))) }),
        response: {
          200: z.array(z.object({ to: z.string(), text: z.string(), created_at: z.string() })),
          404: ErrorSchema,
        },
      },
    },
    async (request) => {
      if (!isLoopbackPeer(request)) throw notFound('Not found');
      const to = request.query.to ? (nigerianMobile(request.query.to) ?? request.query.to) : undefined;
      return listSmsOutbox(app.deps, { to });
    },
  );
};

const TokenQuerySchema = z.object({ token: z.optional(z.string().check(z.maxLength(200))) });
const CHANNEL_WORDS = { email: 'e-mails', sms: 'text messages' } as const;
const LIST_WORDS = { service: 'reminders and notices', marketing: 'news and offers' } as const;

/**
 * /unsubscribe?token=…: the link at the foot of optional e-mails, and their List-Unsubscribe
 * target. GET only asks (mail scanners open links; a GET must not change anything); the button,
 * or a mail app's one-click POST (RFC 8058), turns the messages off. No login needed: the token is
 * made for one person and channel and cannot be forged.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  /** Turn the person's optional messages of that list off on the channel: their account's setting (app.ts hands it in). */
  turnOff: (userId: string, channel: MessageChannel, list: MessageList) => Promise<void>;
}> = async (app, { turnOff }) => {
  const { deps } = app;
  // Mail apps post `List-Unsubscribe=One-Click` form-encoded; the page's own form posts nothing else.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
  }

  const reply404 = () =>
    htmlPage({
      title: 'Link not recognised — StudyNest',
      body: '<h1>This unsubscribe link is not valid</h1><p>It may have been cut short by your mail app. Open the whole link from the e-mail, or turn messages off on your StudyNest profile.</p>',
    });

  app.get(
    '/unsubscribe',
    { schema: { hide: true, querystring: TokenQuerySchema } },
    async (request, reply) => {
      const read = readUnsubscribeToken(deps.config, request.query.token ?? '');
      reply.headers(htmlPageHeaders("'self'")).type('text/html; charset=utf-8');
      if (!read) return reply.status(404).send(reply404());
      const token = encodeURIComponent(request.query.token ?? '');
      return reply.send(
        htmlPage({
          title: 'Unsubscribe — StudyNest',
          body: `<h1>Stop StudyNest ${LIST_WORDS[read.list]} by ${read.channel === 'email' ? 'e-mail' : 'text message'}?</h1>
<p>${read.list === 'marketing' ? 'Rent reminders, payment receipts, sign-in codes and security notices still reach you.' : 'Payment receipts, sign-in codes and security notices still reach you.'}</p>
<form method="post" action="/unsubscribe?token=${token}"><button type="submit" class="pay">Unsubscribe</button></form>`,
        }),
      );
    },
  );

  app.post(
    '/unsubscribe',
    { schema: { hide: true, querystring: TokenQuerySchema } },
    async (request, reply) => {
      const read = readUnsubscribeToken(deps.config, request.query.token ?? '');
      reply.headers(htmlPageHeaders("'none'")).type('text/html; charset=utf-8');
      if (!read) return reply.status(404).send(reply404());
      await turnOff(read.userId, read.channel, read.list);
      return reply.send(
        htmlPage({
          title: 'Unsubscribed — StudyNest',
          body: `<h1>You are unsubscribed</h1><p>We will not send you ${LIST_WORDS[read.list]} as ${escapeHtml(CHANNEL_WORDS[read.channel])} any more. You can turn them back on from your profile.</p>`,
        }),
      );
    },
  );
};
