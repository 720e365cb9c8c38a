// Resident memory (VmRSS) of an idle production API process, on PostgreSQL and on the embedded
// database (PGlite). Starts the built server (run `npm run build` first), waits until it answers,
// lets it settle, reads /proc/<pid>/status, then serves a few hundred reads and reads it again.
// The measured process is a restart on data a first start migrated and seeded with the demo hostels.
//   npm run bench:memory [-- --db pg|pglite|both] [--pg-url URL] [--settle SECONDS] [--snapshot DIR]
// --snapshot DIR writes a V8 heap snapshot of each idle server into DIR (SIGUSR2,
// --heapsnapshot-signal) for Chrome DevTools' Memory tab. Targets: PostgreSQL < 150 MB, PGlite < 400 MB.
// Prints numbers and exits 0 unless a server fails to start.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { recreatePgDatabase } from './lib/pg-database.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    'pg-url': { type: 'string' },
    settle: { type: 'string', default: '10' },
    snapshot: { type: 'string' },
  },
});
const PG_URL =
  args['pg-url'] ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/studynest_memory';
const SETTLE_MS = Number(args.settle) * 1000;
const TARGET_MB = { pg: 150, pglite: 400 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(path.join(ROOT, 'apps/api/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

function portNobodyUses() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function vmRssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 102.4) / 10;
}

/** The production server on `dataDir` (and the benchmark database for `pg`), once /api/health answers. */
async function startServer(kind, dataDir, secrets) {
  const port = await portNobodyUses();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^(DATABASE_URL|S3_|REDIS_URL|SMTP_URL)/.test(key)) delete env[key];
  const nodeArgs = args.snapshot ? ['--heapsnapshot-signal=SIGUSR2'] : [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'apps/api/dist/server.js')], {
    // A heap snapshot is written into the working directory.
    cwd: args.snapshot ? path.resolve(args.snapshot) : ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      ALLOW_UNSAFE_PRODUCTION: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ...(kind === 'pg' ? { DATABASE_URL: PG_URL } : {}),
      SEED_DEMO: '1',
      ...secrets,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (d) => {
    log = (log + d).slice(-20_000);
  });
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${kind} server exited:\n${log}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${kind} server did not answer /api/health`);
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, stop };
    await sleep(250);
  }
}

/**
 * A first start migrates and adds the demo hostels (photos encoded by sharp); the measured process
 * is a second start on that data, as a server runs after any restart.
 */
async function measure(kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `studynest-memory-${kind}-`));
  if (kind === 'pg') await recreatePgDatabase(PG_URL);
  const secrets = {
    JWT_SECRET: randomBytes(24).toString('hex'),
    PASSWORD_PEPPER: randomBytes(24).toString('hex'),
  };
  try {
    const seeding = await startServer(kind, dataDir, secrets);
    await sleep(SETTLE_MS);
    const afterSeeding = vmRssMb(seeding.child.pid);
    await seeding.stop();

    const { child, base, stop } = await startServer(kind, dataDir, secrets);
    try {
      const started = vmRssMb(child.pid);
      await sleep(SETTLE_MS);
      const idle = vmRssMb(child.pid);
      if (args.snapshot) {
        const before = new Set(readdirSync(args.snapshot));
        child.kill('SIGUSR2');
        for (let i = 0; i < 120 && readdirSync(args.snapshot).every((f) => before.has(f)); i++)
          await sleep(500);
        await sleep(2000);
      }
      // A few hundred reads of the pages and lists a visitor opens.
      const hostels = await (await fetch(`${base}/api/hostels`)).json();
      const paths = ['/api/hostels', '/', `/api/hostels/${hostels[0]?._id}`, `/hostel/${hostels[0]?._id}`];
      for (let i = 0; i < 300; i++) {
        const res = await fetch(base + paths[i % paths.length], {
          headers: { accept: 'text/html,application/json' },
        });
        await res.arrayBuffer();
      }
      await sleep(2000);
      const warm = vmRssMb(child.pid);
      return { kind, afterSeeding, started, idle, warm };
    } finally {
      await stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (args.snapshot) mkdirSync(args.snapshot, { recursive: true });
const kinds = args.db === 'both' ? ['pg', 'pglite'] : [args.db];
console.log(`resident memory (VmRSS) of the production server, ${SETTLE_MS / 1000} s after it answers`);
for (const kind of kinds) {
  const r = await measure(kind);
  const verdict = r.idle < TARGET_MB[kind] ? 'under' : 'OVER';
  console.log(
    `  ${kind.padEnd(6)}  idle ${r.idle} MB (${verdict} the ${TARGET_MB[kind]} MB target) · at start ${r.started} MB · after 300 reads ${r.warm} MB · the first start, after seeding the demo hostels: ${r.afterSeeding} MB`,
  );
}
