#!/usr/bin/env node
// Can forgot-password tell known e-mails from unknown ones by its answer time?
// Builds the API in-process (the real app, embedded PGlite in a temporary directory, or PostgreSQL
// with --pg-url), creates 80 accounts, then sends forgot-password for 80 known and 80 unknown
// addresses, alternating, each from its own client address (so the per-IP limits stay out of the
// way and every request takes the full path). Prints the median and quartiles for each group.
//
//   node --import tsx bench/auth-enumeration.mjs
//   node --import tsx bench/auth-enumeration.mjs --pg-url postgres://postgres@127.0.0.1:5432/bench_auth
//   options: --samples 80 (per group), --warmup 20, --endpoint forgot-password | resend-otp,
//            --gap 50 (ms of quiet before each request, so work left by the previous one is done)
//
// The PostgreSQL database named in --pg-url is dropped and created again. Timing is printed, not
// asserted: a unit test cannot judge a few milliseconds on a shared machine (ADR 0011).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { users } from '../apps/api/src/modules/auth/auth.schema.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '80' },
    warmup: { type: 'string', default: '20' },
    endpoint: { type: 'string', default: 'forgot-password' },
    gap: { type: 'string', default: '0' },
    'pg-url': { type: 'string' },
  },
});
const SAMPLES = Number(args.samples);
const WARMUP = Number(args.warmup);
const ENDPOINT = `/api/auth/${args.endpoint}`;
const GAP_MS = Number(args.gap);

async function recreateDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const server = new URL(url);
  server.pathname = '/postgres';
  const c = new pg.Client({ connectionString: server.toString() });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.query(`create database ${name}`);
  await c.end();
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studynest-enum-'));
if (args['pg-url']) await recreateDatabase(args['pg-url']);
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SEED_DEMO: '0',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  LOG_LEVEL: 'silent',
  ...(args['pg-url'] ? { DATABASE_URL: args['pg-url'] } : {}),
});
const app = await buildApp(config, { logger: false });
await app.ready();

try {
  const hash = await hashPassword('bench-enumeration-password');
  const total = SAMPLES + WARMUP;
  const known = [];
  for (let i = 0; i < total; i++) {
    const email = `known${i}.${Date.now()}@example.com`;
    // Unconfirmed, so resend-otp would send these a code too.
    await app.deps.db.insert(users).values({
      firstName: 'Ada',
      lastName: `Bench${i}`,
      gender: 'female',
      email,
      phoneNumber: '+2348031234567',
      passwordHash: hash,
      role: 'student',
      isEmailConfirmed: false,
    });
    known.push(email);
  }
  const unknown = Array.from({ length: total }, (_, i) => `nobody${i}.${Date.now()}@example.com`);

  let ip = 0;
  const timeOne = async (email) => {
    ip += 1;
    const remoteAddress = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
    if (GAP_MS > 0) await new Promise((r) => setTimeout(r, GAP_MS));
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url: ENDPOINT, payload: { email }, remoteAddress });
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${ENDPOINT} answered ${res.statusCode}: ${res.body}`);
    return { ms, body: res.body };
  };

  const times = { known: [], unknown: [] };
  const bodies = { known: new Set(), unknown: new Set() };
  for (let i = 0; i < total; i++) {
    // Alternate, so drift (a warming cache, a busy neighbour) hits both groups alike.
    const order = i % 2 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const group of order) {
      const r = await timeOne(group === 'known' ? known[i] : unknown[i]);
      if (i >= WARMUP) {
        times[group].push(r.ms);
        bodies[group].add(r.body);
      }
    }
  }

  const quantile = (xs, q) => {
    const s = [...xs].sort((a, b) => a - b);
    const at = (s.length - 1) * q;
    const lo = Math.floor(at);
    return s[lo] + (s[Math.ceil(at)] - s[lo]) * (at - lo);
  };
  const line = (group) => {
    const xs = times[group];
    const f = (q) => quantile(xs, q).toFixed(2);
    return `${group.padEnd(8)} n=${xs.length}  median ${f(0.5)} ms  (p25 ${f(0.25)}, p75 ${f(0.75)}, min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`;
  };
  const maxKnown = Math.max(...times.known);
  const minKnown = Math.min(...times.known);
  const separated =
    Math.min(...times.unknown) > maxKnown || Math.max(...times.unknown) < minKnown ? 'yes' : 'no';
  console.log(`${ENDPOINT} on ${args['pg-url'] ? 'PostgreSQL' : 'PGlite'}, ${GAP_MS} ms between requests`);
  console.log(line('known'));
  console.log(line('unknown'));
  console.log(
    `difference of medians: ${(quantile(times.known, 0.5) - quantile(times.unknown, 0.5)).toFixed(2)} ms`,
  );
  console.log(`groups fully separated: ${separated}`);
  const same =
    bodies.known.size === 1 && [...bodies.known][0] === [...bodies.unknown][0] && bodies.unknown.size === 1;
  console.log(`same answer body for both: ${same ? 'yes' : 'no'}`);
} finally {
  // Let the code e-mails already queued go out before the database closes.
  await new Promise((r) => setTimeout(r, 3000));
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
