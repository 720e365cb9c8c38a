import type { MessageChannel } from '@studynest/contracts';
import { desc, eq } from 'drizzle-orm';
import { smsOutbox, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

/** Turn off one person's optional messages on one channel (an unsubscribe link, or their profile). */
export async function turnOffOptionalMessages(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  channel: MessageChannel,
): Promise<void> {
  await db
    .update(users)
    .set(channel === 'email' ? { notifyEmail: false } : { notifySms: false })
    .where(eq(users.id, userId));
}

export type OutboxSms = { to: string; text: string; created_at: string };

/** The most recent texts the development provider kept (optionally to one number), newest last. */
export async function listSmsOutbox(
  { db }: Pick<Deps, 'db'>,
  opts: { to?: string; limit?: number } = {},
): Promise<OutboxSms[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(opts.to ? eq(smsOutbox.to, opts.to) : undefined)
    .orderBy(desc(smsOutbox.createdAt))
    .limit(opts.limit ?? 200);
  return rows.reverse().map((r) => ({ to: r.to, text: r.text, created_at: r.createdAt.toISOString() }));
}
