import pg from 'pg';

/**
 * Drop and re-create the benchmark's own PostgreSQL database (the name in `url`). Refuses names
 * that are not plain identifiers, and any name in `refuse` (another benchmark's database).
 */
export async function recreatePgDatabase(url: string, refuse: string[] = []): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name) || refuse.includes(name)) {
    throw new Error(`Refusing to drop a database named '${name}'`);
  }
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
