import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server these tests use (the config sets it only when one answers, with the same
 * probe as the api-postgres suite). It is shared with other test runs on this machine: we only
 * ever create, use and drop databases of our own.
 */
export function serverUrl(): string {
  const url = process.env.RESILIENCE_PG_URL;
  if (!url) throw new Error('RESILIENCE_PG_URL is not set (vitest.resilience.config.ts sets it)');
  return url;
}

export async function createDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const server = serverUrl();
  const name = `sn_resilience_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Fault (a): what an operator or a failover does to every connection of our database. */
export async function terminateBackends(dbName: string): Promise<number> {
  const c = new pg.Client({ connectionString: serverUrl() });
  await c.connect();
  try {
    const res = await c.query(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    return res.rows.filter((r: { ok: boolean }) => r.ok).length;
  } finally {
    await c.end();
  }
}
