// Hostel search at scale (issue 16, docs/decisions/0015-search.md): 5,000 hostels and 100,000
// rooms seeded in bulk (SQL generate_series) on PostgreSQL and on the embedded PGlite, then the
// API server (a child process, as in production) answers the typical searches at a paced 200
// requests a second each (bench/lib/paced-load.mjs, open loop): p50/p99/max, errors, non-2xx.
// Targets: p99 < 50 ms on PostgreSQL, p99 < 100 ms on PGlite, where an answer is kept while the
// catalogue's stamp is unchanged (docs/decisions/0024-search-answers-on-the-embedded-database.md).
// Beside them, per database: the bare node:http ceiling serving the first search's bytes at the
// same rate, and searches nobody made before (each request a new budget: no kept answer helps) at
// a lower rate, printed, not judged.
//
//   npm run bench:search                       both databases, 20 s per search
//   npm run bench:search -- --db pg --explain  also print EXPLAIN (ANALYZE, BUFFERS) of each search
//   options: --db pg|pglite|both, --seconds N, --rate N, --only TEXT (searches whose name has it),
//            --pg-url postgres://…/studynest_search_bench (or BENCH_PG_URL; dropped and re-created)
//
// The searches: text with typos (q), university + max price + available (newest first), the whole
// catalogue by price, and page 3 of a university's hostels by price (its cursor taken beforehand).
// Speed is printed, not asserted; the exit code is 1 when a request errs or answers non-2xx.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AMENITIES, type HostelListQuery, UNIVERSITIES } from '@studynest/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { freePort } from '../apps/api/resilience/server-process.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { searchHostels } from '../apps/api/src/modules/hostels/hostels.search.ts';
import type { FileStorage } from '../apps/api/src/storage/file-storage.ts';
import { HOSTEL_NAMES } from './lib/bench-helpers.ts';
import { startCeiling } from './lib/ceiling-server.mjs';
import { pacedLoad } from './lib/paced-load.mjs';
import { recreatePgDatabase } from './lib/pg-database.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    'pg-url': { type: 'string' },
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '200' },
    only: { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});
if (!['pg', 'pglite', 'both'].includes(args.db ?? '')) {
  console.error(`--db must be pg, pglite or both (got ${args.db})`);
  process.exit(2);
}
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const TARGET_P99_MS = { PostgreSQL: 50, PGlite: 100 } as const;
const HOSTELS = 5000;
const ROOMS_PER_HOSTEL = 20; // room numbers go up to "room 20"
const PG_URL =
  args['pg-url'] ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/studynest_search_bench';

// ---------------------------------------------------------------------------------------------
// Seed: deterministic arithmetic on the row number, so two runs seed the same catalogue.

/** Heavier weight on the big Lagos, Ibadan, Ife and Nsukka campuses, the rest spread evenly. */
const HEAVY = ['UNILAG', 'UI', 'LASU', 'OAU', 'UNN'];
const ORDERED = [
  ...HEAVY.map((c) => UNIVERSITIES.find((u) => u.code === c)),
  ...UNIVERSITIES.filter((u) => !HEAVY.includes(u.code)),
].filter((u) => u !== undefined);
const NAMES = HOSTEL_NAMES;
const STREETS = [
  'Community Road',
  'Market Street',
  'Church Avenue',
  'Old Airport Road',
  'College Road',
  'Station Road',
];
const AMENITY_BITS = AMENITIES;

const list = (xs: readonly string[]) => xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ');

