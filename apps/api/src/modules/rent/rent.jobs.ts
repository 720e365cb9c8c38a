import type { Deps } from '../../deps.ts';
import { dispatch } from '../messages/index.ts';
import { recordRentReminders } from './rent-reminders.service.ts';

const REMINDERS_QUEUE = 'rent.reminders';

/** Daily at 09:00 Lagos, on whichever process holds the schedule (docs/decisions/0016-job-queue.md). */
export async function startRentJobs(deps: Deps): Promise<void> {
  await deps.jobs.ensureQueue(REMINDERS_QUEUE, { policy: 'singleton', retryLimit: 3, retryDelay: 300 });
  await deps.jobs.schedule(REMINDERS_QUEUE, '0 9 * * *');
  await deps.jobs.work(REMINDERS_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const ids = await recordRentReminders(deps);
    await dispatch(deps, ids);
    if (ids.length) deps.log.info({ messages: ids.length }, 'rent reminders queued');
  });
}
