import type { Deps } from '../../deps.ts';
import type { ExportParts } from './data-export.service.ts';
import {
  buildDataExport,
  DATA_EXPORT_QUEUE,
  markDataExportFailed,
  requeueStrandedExports,
} from './data-exports.service.ts';
import { RETAINED_FILE_KINDS, type RetainedFileKind, runRetention } from './retention.service.ts';

const REQUEUE_QUEUE = 'data-exports.requeue';
const RETENTION_QUEUE = 'retention.sweep';
const EXPORT_RETRIES = 3;

/** What other modules add to the data rights: parts of the export and kinds of retained files. */
export type DataRightsParts = { exportParts?: ExportParts; retainedKinds?: readonly RetainedFileKind[] };

/**
 * The data-rights jobs (docs/domain.md, "Access" and "Retention"): exports built as they are asked
 * for (retried three times, then marked failed so she can ask again), lost ones queued again every
 * ten minutes, and at 02:30 Lagos time every file past its retention period deleted and logged.
 */
export async function startDataRightsJobs(deps: Deps, parts: DataRightsParts = {}): Promise<void> {
  const exportParts = parts.exportParts ?? {};
  const kinds = [...RETAINED_FILE_KINDS, ...(parts.retainedKinds ?? [])];
  await deps.jobs.ensureQueue(DATA_EXPORT_QUEUE, {
    policy: 'short',
    retryLimit: EXPORT_RETRIES,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
  });
  await deps.jobs.work<{ id: string }>(DATA_EXPORT_QUEUE, { pollingIntervalSeconds: 5 }, async (batch) => {
    for (const job of batch) {
      try {
        await buildDataExport(deps, exportParts, job.data.id);
      } catch (err) {
        deps.log.error({ err, export: job.data.id }, 'a data export could not be built');
        if (job.retryCount >= EXPORT_RETRIES) await markDataExportFailed(deps, job.data.id);
        else throw err;
      }
    }
  });

  await deps.jobs.ensureQueue(REQUEUE_QUEUE, { policy: 'singleton' });
  await deps.jobs.schedule(REQUEUE_QUEUE, '*/10 * * * *');
  await deps.jobs.work(REQUEUE_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
    const n = await requeueStrandedExports(deps);
    if (n) deps.log.warn({ exports: n }, 'requeued data exports whose job was lost');
  });

  await deps.jobs.ensureQueue(RETENTION_QUEUE, { policy: 'singleton', retryLimit: 2, retryDelay: 300 });
  await deps.jobs.schedule(RETENTION_QUEUE, '30 2 * * *');
  await deps.jobs.work(RETENTION_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
    const done = await runRetention(deps, kinds);
    if (done.length) deps.log.info({ deleted: done.length }, 'files past their retention period deleted');
  });
}

/** Queue the retention sweep now, as its schedule would, and have this process's worker take it at once. */
export async function runRetentionNow(deps: Pick<Deps, 'jobs'>): Promise<string | null> {
  const id = await deps.jobs.runNow(RETENTION_QUEUE);
  deps.jobs.wake(RETENTION_QUEUE);
  return id;
}
