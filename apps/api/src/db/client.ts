import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../config/env.ts';
import { type ExecuteSql, migrateQueueSchema } from './queue-schema.ts';

export type { ExecuteSql };

/** Drizzle over either engine. Each module declares its own tables (modules/<m>/<m>.schema.ts). */
export type Db = PgDatabase<PgQueryResultHKT>;
/** What `db.transaction` hands its callback; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Plain SQL with $1… parameters, or several statements without: what the job queue speaks. */

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  close: () => Promise<void>;
};

/**
 * The extensions our migrations create (hostel search uses trigrams): PGlite carries them as
 * separate bundles that must be loaded each time a database is opened.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite keeps PostgreSQL's shared buffers inside the process's WebAssembly memory, and its default
 * (128 MB) stays resident once touched: an idle server held ~380 MB. 32 MB holds every table of a
 * large install (the 10,000-room benchmark) and brought an idle process to about half of that
 * (`npm run bench:memory`); reads beyond it come from the files, which the kernel caches.
 */
const PGLITE_CONF = { postgresqlconf: ['shared_buffers = 32MB'] };

export const MIGRATIONS_DIR = path.join(API_ROOT, 'src/db/migrations');

export type DatabaseOptions = {
  /** postgres://… for a server; 'memory://' or undefined for PGlite. */
  url?: string;
  /** Directory for the embedded database when `url` is not set. */
  dataDir: string;
  /** A migrated PGlite data dir to start from (tests clone one instead of migrating each time). */
  pgliteTemplate?: Blob;
};

/** Open the database and bring its schema up to date (migrations are idempotent). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url && /^postgres(ql)?:\/\//.test(opts.url)) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // Fail fast when the server is unreachable instead of letting requests hang.
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
      // Nothing may wait forever behind a lock a stuck client holds (a psql session left open in a
      // transaction, an API process frozen mid-transaction): PostgreSQL cancels the statement
      // (57014 → 503). Our statements take milliseconds; with the 3 s wait for a pooled connection
      // above, a request that cannot be served is answered within 5 s.
      statement_timeout: 2000,
    });
    // A dropped connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // The pool listens for errors only on idle clients. A connection that dies while a request
    // holds it (server restart, pg_terminate_backend, network cut) also emits 'error' on its
    // client, and with no listener that is an uncaught exception: the whole process would exit.
    // The query in progress fails on its own (→ 503), and the pool discards the broken client
    // when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool) as unknown as Db;
    await migratePostgres(pool);
    const executeSql: ExecuteSql = async (text, values) => {
      const r = await pool.query(text, values);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    };
    return { db, kind: 'postgres', executeSql, close: () => pool.end() };
  }

  let client: PGlite;
  if (opts.pgliteTemplate) {
    client = new PGlite({ loadDataDir: opts.pgliteTemplate, extensions: PGLITE_EXTENSIONS, ...PGLITE_CONF });
  } else if (opts.url === 'memory://') {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS, ...PGLITE_CONF });
  } else {
    const dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS, ...PGLITE_CONF });
  }
  await client.waitReady;
  if (!opts.pgliteTemplate) await migrateEmbedded(client);
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: 'pglite',
    executeSql: pgliteExecutor(client),
    close: () => client.close(),
  };
}

/** PGlite takes parameters only on single statements; the job queue's schema changes come as several. */
function pgliteExecutor(client: PGlite): ExecuteSql {
  return async (text, values) => {
    if (values?.length) {
      const r = await client.query(text, values);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    }
    const results = await client.exec(text);
    const last = results.at(-1);
    return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
  };
}

/** Our tables and the job queue's, on a fresh or older embedded database. */
export async function migrateEmbedded(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  await migrateQueueSchema(pgliteExecutor(client));
}

/** Several API processes may start at once against one server: serialise migrations with an advisory lock. */
async function migratePostgres(pool: pg.Pool) {
  const lockClient = await pool.connect();
  try {
    // Migrations may rightly run long, and so may waiting for another process's migrations.
    await lockClient.query('set statement_timeout = 0');
    await lockClient.query('select pg_advisory_lock(7310211)');
    await migratePg(drizzlePg(lockClient), { migrationsFolder: MIGRATIONS_DIR });
    await migrateQueueSchema(async (text, values) => {
      const r = await lockClient.query(text, values);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    });
  } finally {
    await lockClient.query('select pg_advisory_unlock(7310211)').catch(() => {});
    lockClient.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
