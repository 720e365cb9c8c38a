import type { Deps } from '../../deps.ts';
import { forgetOldKeys } from './idempotency.service.ts';

const CLEANUP_QUEUE = 'idempotency-cleanup';

/** Once a night (Lagos), stored answers older than a week go: no phone keeps a write waiting that long. */
export async function startIdempotencyJobs(deps: Deps): Promise<void> {
  await deps.jobs.ensureQueue(CLEANUP_QUEUE, { policy: 'singleton', retryLimit: 2, retryDelay: 60 });
  await deps.jobs.schedule(CLEANUP_QUEUE, '40 3 * * *');
  await deps.jobs.work(CLEANUP_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
    const n = await forgetOldKeys(deps);
    if (n) deps.log.info({ keys: n }, 'old idempotency keys forgotten');
  });
}
