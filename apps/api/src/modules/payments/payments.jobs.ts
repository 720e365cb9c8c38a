import type { Deps } from '../../deps.ts';
import { abandonStalePayments } from './payments.ledger.ts';

const ABANDON_QUEUE = 'payments.abandon-stale';

/** Every 15 minutes, on whichever process holds the schedule: checkouts nobody finished. */
export async function startPaymentJobs(deps: Pick<Deps, 'db' | 'jobs'>): Promise<void> {
  await deps.jobs.ensureQueue(ABANDON_QUEUE, { policy: 'singleton' });
  await deps.jobs.schedule(ABANDON_QUEUE, '*/15 * * * *');
  await deps.jobs.work(ABANDON_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await abandonStalePayments(deps);
  });
}
