import type { Deps } from '../../deps.ts';
import { runSavedAlerts } from './saved.service.ts';

const ALERTS_QUEUE = 'saved.alerts';

/**
 * Saved items' alerts on the schedule `SAVED_ALERTS_CRON` (every 15 minutes by default), on
 * whichever process holds it: one pass compares every saved item with the rooms it matches now, so
 * a lapsed hold, a move-out, a new room and a price drop are all found the same way.
 */
export async function startSavedJobs(deps: Deps): Promise<void> {
  await deps.jobs.ensureQueue(ALERTS_QUEUE, { policy: 'singleton', retryLimit: 2, retryDelay: 60 });
  await deps.jobs.schedule(ALERTS_QUEUE, deps.config.savedAlertsCron);
  await deps.jobs.work(ALERTS_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    const n = await runSavedAlerts(deps);
    if (n) deps.log.info({ messages: n }, 'saved-item alerts queued');
  });
}
