import { listOfTopic, type MessageChannel, type MessageList } from '@studynest/contracts';
import type { Deps } from '../../deps.ts';
import {
  DELIVER_QUEUE,
  DELIVERY_RETRIES,
  type Delivery,
  deliver,
  isOptional,
  requeueStranded,
  type Senders,
} from './deliveries.service.ts';
import { createEmailProvider } from './email.ts';
import { emailFooter, unsubscribeToken } from './message-text.ts';
import { createSmsProvider, SMS_CLASS_OF_TOPIC } from './sms.ts';

const REQUEUE_QUEUE = 'messages.requeue-stranded';
/** Jobs one fetch takes (each still succeeds or fails on its own), and how many go out at once. */
const DELIVERY_BATCH = 50;
const SIDE_BY_SIDE = 5;

/**
 * Where one click turns these messages off (a page of ours: docs/domain.md, "Messages"): the list
 * the message came from, so a news e-mail's link withdraws consent to news and nothing else.
 */
export const unsubscribeUrl = (
  deps: Pick<Deps, 'config'>,
  userId: string,
  channel: MessageChannel,
  list: MessageList = 'service',
) => `${deps.config.publicUrl}/unsubscribe?token=${unsubscribeToken(deps.config, userId, channel, list)}`;

/**
 * Whether a person still wants this list of optional messages on a channel (a deleted account
 * wants none). Their account says so; app.ts hands in the accounts' answer, since messages know no
 * accounts.
 */
export type WantsOptional = (userId: string, channel: MessageChannel, list: MessageList) => Promise<boolean>;

/** How each channel sends one delivery through this process's providers (what the worker runs). */
export function messageSenders(deps: Deps, wants: WantsOptional): Senders {
  const email = createEmailProvider(deps.config, deps.db);
  const sms = createSmsProvider(deps.config.sms.termii, deps.db);
  /** Optional messages go only to people who still want them, and say how to stop them. */
  const optionalFor = async (d: Delivery) => {
    if (!isOptional(d.topic) || !d.userId) return { cancelled: false as const };
    const list = listOfTopic(d.topic);
    if (!(await wants(d.userId, d.channel, list))) return { cancelled: true as const };
    return { cancelled: false as const, unsubscribe: unsubscribeUrl(deps, d.userId, d.channel, list) };
  };
  return {
    async email(d) {
      const optional = await optionalFor(d);
      if (optional.cancelled) return 'cancelled';
      await email.send({
        deliveryId: d.id,
        to: d.recipient,
        subject: d.subject ?? 'StudyNest',
        text: d.text + emailFooter(optional.unsubscribe),
        ...(d.html ? { html: d.html } : {}),
        ...(optional.unsubscribe ? { unsubscribeUrl: optional.unsubscribe } : {}),
      });
      return 'sent';
    },
    async sms(d) {
      const optional = await optionalFor(d);
      if (optional.cancelled) return 'cancelled';
      await sms.send({ to: d.recipient, text: d.text, class: SMS_CLASS_OF_TOPIC[d.topic] });
      return 'sent';
    },
  };
}

/**
 * Start delivering: a worker for the delivery queue (batches of 50, five at a time; each job
 * fails or completes on its own) and, every minute on whichever process holds the schedule, the
 * sweep that requeues deliveries whose job was lost.
 */
export async function startMessageWorkers(deps: Deps, wants: WantsOptional): Promise<void> {
  const { jobs } = deps;
  const send = messageSenders(deps, wants);
  await jobs.ensureQueue(DELIVER_QUEUE, {
    policy: 'short',
    retryLimit: DELIVERY_RETRIES,
    retryDelay: deps.config.messageRetryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  await jobs.work<{ id: string }>(
    DELIVER_QUEUE,
    { batchSize: DELIVERY_BATCH, pollingIntervalSeconds: 2 },
    async (batch) => {
      // A few at a time: enough to hide a mail server's latency, few enough that the API's own
      // queries are not stuck behind a wall of delivery writes (the embedded database runs one
      // statement at a time).
      for (let i = 0; i < batch.length; i += SIDE_BY_SIDE) {
        await Promise.all(
          batch.slice(i, i + SIDE_BY_SIDE).map(async (job) => {
            try {
              await deliver(deps, send, job);
            } catch (err) {
              await jobs
                .fail(DELIVER_QUEUE, job.id, String((err as Error).message ?? err))
                .catch(() => undefined); // the database is away: the job expires and runs again
            }
          }),
        );
      }
      // A full batch means more are waiting: fetch again now rather than after the polling pause
      // (pg-boss waits out the interval after every fetch unless its worker is notified).
      if (batch.length === DELIVERY_BATCH) jobs.wake(DELIVER_QUEUE);
    },
  );

  // What a process that died left behind is picked up now, not at the next minute.
  const stranded = await requeueStranded(deps);
  if (stranded) deps.log.warn({ deliveries: stranded }, 'requeued messages left by a stopped process');

  await jobs.ensureQueue(REQUEUE_QUEUE, { policy: 'singleton' });
  await jobs.schedule(REQUEUE_QUEUE, '* * * * *');
  await jobs.work(REQUEUE_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    const n = await requeueStranded(deps);
    if (n) deps.log.warn({ deliveries: n }, 'requeued messages whose job was lost');
  });
}
