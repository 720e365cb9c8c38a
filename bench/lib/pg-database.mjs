import pg from 'pg';

/**
 * The name of the benchmark's own PostgreSQL database (the one in `url`). Refuses names that are
 * not plain identifiers, and any name in `refuse` (another benchmark's database).
 * @param {string} url
 * @param {string[]} [refuse]
 * @returns {string}
 */
export function benchDatabaseName(url, refuse = []) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name) || refuse.includes(name)) {
    throw new Error(`Refusing to drop a database named '${name}'`);
  }
  return name;
}

/**
 * Drop and re-create the benchmark's own PostgreSQL database (the name in `url`, see
 * `benchDatabaseName`), so each run starts from an empty schema.
 * @param {string} url
 * @param {string[]} [refuse]
 * @returns {Promise<void>}
 */
export async function recreatePgDatabase(url, refuse = []) {
  const name = benchDatabaseName(url, refuse);
  const u = new URL(url);
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
