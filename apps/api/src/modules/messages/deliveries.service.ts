import { randomUUID } from 'node:crypto';
import { ALWAYS_SENT_TOPICS, type MessageChannel, type MessageTopic } from '@studynest/contracts';
import { and, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Job } from '../../jobs/job-queue.ts';
import { maskCodes } from './message-text.ts';
import { messageDeliveries, messageSends } from './messages.schema.ts';

/** The queue that carries one delivery per job (docs/decisions/0016-job-queue.md). */
export const DELIVER_QUEUE = 'messages.deliver';

/**
 * Attempts before a delivery is given up as failed: with pg-boss's exponential backoff from
 * 10 s, the last one comes about an hour after the first (a mail server down for a while).
 */
export const DELIVERY_RETRIES = 8;

/** A delivery left in `sending` this long was cut off mid-way (a process died): it may be tried again. */
const staleSending = (config: Deps['config']) =>
  sql`now() - make_interval(secs => ${config.messageClaimSeconds})`;
/** A delivery still `queued` this long after it was written has probably lost its job. */
const lostQueued = (config: Deps['config']) =>
  sql`now() - make_interval(secs => ${Math.min(60, config.messageClaimSeconds)})`;

export type NewMessage = {
  channel: MessageChannel;
  /** E-mail address, or phone number in E.164. */
  to: string;
  userId?: string | null;
  topic: MessageTopic;
  subject?: string;
  text: string;
  html?: string;
  /**
   * What makes this message this message: the same key is queued once, ever (a payment's
   * confirmation, a tenancy's reminder for one day). A retry, a second process or a repeated
   * request cannot queue it again.
   */
  key: string;
  /** The admin's message (Send Email / Send SMS) this is part of. */
  sendId?: string;
};

/** Topics whose messages may carry one-time codes (masked in the record once sent). */
const CARRIES_CODES: readonly MessageTopic[] = ['account', 'security'];

export const isOptional = (topic: MessageTopic) => !ALWAYS_SENT_TOPICS.includes(topic);

/**
 * Record messages to send, in the caller's transaction when it has one (so they exist exactly when
 * what they announce does). Returns the ids newly recorded; a key seen before is skipped. Call
 * `dispatch` with them once the transaction has committed.
 */
export async function recordMessages(tx: DbOrTx, messages: NewMessage[]): Promise<string[]> {
  if (!messages.length) return [];
  const rows = await tx
    .insert(messageDeliveries)
    .values(
      messages.map((m) => ({
        channel: m.channel,
        recipient: m.to,
        userId: m.userId ?? null,
        topic: m.topic,
        subject: m.subject ?? null,
        text: m.text,
        html: m.html ?? null,
        dedupeKey: m.key,
        sendId: m.sendId ?? null,
      })),
    )
    .onConflictDoNothing({ target: messageDeliveries.dedupeKey })
    .returning({ id: messageDeliveries.id });
  return rows.map((r) => r.id);
}

/**
 * Hand recorded deliveries to the queue and wake this process's worker, so a sign-up code goes out
 * within the second. A delivery whose job is lost (the process died before this ran) is found by
 * the sweep; a second job for one delivery is harmless (the claim in `deliver` lets one through).
 */
export async function dispatch(deps: Pick<Deps, 'jobs'>, ids: string[]): Promise<void> {
  await deps.jobs.enqueue(DELIVER_QUEUE, ids);
}

/** Record and dispatch in one step, for messages that need no transaction of their own. */
export async function queueMessages(
  deps: Pick<Deps, 'db' | 'jobs'>,
  messages: NewMessage[],
): Promise<string[]> {
  const ids = await recordMessages(deps.db, messages);
  await dispatch(deps, ids);
  return ids;
}

/**
 * One e-mail that is about this moment only (a code, a security notice): each call is a new
 * message, queued now and sent within the second by this process's worker.
 */
export async function queueEmail(
  deps: Pick<Deps, 'db' | 'jobs'>,
  mail: Pick<NewMessage, 'to' | 'userId' | 'topic' | 'subject' | 'text'>,
): Promise<void> {
  await queueMessages(deps, [{ ...mail, channel: 'email', key: `${mail.topic}:${randomUUID()}` }]);
}

export type Delivery = typeof messageDeliveries.$inferSelect;

/** Sends one delivery on its channel; 'cancelled' when it must not go (its person turned it off). */
export type Senders = Record<MessageChannel, (delivery: Delivery) => Promise<'sent' | 'cancelled'>>;

