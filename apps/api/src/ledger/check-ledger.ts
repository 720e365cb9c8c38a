/**
 * `npm run check:ledger`: checks the ledger invariants (invariants.ts) on a live database and
 * prints one line per invariant. Exit 0 when all hold, 1 when any is violated, 2 when the check
 * could not run.
 *
 *   DATABASE_URL=postgres://… npm run check:ledger      a PostgreSQL database
 *   DATA_DIR=./data npm run check:ledger                the embedded database in DATA_DIR/db
 *                                                       (stop the server first: PGlite is one process's)
 *
 * The database is opened read-only and never migrated: a check must not change what it checks.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { API_ROOT } from '../config/env.ts';
import { PGLITE_EXTENSIONS } from '../db/client.ts';
import { checkLedger, INVARIANTS, type LedgerDb } from './invariants.ts';

type Opened = { db: LedgerDb; where: string; close: () => Promise<void> };

async function open(): Promise<Opened> {
  const url = process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('set session characteristics as transaction read only');
    const shown = new URL(url);
    shown.password = shown.password ? '***' : '';
    return { db: drizzlePg(client), where: shown.toString(), close: () => client.end() };
  }
  // The app's own default (config/env.ts): the repository's data/ folder.
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(API_ROOT, '../../data'));
  const dir = path.join(dataDir, 'db');
  // PGlite would create an empty database where none is, and report it consistent.
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  }
  const client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  await client.exec('set session characteristics as transaction read only');
  return { db: drizzlePglite(client), where: dir, close: () => client.close() };
}

/** node-postgres and PGlite may hand back int8 sums as bigint, which JSON cannot spell. */
const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

async function main(): Promise<number> {
  const { db, where, close } = await open();
  try {
    const violations = await checkLedger(db, { examples: 5 });
    console.log(`ledger check: ${where}`);
    const width = Math.max(...INVARIANTS.map((i) => i.name.length));
    for (const inv of INVARIANTS) {
      const broken = violations.find((v) => v.name === inv.name);
      if (!broken) {
        console.log(`  ${inv.name.padEnd(width)}  ok`);
        continue;
      }
      console.log(`  ${inv.name.padEnd(width)}  VIOLATED (${broken.count} rows)`);
      console.log(`    ${inv.description}`);
      for (const row of broken.examples) console.log(`    ${JSON.stringify(row, bigints)}`);
    }
    console.log(
      violations.length
        ? `ledger: ${violations.length} of ${INVARIANTS.length} invariants violated`
        : `ledger: all ${INVARIANTS.length} invariants hold`,
    );
    return violations.length ? 1 : 0;
  } finally {
    await close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(`ledger check could not run: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  },
);
