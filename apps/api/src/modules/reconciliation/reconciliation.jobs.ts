import { addDays, todayInLagos } from '@studynest/contracts';
import type { Deps } from '../../deps.ts';
import { reconcileDay } from './reconciliation.service.ts';

const DAILY_QUEUE = 'reconciliation.daily';

/**
 * Every day at 01:00 Lagos, on one process however many run (a singleton schedule): the day before
 * is reconciled with the provider. A run that fails (the provider did not answer) is retried by the
 * queue a few times, an hour apart; every attempt is kept.
 */
export async function startReconciliationJobs(
  deps: Pick<Deps, 'db' | 'config' | 'payments' | 'jobs' | 'log'>,
) {
  await deps.jobs.ensureQueue(DAILY_QUEUE, { policy: 'singleton', retryLimit: 3, retryDelay: 3600 });
  await deps.jobs.schedule(DAILY_QUEUE, '0 1 * * *');
  await deps.jobs.work(DAILY_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
    const run = await reconcileDay(deps, addDays(todayInLagos(), -1));
    if (run.status === 'failed') throw new Error(run.error ?? 'reconciliation failed');
  });
}