/**
 * One delivery attempt. The claim (`queued` → `sending`, or a `sending` left stale by a dead
 * process) lets exactly one worker of any process send it; a duplicate job finds nothing to claim.
 * Failure: back to `queued` with the error and a rethrow, so the queue retries with backoff; after
 * the last retry the delivery is `failed` (an admin may retry it). Once sent, one-time codes in
 * account and security messages are masked in the stored text: it is a record now, and must not
 * hand out live codes.
 */
export async function deliver(
  deps: Pick<Deps, 'db' | 'log' | 'config'>,
  senders: Senders,
  job: Pick<Job<{ id: string }>, 'data' | 'retryCount'>,
): Promise<void> {
  const { db } = deps;
  const [delivery] = await db
    .update(messageDeliveries)
    .set({ status: 'sending', attempts: sql`${messageDeliveries.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(messageDeliveries.id, job.data.id),
        or(
          eq(messageDeliveries.status, 'queued'),
          and(
            eq(messageDeliveries.status, 'sending'),
            lt(messageDeliveries.updatedAt, staleSending(deps.config)),
          ),
        ),
      ),
    )
    .returning();
  if (!delivery) return;
  let outcome: 'sent' | 'cancelled';
  try {
    outcome = await senders[delivery.channel](delivery);
  } catch (err) {
    const lastTry = job.retryCount >= DELIVERY_RETRIES;
    const error = String((err as Error).message ?? err).slice(0, 500);
    await db
      .update(messageDeliveries)
      .set({ status: lastTry ? 'failed' : 'queued', lastError: error, updatedAt: sql`now()` })
      .where(eq(messageDeliveries.id, delivery.id));
    deps.log.warn(
      { deliveryId: delivery.id, channel: delivery.channel, attempt: delivery.attempts, error },
      lastTry ? 'message delivery failed for good' : 'message delivery failed; will retry',
    );
    if (lastTry) return;
    throw err;
  }
  await db
    .update(messageDeliveries)
    .set({
      status: outcome,
      sentAt: outcome === 'sent' ? sql`now()` : null,
      updatedAt: sql`now()`,
      lastError: null,
      ...(CARRIES_CODES.includes(delivery.topic)
        ? {
            subject: delivery.subject && maskCodes(delivery.subject),
            text: maskCodes(delivery.text),
            html: delivery.html && maskCodes(delivery.html),
          }
        : {}),
    })
    .where(eq(messageDeliveries.id, delivery.id));
}

/**
 * Deliveries still `queued` a while after they were recorded have lost their job (the process died
 * between commit and dispatch, or was killed with work queued): queue them again. Runs every minute
 * on whichever process holds the schedule, and once when a process starts.
 */
export async function requeueStranded(deps: Pick<Deps, 'db' | 'jobs' | 'config'>): Promise<number> {
  const stranded = await deps.db
    .select({ id: messageDeliveries.id })
    .from(messageDeliveries)
    .where(
      or(
        and(eq(messageDeliveries.status, 'queued'), lt(messageDeliveries.updatedAt, lostQueued(deps.config))),
        and(
          eq(messageDeliveries.status, 'sending'),
          lt(messageDeliveries.updatedAt, staleSending(deps.config)),
        ),
      ),
    )
    .limit(1000);
  await dispatch(
    deps,
    stranded.map((r) => r.id),
  );
  return stranded.length;
}

/** An admin's retry of failed deliveries: back to the queue from the first attempt. */
export async function retryDeliveries(deps: Pick<Deps, 'db' | 'jobs'>, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await deps.db
    .update(messageDeliveries)
    .set({ status: 'queued', attempts: 0, updatedAt: sql`now()` })
    .where(and(inArray(messageDeliveries.id, ids), eq(messageDeliveries.status, 'failed')))
    .returning({ id: messageDeliveries.id });
  await dispatch(
    deps,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/**
 * Messages that have not gone yet and no longer should (the rent they remind of was paid, the
 * tenant moved out): cancelled in the caller's transaction, by the start of their keys. One that
 * is being sent right now still goes.
 */
export async function cancelQueuedMessages(tx: DbOrTx, keyPrefix: string): Promise<void> {
  await tx
    .update(messageDeliveries)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(
        like(messageDeliveries.dedupeKey, `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`),
        inArray(messageDeliveries.status, ['queued', 'failed']),
      ),
    );
}

/** One message an admin sends to many (Send Email / Send SMS): its record, which its deliveries point back to. */
export async function recordSend(
  tx: DbOrTx,
  send: Omit<typeof messageSends.$inferInsert, 'id' | 'createdAt'>,
): Promise<string> {
  const [row] = await tx.insert(messageSends).values(send).returning({ id: messageSends.id });
  return (row as { id: string }).id;
}
