#!/usr/bin/env node
// Runs every check and test suite, then prints one summary line: `ci: N passed, N failed`.
// Suites: lint, boundaries (the boundary checks fail on each injected violation), typecheck,
// API + web + contracts tests on PGlite, API tests on PostgreSQL
// (TEST_DATABASE_URL, or the local server at 127.0.0.1:5432 when one answers), build, resilience
// (the built server killed and cut off from its database), cluster (three built servers on one
// PostgreSQL and one Redis, when both answer), bundle budgets, browser journeys in Debian Chromium,
// load and soak runs, and the ledger invariants on the database they leave.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const results = [];
/** Failed tests with the start of their error, printed again just above the summary: a CI log is often read from its tail. */
const failures = [];
const firstLines = (text, n = 4) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .filter((line) => line.trim() && !line.includes('node_modules'))
    .slice(0, n)
    .map((line) => `      ${line.trim().slice(0, 200)}`)
    .join('\n');

function run(name, cmd, args, env = {}) {
  console.log(`\n━━━ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: r.status === 0, seconds };
}

function check(name, cmd, args, env) {
  if (only.length && !only.includes(name)) return;
  const r = run(name, cmd, args, env);
  results.push({ name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, seconds: r.seconds, kind: 'check' });
}

function vitestSuite(name, workspace, env = {}, extraArgs = []) {
  if (only.length && !only.includes(name)) return;
  const file = path.join(out, `${name}.json`);
  const r = run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--root',
      workspace,
      ...extraArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${file}`,
    ],
    env,
  );
  let passed = 0;
  let failed = r.ok ? 0 : 1;
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (json.numTotalTests === 0 ? 1 : 0) + (r.ok || json.numFailedTests ? 0 : 1);
    for (const suite of json.testResults ?? []) {
      const file = path.relative(root, suite.name);
      for (const test of suite.assertionResults ?? []) {
        if (test.status === 'failed')
          failures.push(
            `${name} ${file} › ${test.fullName ?? test.title}\n${firstLines(test.failureMessages?.[0])}`,
          );
      }
      if (suite.status === 'failed' && !suite.assertionResults?.some((t) => t.status === 'failed'))
        failures.push(`${name} ${file}\n${firstLines(suite.message)}`);
    }
  }
  results.push({ name, passed, failed, seconds: r.seconds, kind: 'tests' });
}

function playwrightSuite(name) {
  if (only.length && !only.includes(name)) return;
  const file = path.join(out, `${name}.json`);
  const r = run(name, 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  let passed = 0;
  let failed = r.ok ? 0 : 1;
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
    passed = s.expected ?? 0;
    failed = (s.unexpected ?? 0) + (s.flaky ?? 0) + (r.ok || s.unexpected ? 0 : 1);
    if (passed + failed === 0) failed = 1;
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'expected' || test.status === 'skipped') continue;
          const error = test.results?.find((result) => result.error)?.error;
          failures.push(
            `${name} ${spec.file} › ${[...titles, spec.title].join(' › ')} (${test.status})\n${firstLines(error?.message)}`,
          );
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) visit(suite, []);
  }
  results.push({ name, passed, failed, seconds: r.seconds, kind: 'tests' });
}

function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const probe = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' });
  return probe.status === 0 ? 'postgres://postgres@127.0.0.1:5432/test' : undefined;
}

/** The load bench drops and re-creates its own database next to the test one. */
function benchPgUrl(url) {
  const u = new URL(url);
  u.pathname = '/studynest_bench';
  return u.toString();
}

check('lint', 'npm', ['run', 'lint', '--silent']);
check('boundaries', 'npm', ['run', 'test:boundaries', '--silent']);
check('dupes', 'npm', ['run', 'lint:dupes', '--silent']);
check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
vitestSuite('contracts', 'packages/contracts');
vitestSuite('api-pglite', 'apps/api');
vitestSuite('web', 'apps/web');
const pgUrl = postgresUrl();
if (pgUrl) vitestSuite('api-postgres', 'apps/api', { TEST_DATABASE_URL: pgUrl });
else if (!only.length || only.includes('api-postgres')) {
  console.log('\n━━━ api-postgres: no PostgreSQL at 127.0.0.1:5432 and no TEST_DATABASE_URL — not run');
  if (process.env.CI)
    results.push({ name: 'api-postgres', passed: 0, failed: 1, seconds: '0', kind: 'tests' });
}
check('build', 'npm', ['run', 'build', '--silent']);
// Resilience (issue 7): the built server SIGKILLed mid-burst, cut off from its database, SIGTERMed
// with requests in flight — so after `build`. Its PostgreSQL part runs when the api-postgres probe
// finds a server; without one that part is missing, which CI counts as a failure like api-postgres.
vitestSuite('resilience', 'apps/api', pgUrl ? { RESILIENCE_PG_URL: pgUrl } : {}, [
  '--config',
  'vitest.resilience.config.ts',
]);
if (!pgUrl && (!only.length || only.includes('resilience'))) {
  console.log('\n━━━ resilience: no PostgreSQL — its PostgreSQL durability and fault tests were not run');
  if (process.env.CI)
    results.push({ name: 'resilience-pg', passed: 0, failed: 1, seconds: '0', kind: 'tests' });
}
// Cluster (issue 17): three built servers on one PostgreSQL and one Redis behind a round-robin
// proxy, Redis stopped under load — after `build`, when PostgreSQL and Redis answer (CI starts Redis).
const redisAnswers = spawnSync('redis-cli', ['ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
if (pgUrl && redisAnswers) {
  vitestSuite('cluster', 'apps/api', { CLUSTER_PG_URL: pgUrl }, ['--config', 'vitest.cluster.config.ts']);
} else if (!only.length || only.includes('cluster')) {
  console.log('\n━━━ cluster: needs PostgreSQL and Redis (redis-cli ping) — not run');
  if (process.env.CI) results.push({ name: 'cluster', passed: 0, failed: 1, seconds: '0', kind: 'tests' });
}
check('budgets', 'node', ['bench/bundle-size.mjs', '--enforce']);
playwrightSuite('e2e');
// Load: a short bench:api run per database (10 s of measuring per endpoint) and a one-minute soak.
// They fail on errors, non-2xx answers, 5xx and broken race invariants; speed targets are printed
// (a shared CI machine's timings are not a verdict; `npm run bench:api` on a quiet one is).
const benchDb = pgUrl ? ['--db', 'both', '--pg-url', benchPgUrl(pgUrl)] : ['--db', 'pglite'];
check('load', 'node', ['bench/api-load.mjs', '--short', '--skip-build', ...benchDb]);
check('soak', 'node', [
  'bench/api-load.mjs',
  '--soak',
  '1',
  '--skip-build',
  ...(pgUrl ? ['--db', 'pg', '--pg-url', benchPgUrl(pgUrl)] : ['--db', 'pglite']),
]);
// The ledger invariants (apps/api/src/ledger) on the bench database as the soak left it: api-load.mjs
// re-creates it when it starts and leaves it in place when it ends. (The load run's own database,
// race included, is checked inside api-load.mjs, on PGlite too.)
if (pgUrl) check('ledger', 'npm', ['run', 'check:ledger', '--silent'], { DATABASE_URL: benchPgUrl(pgUrl) });

if (failures.length) {
  console.log('\n━━━ failures');
  for (const failure of failures.slice(0, 30)) console.log(`  ✗ ${failure}`);
}
console.log('\n━━━ summary');
for (const r of results) {
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(13)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  (${r.seconds}s)`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`ci: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
