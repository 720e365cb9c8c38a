import pg from 'pg';

/**
 * Drop and re-create the database a bench URL names (through the server's `postgres` database).
 * Refuses names that are not plain identifiers, and those given in `keep` (other suites' databases).
 */
export async function recreatePgDatabase(url: string, keep: readonly string[] = []) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name) || keep.includes(name)) {
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