const SEED_HOSTELS = `
with u(i, code, city, state) as (values ${ORDERED.map(
  (u, i) => `(${i}, '${u.code}', '${u.city}', '${u.state}')`,
).join(', ')}),
g as (
  select g, case when g % 100 < 12 then 0 when g % 100 < 24 then 1 when g % 100 < 32 then 2
    when g % 100 < 40 then 3 when g % 100 < 48 then 4 else 5 + (g * 3) % ${ORDERED.length - 5} end as ui
  from generate_series(1, ${HOSTELS}) g
)
insert into hostels (hostel_name, address, hostel_details, is_closed, state, city, university,
  walking_minutes, gender_policy, amenities, created_at)
select (array[${list(NAMES)}])[1 + (g * 31) % ${NAMES.length}] || ' Lodge ' || g,
  (1 + (g * 17) % 120) || ' ' || (array[${list(STREETS)}])[1 + (g * 11) % ${STREETS.length}] || ', ' || u.city,
  'Gated compound, prepaid meter, borehole water, caretaker on site.',
  g % 50 = 0, u.state, u.city, u.code, 2 + (g * 13) % 45,
  (array['mixed', 'mixed', 'female_only', 'male_only'])[1 + g % 4],
  array_remove(array[${AMENITY_BITS.map(
    (a, b) => `case when (g * ${b + 3}) % ${[2, 3, 2, 3, 2, 2, 4, 5][b]} = 0 then '${a}' end`,
  ).join(', ')}]::text[], null),
  now() - g * interval '37 minutes'
from g join u on u.i = g.ui`;

const SEED_IMAGES = `
insert into hostel_images (hostel_id, storage_key, width, height, variant_widths, position)
select id, 'search-bench-' || id, 1600, 1200, '{480,960}', 0 from hostels where hostel_name like '% Lodge %'`;

/**
 * 20 rooms per hostel: half singles, the rest flats; 62% available, 16% booked, 16% rented,
 * 3% available with a hold that ran out, 3% held now. Rents per unit in 5,000–40,000 steps.
 */
const SEED_ROOMS = `
with h as (select id, row_number() over (order by created_at desc, id) as g from hostels),
x as (select h.id, r, ((h.g * ${ROOMS_PER_HOSTEL} + r) * 2654435761) % 1000003 as x
  from h cross join generate_series(1, ${ROOMS_PER_HOSTEL}) r),
s as (select id, r, case when x % 10 < 5 then 1 when x % 10 < 7 then 2 when x % 10 < 8 then 3
    when x % 10 < 9 then 4 else 5 end as k, (x / 10) % 100 as y, (x / 1000) % 27 as step from x),
p as (select s.*, ((array[120000, 300000, 550000, 850000, 1100000])[k]
    + step * (array[5000, 15000, 20000, 30000, 40000])[k])::int as price from s)
insert into rooms (hostel_id, room_number, unit, status, price, agent_fee, caution_fee, commission_fee, held_until)
select id, 'room ' || lpad(r::text, 2, '0'),
  (array['single room (share facilities)', 'one bedroom flat', 'two bedroom flat', 'three bedroom flat', 'four bedroom flat'])[k],
  case when y < 62 then 'available' when y < 78 then 'booked' when y < 94 then 'rented' else 'available' end,
  price, greatest(10000, round(price * 0.1 / 1000) * 1000)::int, 50000, (round(price * 0.05 / 1000) * 1000)::int,
  case when y >= 97 then now() + interval '20 minutes' when y >= 94 then now() - interval '1 hour' end
from p`;

