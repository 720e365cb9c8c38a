import type { Deps } from '../../deps.ts';
import { followDueRefunds, sendRefund } from './refund-follow-up.ts';
import { REFUND_QUEUE, requeueUnsentRefunds } from './refunds.service.ts';

const FOLLOW_UP_QUEUE = 'refunds.follow-up';

/**
 * Refunds go to the provider one job each, as soon as an admin (or a move-out) asks. Every minute,
 * on whichever process holds the schedule, open refunds whose next check is due are asked about
 * (docs/domain.md, "Refunds"), and pending ones whose job was lost are queued again.
 */
export async function startRefundJobs(
  deps: Pick<Deps, 'db' | 'jobs' | 'config' | 'payments'>,
): Promise<void> {
  await deps.jobs.ensureQueue(REFUND_QUEUE, { expireInSeconds: 120 });
  await deps.jobs.work<{ id: string }>(REFUND_QUEUE, { pollingIntervalSeconds: 2 }, async (batch) => {
    for (const job of batch) await sendRefund(deps, job.data.id);
  });
  await deps.jobs.ensureQueue(FOLLOW_UP_QUEUE, { policy: 'singleton' });
  await deps.jobs.schedule(FOLLOW_UP_QUEUE, '* * * * *');
  await deps.jobs.work(FOLLOW_UP_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    await requeueUnsentRefunds(deps);
    await followDueRefunds(deps);
  });
}
