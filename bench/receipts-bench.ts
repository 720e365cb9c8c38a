// Receipt PDF benchmark: in one API process (buildApp) on the embedded PGlite, ~20 agent fees are
// paid through the sandbox checkout, then their receipts are downloaded over HTTP: 200 one after
// another (PDF generation p50/p99 and size), then 200 at once. Prints the process RSS before and
// after the downloads; the target is growth under 50 MB.
//
//   npm run bench:receipts
//   npm run bench:receipts -- --payments 20 --downloads 200
//
// Exit code 1 when a download fails or is not a PDF, or RSS grows 50 MB or more.
//
// Measured 25 Nov 2026 on the shared 2-core CI box (load average ~6, so noisy): 200 sequential p50
// 75 ms, p99 203 ms, 25.5–26.8 KB; 200 concurrent finish in ~58 s (p50 23 s): PDF generation is
// CPU work on the one event loop, so requests at once queue behind each other; RSS growth 10.6 MB
// after GC (47 MB in a 100-download run under heavier load). Without --expose-gc growth reads ~75 MB.
import { parseArgs } from 'node:util';
import { insertHostel, insertRoom, signedInUser } from '../apps/api/test/factories.ts';
import { startBenchApp } from './lib/bench-app.ts';
import { counts, lagosDate, percentile } from './lib/bench-helpers.ts';

const { values: args } = parseArgs({
  options: {
    payments: { type: 'string', default: '20' },
    downloads: { type: 'string', default: '200' },
  },
});
const { payments: PAYMENTS, downloads: DOWNLOADS } = counts(
  { payments: args.payments, downloads: args.downloads },
  'usage: --payments N --downloads N',
);

const MB = 1024 * 1024;
const rssMb = () => process.memoryUsage().rss / MB;

const { app, config, base, close } = await startBenchApp('receipts', {
  // 200 downloads at once from one address: above the per-address connection cap (100 by default).
  MAX_CONNECTIONS_PER_IP: '0',
});
let ok = true;

try {
  // ~20 successful sandbox payments, each by its own student (a student may hold only a few rooms).
  const paid: { reference: string; headers: Record<string, string> }[] = [];
  const hostel = await insertHostel(app.deps.db, { hostelName: 'Bench Receipts Lodge' });
  for (let i = 0; i < PAYMENTS; i++) {
    const room = await insertRoom(app.deps.db, hostel.id, {
      agentFee: 65_000 + i * 1_000,
      roomNumber: `room ${String(i + 1).padStart(2, '0')}`,
    });
    const student = await signedInUser(
      { db: app.deps.db, config },
      { firstName: 'Chiamaka', lastName: 'Okafor' },
    );
    const headers = { ...student.headers, 'content-type': 'application/json' };
    const booking = await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        hostel_id: hostel.id,
        room_id: room.id,
        inspection_date_time: `${lagosDate(2)}_10:00am - 10:30am`,
      }),
    });
    if (booking.status !== 201) throw new Error(`booking: ${booking.status} ${await booking.text()}`);
    const { _id: bookingId } = (await booking.json()) as { _id: string };
    const started = await fetch(`${base}/api/payments/agent-fee/initiate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ booking_id: bookingId, callback_url: `${config.publicUrl}/receipt-page` }),
    });
    if (started.status !== 201) throw new Error(`initiate: ${started.status} ${await started.text()}`);
    const { checkoutLink, reference } = (await started.json()) as { checkoutLink: string; reference: string };
    const pay = await fetch(`${base}${new URL(checkoutLink).pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    if (pay.status !== 303) throw new Error(`pay: ${pay.status}`);
    paid.push({ reference, headers: student.headers });
  }

  const download = async (i: number) => {
    const p = paid[i % paid.length] as (typeof paid)[number];
    const t0 = performance.now();
    const res = await fetch(`${base}/api/payments/${p.reference}/receipt.pdf`, { headers: p.headers });
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - t0;
    if (res.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') {
      ok = false;
      console.error(`download ${i}: ${res.status} ${body.subarray(0, 200).toString()}`);
    }
    return { ms, bytes: body.length };
  };

  await download(0); // warm-up: fonts and the first PDF
  globalThis.gc?.();
  const rssBefore = rssMb();

  const sequential = [];
  for (let i = 0; i < DOWNLOADS; i++) sequential.push(await download(i));
  const rssAfterSequential = rssMb();

  const t0 = performance.now();
  const concurrent = await Promise.all(Array.from({ length: DOWNLOADS }, (_, i) => download(i)));
  const concurrentWall = performance.now() - t0;
  const rssPeak = rssMb();
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const rssAfter = rssMb();

  const report = (label: string, rows: { ms: number; bytes: number }[]) => {
    const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
    const sizes = rows.map((r) => r.bytes).sort((a, b) => a - b);
    console.log(
      `${label}: p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, ` +
        `size ${(sizes[0]! / 1024).toFixed(1)}–${(sizes.at(-1)! / 1024).toFixed(1)} KB`,
    );
  };
  console.log(
    `Receipts bench (PGlite, one process): ${PAYMENTS} paid receipts, ${DOWNLOADS} downloads each way`,
  );
  report('sequential', sequential);
  report('concurrent', concurrent);
  console.log(
    `concurrent wall ${concurrentWall.toFixed(0)} ms (${((DOWNLOADS / concurrentWall) * 1000).toFixed(0)} PDFs/s)`,
  );
  const growth = rssAfter - rssBefore;
  console.log(
    `RSS before ${rssBefore.toFixed(1)} MB, after sequential ${rssAfterSequential.toFixed(1)} MB, ` +
      `peak after concurrent ${rssPeak.toFixed(1)} MB, after ${rssAfter.toFixed(1)} MB ` +
      `(growth ${growth.toFixed(1)} MB, target < 50 MB)`,
  );
  if (growth >= 50) ok = false;
} catch (err) {
  ok = false;
  console.error(err);
} finally {
  await close();
}
process.exit(ok ? 0 : 1);
