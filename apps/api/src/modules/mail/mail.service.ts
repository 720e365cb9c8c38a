import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';

export type MailContext = { db: DbOrTx; config: Config; log: FastifyBaseLogger };
export type Mail = { to: string; subject: string; text: string; html?: string };

/**
 * Codes and account notices must not cross the network in clear text: a plain smtp:// server must
 * upgrade with STARTTLS or the message is not sent. smtps:// is TLS from the start; a server on
 * this machine (a local relay, a test server) is trusted as it is.
 */
export function requiresStartTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return url.protocol === 'smtp:' && !local;
}

/** One pooled transport per SMTP URL for the life of the process. */
const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    // Bounded waits, so a dead mail server cannot pile up pending deliveries for minutes.
    t = nodemailer.createTransport({
      url: smtpUrl,
      requireTLS: requiresStartTls(smtpUrl),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    transports.set(smtpUrl, t);
  }
  return t;
}

/**
 * One-time codes must not outlive the e-mail that carries them: not in logs (the code is in the
 * subject, for the phone's notification), and not in the database when the e-mail goes out by
 * SMTP (a copy of outbox_emails would hand out live codes). Digit runs of 4 to 8 are masked.
 */
export const maskCodes = (text: string) => text.replace(/\b\d{4,8}\b/g, '••••');

/**
 * Every e-mail is recorded in outbox_emails first, then handed to SMTP in the background when one
 * is configured. Without SMTP (development) the outbox is the delivery, so the row keeps the whole
 * text; with SMTP it keeps the e-mail with its codes masked, as a record of what was sent to whom.
 * Not awaited: a slow mail server must not hold up the request, and answer times must not show
 * whether an address has an account (forgot-password mails only known ones). The outcome is kept
 * on the row (sent_at or error) and logged; the person can always ask for the code again.
 */
export async function sendMail(ctx: MailContext, mail: Mail): Promise<void> {
  const smtpUrl = ctx.config.mail.smtpUrl;
  const kept = smtpUrl
    ? { subject: maskCodes(mail.subject), text: maskCodes(mail.text), html: null }
    : { subject: mail.subject, text: mail.text, html: mail.html ?? null };
  const [row] = await ctx.db
    .insert(outboxEmails)
    .values({ to: mail.to, ...kept })
    .returning({ id: outboxEmails.id });
  const logged = { to: mail.to, subject: maskCodes(mail.subject) };
  ctx.log.info(logged, 'e-mail queued');
  if (!smtpUrl || !row) return;
  void deliver(ctx, smtpUrl, row.id, mail).catch((err) =>
    ctx.log.error({ err, ...logged }, 'e-mail delivery could not be recorded'),
  );
}

async function deliver(ctx: MailContext, smtpUrl: string, id: string, mail: Mail) {
  try {
    await transportFor(smtpUrl).sendMail({
      from: ctx.config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    });
  } catch (err) {
    ctx.log.error({ err, to: mail.to, subject: maskCodes(mail.subject) }, 'e-mail delivery failed');
    await ctx.db
      .update(outboxEmails)
      .set({ error: String((err as Error).message ?? err).slice(0, 500) })
      .where(eq(outboxEmails.id, id));
    return;
  }
  await ctx.db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, id));
  ctx.log.info({ to: mail.to, subject: maskCodes(mail.subject) }, 'e-mail sent');
}

export type OutboxEmail = { to: string; subject: string; text: string; html?: string; created_at: string };

/** The most recent e-mails (optionally to one address), oldest first so the newest is last. */
export async function listOutbox(
  { db }: Pick<MailContext, 'db'>,
  opts: { to?: string; limit?: number } = {},
): Promise<OutboxEmail[]> {
  const limit = opts.limit ?? 200;
  const newestFirst = await db
    .select()
    .from(outboxEmails)
    .where(opts.to ? eq(outboxEmails.to, opts.to.trim().toLowerCase()) : undefined)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(limit);
  const rows = newestFirst.reverse();
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    ...(r.html ? { html: r.html } : {}),
    created_at: r.createdAt.toISOString(),
  }));
}
