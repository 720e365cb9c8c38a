import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { completeJobs, failJobsById } from 'pg-boss/src/plans.js';
import type { Database, ExecuteSql } from '../db/client.ts';
import { QUEUE_SCHEMA } from '../db/queue-schema.ts';

/** A job as our handlers get it: with its retry count, so the last attempt knows it is the last. */
export type Job<T> = PgBoss.JobWithMetadata<T>;

/**
 * The durable job queue (pg-boss) on the database we already have: PostgreSQL, or the embedded
 * PGlite through the same SQL executor (docs/decisions/0016-job-queue.md). Its schema is created
 * with our migrations (db/queue-schema.ts), so this instance only runs work: polling, retries with
 * backoff, schedules (one process at a time turns a cron entry into a job) and housekeeping.
 *
 * `work` remembers the workers of each queue so `wake` can have them fetch at once: work queued
 * by this process starts within milliseconds instead of at the next poll.
 */
/**
 * pg-boss 10 records a handler's outcome (complete / fail) without awaiting it; with the database
 * away that rejection is unhandled and would end the process. Those two statements may fail here:
 * the job stays active, expires and runs again, and every handler of ours is idempotent.
 */
function tolerateLostOutcomes(executeSql: ExecuteSql, warn: (message: string) => void): ExecuteSql {
  const outcomes = new Set([completeJobs(QUEUE_SCHEMA), failJobsById(QUEUE_SCHEMA)]);
  return async (text, values) => {
    try {
      return await executeSql(text, values);
    } catch (err) {
      if (!outcomes.has(text)) throw err;
      warn(`a finished job could not be recorded (${(err as Error).message}); it will run again`);
      return { rows: [{ count: 0 }], rowCount: 0 };
    }
  };
}

/** While the database is away every poll fails: one warning per half minute is enough. */
function throttledWarn(log: FastifyBaseLogger, everyMs = 30_000): (message: string) => void {
  let last = 0;
  return (message) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    log.warn(`job queue: ${message}`);
  };
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workers = new Map<string, string[]>();

  constructor(database: Database, log: FastifyBaseLogger) {
    const warn = throttledWarn(log);
    this.boss = new PgBoss({
      db: { executeSql: tolerateLostOutcomes(database.executeSql, warn) },
      schema: QUEUE_SCHEMA,
      migrate: false,
      // Finished jobs are kept a week for support, then removed; our own tables keep the history.
      deleteAfterDays: 7,
    });
    // The driver's reason only: pg-boss's errors can carry the statement and its values.
    this.boss.on('error', (err) => warn((err as Error).message));
  }

  private running = false;

  start = async () => {
    await this.boss.start();
    this.running = true;
  };

  /** Let running jobs finish (up to `timeoutMs`), then stop polling. */
  stop = async (timeoutMs = 5_000) => {
    this.running = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  };

  /** Throws unless the queue is started and its tables answer (GET /api/health). */
  async check(): Promise<void> {
    if (!this.running) throw new Error('the job queue is stopped');
    if (!(await this.boss.isInstalled())) throw new Error('the job queue has no tables');
  }

  /** Create the queue, or bring an existing one's retry and expiry settings up to date. */
  async ensureQueue(name: string, options: Omit<PgBoss.Queue, 'name'> = {}): Promise<void> {
    await this.boss.createQueue(name, { ...options, name });
    await this.boss.updateQueue(name, { ...options, name });
  }

  async work<T>(
    name: string,
    options: Omit<PgBoss.WorkOptions, 'includeMetadata'>,
    handler: (jobs: Job<T>[]) => Promise<void>,
  ): Promise<void> {
    const id = await this.boss.work<T>(name, { ...options, includeMetadata: true }, handler);
    this.workers.set(name, [...(this.workers.get(name) ?? []), id]);
  }

  wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Queue one job per id (`{ id }` as its data) and wake this process's workers, so the work starts
   * within milliseconds. The id is also the job's singleton key: while a job for it is waiting, a
   * second one is not added (the sweeps that requeue lost work rely on that).
   */
  async enqueue(name: string, ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    await this.boss.insert(ids.map((id) => ({ name, data: { id }, singletonKey: id })));
    this.wake(name);
  }

  /** Run the queue's workers on a cron schedule in Lagos time, once per occurrence however many processes run. */
  async schedule(name: string, cron: string): Promise<void> {
    await this.boss.schedule(name, cron, {}, { tz: 'Africa/Lagos' });
  }

  /** Queue one run of a scheduled queue's work now, as its schedule would; the job's id, or null when one is already waiting. */
  async runNow(name: string): Promise<string | null> {
    return this.boss.send(name, {});
  }

  /** Record a job of a batch as failed, to be retried with the queue's backoff. */
  async fail(name: string, jobId: string, message: string): Promise<void> {
    await this.boss.fail(name, jobId, { message });
  }
}
