import type { MessageChannel } from '@studynest/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { messageDeliveries, outboxEmails, smsOutbox } from './messages.schema.ts';

/**
 * A development outbox read right after the request that queued a message would race its
 * delivery: wait (up to 5 s) until nothing to `to` on `channel` is still queued or being sent.
 */
async function settled({ db }: Pick<Deps, 'db'>, channel: MessageChannel, to: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const [pending] = await db
      .select({ id: messageDeliveries.id })
      .from(messageDeliveries)
      .where(
        and(
          eq(messageDeliveries.channel, channel),
          eq(messageDeliveries.recipient, to),
          inArray(messageDeliveries.status, ['queued', 'sending']),
        ),
      )
      .limit(1);
    if (!pending) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type OutboxEmail = { to: string; subject: string; text: string; html?: string; created_at: string };

/** The e-mails the development provider kept (optionally to one address), newest last. */
export async function listEmailOutbox(
  deps: Pick<Deps, 'db'>,
  opts: { to?: string; limit?: number } = {},
): Promise<OutboxEmail[]> {
  const to = opts.to?.trim().toLowerCase();
  if (to) await settled(deps, 'email', to);
  const rows = await deps.db
    .select()
    .from(outboxEmails)
    .where(to ? eq(outboxEmails.to, to) : undefined)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(opts.limit ?? 200);
  return rows.reverse().map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    ...(r.html ? { html: r.html } : {}),
    created_at: r.createdAt.toISOString(),
  }));
}

export type OutboxSms = { to: string; text: string; created_at: string };

/** The most recent texts the development provider kept (optionally to one number), newest last. */
export async function listSmsOutbox(
  { db }: Pick<Deps, 'db'>,
  opts: { to?: string; limit?: number } = {},
): Promise<OutboxSms[]> {
  if (opts.to) await settled({ db }, 'sms', opts.to);
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(opts.to ? eq(smsOutbox.to, opts.to) : undefined)
    .orderBy(desc(smsOutbox.createdAt))
    .limit(opts.limit ?? 200);
  return rows.reverse().map((r) => ({ to: r.to, text: r.text, created_at: r.createdAt.toISOString() }));
}
