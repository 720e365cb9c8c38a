import { and, eq, lt, sql } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { REFUND_QUEUE, requeueUnsentRefunds, sendRefund } from './refunds.service.ts';

const ABANDON_QUEUE = 'payments.abandon-stale';

/** A checkout left this long is taken as abandoned (Paystack's own links last far less). */
export const STALE_PAYMENT_HOURS = 2;

/**
 * Pending payments nobody finished become `abandoned`. That is still an open status: a late
 * success from the provider is applied as usual (docs/domain.md, "Payments"), so nothing is lost;
 * lists and the profile just stop showing a payment "in progress" forever.
 */
export async function abandonStalePayments({ db }: Pick<Deps, 'db'>): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ status: 'abandoned', updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.createdAt, sql`now() - make_interval(hours => ${STALE_PAYMENT_HOURS})`),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}

/**
 * Every 15 minutes, on whichever process holds the schedule: stale checkouts, and refunds whose job
 * was lost. Refunds go to the provider one job each, as soon as an admin asks.
 */
export async function startPaymentJobs(
  deps: Pick<Deps, 'db' | 'jobs' | 'config' | 'payments'>,
): Promise<void> {
  await deps.jobs.ensureQueue(ABANDON_QUEUE, { policy: 'singleton' });
  await deps.jobs.boss.schedule(ABANDON_QUEUE, '*/15 * * * *', {}, { tz: 'Africa/Lagos' });
  await deps.jobs.work(ABANDON_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await abandonStalePayments(deps);
    await requeueUnsentRefunds(deps);
  });
  await deps.jobs.ensureQueue(REFUND_QUEUE, { expireInSeconds: 120 });
  await deps.jobs.work<{ id: string }>(REFUND_QUEUE, { pollingIntervalSeconds: 2 }, async (batch) => {
    for (const job of batch) await sendRefund(deps, job.data.id);
  });
}