async function seed(database: Database) {
  const t0 = performance.now();
  await database.executeSql(SEED_HOSTELS);
  await database.executeSql(SEED_IMAGES);
  await database.executeSql(SEED_ROOMS);
  await database.executeSql('vacuum analyze hostels');
  await database.executeSql('vacuum analyze rooms');
  await database.executeSql('vacuum analyze hostel_images');
  await database.executeSql('vacuum analyze hostel_search_terms');
  const [counts] = (
    await database.executeSql(
      `select (select count(*) from hostels)::int as hostels, (select count(*) from rooms)::int as rooms,
        (select count(*) from hostels where is_closed)::int as closed,
        (select count(*) from rooms where status = 'available' and (held_until is null or held_until <= now()))::int as bookable`,
    )
  ).rows as { hostels: number; rooms: number; closed: number; bookable: number }[];
  console.log(
    `  seeded ${counts?.hostels} hostels (${counts?.closed} closed), ${counts?.rooms} rooms (${counts?.bookable} bookable now) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------------------------------------
// The typical searches

/** A search as its URL parameters (the API's own flags left at their defaults). */
type Query = Omit<HostelListQuery, 'include_closed'>;
type Search = { name: string; queries: Query[]; rate?: number; judged?: false };

const UNIS = ['UNILAG', 'UI', 'OAU', 'UNN', 'UNIBEN', 'ABU'] as const;
const SEARCHES: Search[] = [
  {
    name: 'text q (typos)',
    queries: ['unilagg', 'unilag', 'ibadn', 'nsuka', 'zion lodge 42'].map((q) => ({ q })),
  },
  {
    name: 'university + max_price + available',
    queries: UNIS.map((university) => ({ university, max_price: 250000, available: true })),
  },
  { name: 'sort=price (all hostels)', queries: [{ sort: 'price' }] },
  {
    name: 'page 3 by cursor (university, sort=price)',
    queries: UNIS.map((university) => ({ university, sort: 'price' })),
  },
  {
    name: 'text q, every request a new search',
    // 2,000 budgets: each request a search the server has not answered before in a 20 s run at 25/s.
    queries: Array.from({ length: 2000 }, (_, i) => ({ q: 'unilag', max_price: 200_000 + i * 100 })),
    rate: 25,
    judged: false,
  },
];

const noStorage: FileStorage = {
  url: (key: string) => `/uploads/${key}`,
} as unknown as FileStorage;

/** Page 3 of each query: the cursor that page 2 hands back. */
async function thirdPages(database: Database, queries: Query[]) {
  const out: Query[] = [];
  for (const query of queries) {
    let cursor: string | undefined;
    for (let page = 1; page < 3; page++) {
      const r = await searchHostels(
        { db: database.db, storage: noStorage },
        { include_closed: false, ...query, cursor },
      );
      if (!r.next_cursor) throw new Error(`${JSON.stringify(query)} has fewer than 3 pages`);
      cursor = r.next_cursor;
    }
    out.push({ ...query, cursor });
  }
  return out;
}

const toPath = (q: Query) =>
  `/api/hostels?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`;

/** The one statement searchHostels runs, EXPLAINed with the same parameters. */
async function explain(database: Database, query: Query) {
  let captured: SQL | undefined;
  const spy = {
    execute: (statement: SQL) => {
      captured = statement;
      return Promise.resolve({ rows: [] });
    },
  } as unknown as Database['db'];
  await searchHostels({ db: spy, storage: noStorage }, { include_closed: false, ...query });
  if (!captured) throw new Error('searchHostels ran no statement');
  const rows = (await database.db.execute(sql`explain (analyze, buffers) ${captured}`)) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
}

// ---------------------------------------------------------------------------------------------
// The server (a child process on the seeded database) and the run

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

async function startServer(dataDir: string, databaseUrl?: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      !/^(DATABASE_URL|DATA_DIR|PORT|HOST|PUBLIC_URL|SEED_DEMO|RATE_LIMITS|NODE_ENV|LOG_LEVEL|ADMIN_)/.test(k)
    )
      env[k] = v;
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    JWT_SECRET: randomBytes(24).toString('hex'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let log = '';
  child.stdout?.on('data', (d) => (log = (log + d).slice(-20_000)));
  child.stderr?.on('data', (d) => (log = (log + d).slice(-20_000)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`The API server did not become healthy:\n${log}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  children.delete(child);
}

type Row = {
  db: 'PostgreSQL' | 'PGlite';
  judged: boolean;
  search: string;
  p50: number;
  p99: number;
  max: number;
  rps: number;
  errors: number;
  non2xx: number;
};

function report(r: Row): Row {
  console.log(
    `  ${r.search.padEnd(52)} ${r.rps.toFixed(0)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  max ${r.max.toFixed(0)} ms  errors ${r.errors}  non-2xx ${r.non2xx}`,
  );
  return r;
}

/** The same bytes as a search's answer from a bare node:http server: the floor this machine gives. */
async function ceiling(url: string, db: Row['db'], tmp: string): Promise<Row> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const server = await startCeiling(body, 'application/json; charset=utf-8', tmp);
  children.add(server.child);
  try {
    const next = () => ({ path: '/' });
    await pacedLoad({ base: server.base, rate: RATE, durationS: 3, next });
    const r = await pacedLoad({ base: server.base, rate: RATE, durationS: SECONDS, next });
    return report({ db, judged: false, search: `ceiling: node:http, same bytes (${RATE}/s)`, ...r });
  } finally {
    await stopServer(server.child);
  }
}

