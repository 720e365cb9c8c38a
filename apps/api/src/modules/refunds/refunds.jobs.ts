import type { Deps } from '../../deps.ts';
import { REFUND_QUEUE, requeueUnsentRefunds, sendRefund } from './refunds.service.ts';

const REQUEUE_QUEUE = 'refunds.requeue-unsent';

/**
 * Refunds go to the provider one job each, as soon as an admin (or a move-out) asks; every 15
 * minutes, on whichever process holds the schedule, pending refunds whose job was lost are queued
 * again.
 */
export async function startRefundJobs(
  deps: Pick<Deps, 'db' | 'jobs' | 'config' | 'payments'>,
): Promise<void> {
  await deps.jobs.ensureQueue(REFUND_QUEUE, { expireInSeconds: 120 });
  await deps.jobs.work<{ id: string }>(REFUND_QUEUE, { pollingIntervalSeconds: 2 }, async (batch) => {
    for (const job of batch) await sendRefund(deps, job.data.id);
  });
  await deps.jobs.ensureQueue(REQUEUE_QUEUE, { policy: 'singleton' });
  await deps.jobs.schedule(REQUEUE_QUEUE, '*/15 * * * *');
  await deps.jobs.work(REQUEUE_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await requeueUnsentRefunds(deps);
  });
}
