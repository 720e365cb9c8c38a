// Job queue benchmark (issue 14): queue and deliver 10,000 reminder e-mails through the development
// outbox provider, on PostgreSQL and on the embedded PGlite, in one API process (the API and its
// workers share one event loop, as in production). Prints messages per second, p50/p99 from
// queued to delivered, duplicates (must be 0), and GET /api/hostels p99 while the queue drains
// against the same with the queue idle (target: within 2×).
//
//   npm run bench:jobs                          both databases, 10,000 messages
//   npm run bench:jobs -- --db pglite --messages 2000
//   options: --pg-url postgres://…/studynest_jobs (or BENCH_PG_URL; dropped and re-created)
//
// Exit code 1 when a message is lost, delivered twice, or the run times out; speed is printed.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { like, sql } from 'drizzle-orm';
import { dispatch, type NewMessage, recordMessages } from '../apps/api/src/modules/messages/index.ts';
import { messageDeliveries } from '../apps/api/src/modules/messages/messages.schema.ts';
import { startBenchApp } from './lib/bench-app.ts';
import { recreatePgDatabase } from './lib/pg-database.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    'pg-url': { type: 'string' },
    messages: { type: 'string', default: '10000' },
  },
});
const MESSAGES = Number(args.messages);
const PG_URL =
  args['pg-url'] ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/studynest_jobs';
const kinds = args.db === 'both' ? ['pglite', 'pg'] : [args.db];
if (!kinds.every((k) => k === 'pg' || k === 'pglite') || !(MESSAGES > 0)) {
  console.error('usage: --db pg|pglite|both --messages N');
  process.exit(2);
}

/** GET /api/hostels for `seconds` with 10 connections: p99 latency and requests per second. */
async function hostelsLatency(base: string, seconds: number) {
  const reasons = new Set<string>();
  const instance = autocannon({ url: `${base}/api/hostels`, connections: 10, duration: seconds });
  instance.on('reqError', (err: Error) => reasons.add(err.message));
  const result = await instance;
  return {
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
    reasons: [...reasons],
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number)
    : NaN;

async function benchOne(kind: string): Promise<boolean> {
  const label = kind === 'pg' ? 'PostgreSQL' : 'PGlite';
  if (kind === 'pg') await recreatePgDatabase(PG_URL);
  const { app, base, close } = await startBenchApp(`jobs-${kind}`, {
    ...(kind === 'pg' ? { DATABASE_URL: PG_URL } : {}),
    SEED_DEMO: '1',
  });
  const { db } = app.deps;
  let ok = true;
  try {
    await hostelsLatency(base, 2); // warm-up
    const idle = await hostelsLatency(base, 5);

    const runId = Date.now().toString(36);
    const messages: NewMessage[] = Array.from({ length: MESSAGES }, (_, i) => ({
      channel: 'email',
      to: `bench-${runId}-${i}@example.com`,
      topic: 'reminder',
      subject: 'StudyNest: rent for room 04, Bench Lodge is due in 30 days',
      text: `Hello Ada,\n\nYour yearly rent of ₦650,000 for room 04, Bench Lodge is due on 25 December 2026 (in 30 days).`,
      key: `bench-reminder:${runId}:${i}`,
    }));
    const started = performance.now();
    // What the 09:00 run does: record in slices of 500, each slice handed to the queue at once.
    const enqueue = (async () => {
      for (let i = 0; i < messages.length; i += 500) {
        await dispatch(app.deps, await recordMessages(db, messages.slice(i, i + 500)));
      }
    })();
    const busyLatency = hostelsLatency(base, 10);
    await enqueue;
    const enqueueMs = performance.now() - started;

    const mine = like(messageDeliveries.dedupeKey, `bench-reminder:${runId}:%`);
    const deadline = Date.now() + 15 * 60_000;
    let sent = 0;
    while (Date.now() < deadline) {
      const [row] = await db
        .select({ n: sql<number>`count(*) filter (where ${messageDeliveries.status} = 'sent')::int` })
        .from(messageDeliveries)
        .where(mine);
      sent = row?.n ?? 0;
      if (sent >= MESSAGES) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const drainedMs = performance.now() - started;
    const busy = await busyLatency;

    const waits = (
      await db
        .select({
          ms: sql<number>`extract(epoch from (${messageDeliveries.sentAt} - ${messageDeliveries.createdAt})) * 1000`,
        })
        .from(messageDeliveries)
        .where(mine)
    )
      .map((r) => Number(r.ms))
      .filter((n) => Number.isFinite(n))
      .sort((a, b) => a - b);
    const [outbox] = (
      await app.deps.db.execute(
        sql`select count(*)::int as copies, count(distinct "to")::int as people from outbox_emails where "to" like ${`bench-${runId}-%`}`,
      )
    ).rows as { copies: number; people: number }[];
    const duplicates = (outbox?.copies ?? 0) - (outbox?.people ?? 0);
    const lost = MESSAGES - (outbox?.people ?? 0);

    console.log(`\n=== ${label}: ${MESSAGES.toLocaleString('en')} reminder e-mails ===`);
    console.log(`  queued in        ${(enqueueMs / 1000).toFixed(1)} s`);
    console.log(
      `  all delivered in ${(drainedMs / 1000).toFixed(1)} s  → ${Math.round((sent / drainedMs) * 1000)} messages/s`,
    );
    console.log(
      `  queued→delivered p50 ${Math.round(percentile(waits, 50))} ms, p99 ${Math.round(percentile(waits, 99))} ms`,
    );
    console.log(`  delivered ${outbox?.people ?? 0}, lost ${lost}, duplicates ${duplicates}`);
    console.log(
      `  GET /api/hostels p99: idle ${idle.p99} ms (${Math.round(idle.rps)} req/s), while draining ${busy.p99} ms (${Math.round(busy.rps)} req/s) → ${(busy.p99 / Math.max(1, idle.p99)).toFixed(2)}× (target ≤ 2×)`,
    );
    if (idle.non2xx || busy.non2xx || idle.errors || busy.errors) {
      console.log(
        `  ✗ GET /api/hostels answered non-2xx or failed: idle ${JSON.stringify(idle)}, while draining ${JSON.stringify(busy)}`,
      );
      ok = false;
    }
    if (lost || duplicates || sent < MESSAGES) {
      console.log('  ✗ every message must be delivered exactly once');
      ok = false;
    }
  } finally {
    await close();
  }
  return ok;
}

let allOk = true;
for (const kind of kinds) allOk = (await benchOne(kind)) && allOk;
process.exit(allOk ? 0 : 1);