async function runOn(kind: 'pg' | 'pglite'): Promise<Row[]> {
  const label = kind === 'pg' ? 'PostgreSQL' : 'PGlite';
  console.log(`\n== ${label}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studynest-search-bench-'));
  try {
    if (kind === 'pg') await recreatePgDatabase(PG_URL, ['test', 'studynest_bench']);
    const database = await openDatabase({ url: kind === 'pg' ? PG_URL : undefined, dataDir });
    const searches: Search[] = [];
    try {
      await seed(database);
      for (const s of SEARCHES) {
        if (args.only && !s.name.includes(args.only)) continue;
        searches.push(
          s.name.startsWith('page 3') ? { ...s, queries: await thirdPages(database, s.queries) } : s,
        );
      }
      if (args.explain && kind === 'pg') {
        for (const s of searches) {
          const q = s.queries[0] as Query;
          console.log(
            `\n-- EXPLAIN (ANALYZE, BUFFERS): ${s.name}: ${toPath(q)}\n${await explain(database, q)}`,
          );
        }
      }
    } finally {
      // An embedded database can be open in one process only: close it before the server starts.
      await database.close();
    }

    const server = await startServer(dataDir, kind === 'pg' ? PG_URL : undefined);
    const rows: Row[] = [];
    try {
      for (const s of searches) {
        const paths = s.queries.map(toPath);
        const rate = s.rate ?? RATE;
        for (const p of s.judged === false ? [] : paths) {
          const res = await fetch(server.base + p);
          const body = (await res.json()) as { items?: unknown[] };
          if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(body)}`);
          if (!body.items?.length) throw new Error(`${p} found nothing: the seed does not fit the search`);
        }
        let i = 0;
        // Warm-up at the same rate, then the measured run.
        await pacedLoad({
          base: server.base,
          rate,
          durationS: s.judged === false ? 1 : 3,
          next: () => ({ path: paths[i++ % paths.length] as string }),
        });
        const r = await pacedLoad({
          base: server.base,
          rate,
          durationS: SECONDS,
          next: () => ({ path: paths[i++ % paths.length] as string }),
        });
        rows.push(report({ db: label, judged: s.judged !== false, search: `${s.name} (${rate}/s)`, ...r }));
      }
      rows.push(await ceiling(server.base + toPath(searches[0]?.queries[0] as Query), label, dataDir));
    } finally {
      await stopServer(server.child);
    }
    return rows;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const all: Row[] = [];
for (const kind of args.db === 'both' ? (['pg', 'pglite'] as const) : [args.db as 'pg' | 'pglite']) {
  all.push(...(await runOn(kind)));
}
console.log(`\nSummary (${RATE} req/s for ${SECONDS} s each, load average ${os.loadavg()[0]?.toFixed(1)}):`);
console.log('| database | search | p50 ms | p99 ms | max ms | errors | non-2xx | target p99 |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of all) {
  const target = TARGET_P99_MS[r.db];
  const judged = r.judged ? `< ${target} ms: ${r.p99 < target ? 'yes' : 'NO'}` : '(not judged)';
  console.log(
    `| ${r.db} | ${r.search} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${r.errors} | ${r.non2xx} | ${judged} |`,
  );
}
process.exit(all.some((r) => r.errors > 0 || r.non2xx > 0) ? 1 : 0);
