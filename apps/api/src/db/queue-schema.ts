import PgBoss from 'pg-boss';

/** Runs one SQL text with positional parameters, on either engine (db/client.ts builds one per database). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number }>;

/** The job queue's tables live in their own schema beside ours (docs/decisions/0016-job-queue.md). */
export const QUEUE_SCHEMA = 'pgboss';

/**
 * Create or upgrade the job queue's schema. Run where our own migrations run: under the same
 * advisory lock and without a statement timeout on PostgreSQL, so processes starting together
 * wait for each other instead of timing out. The running queue then starts with `migrate: false`.
 */
export async function migrateQueueSchema(executeSql: ExecuteSql): Promise<void> {
  const boss = new PgBoss({ db: { executeSql }, schema: QUEUE_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
