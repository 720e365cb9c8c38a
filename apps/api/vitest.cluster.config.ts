import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Cluster tests (issue 17): three built servers (dist/server.js) on one PostgreSQL and one Redis
 * behind a round-robin proxy. Not part of the ordinary `vitest run`; scripts/test-all.mjs runs them
 * after the build as the `cluster` suite when PostgreSQL answers and redis-server is installed (the
 * tests start a Redis of their own on a free port, so they can stop it).
 *
 * PostgreSQL: CLUSTER_PG_URL or TEST_DATABASE_URL, else the local server when `pg_isready` answers.
 */
const pgUrl =
  process.env.CLUSTER_PG_URL ??
  process.env.TEST_DATABASE_URL ??
  (spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0
    ? 'postgres://postgres@127.0.0.1:5432/test'
    : undefined);
if (!pgUrl) throw new Error('cluster: no PostgreSQL answers (set CLUSTER_PG_URL)');
if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
  throw new Error('cluster: redis-server is not installed');
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['cluster/**/*.test.ts'],
    // The same check as the resilience suite: the built server must exist (and be current).
    globalSetup: ['resilience/global-setup.ts'],
    // The resilience helpers (database, seed) read the server's URL from here.
    env: { RESILIENCE_PG_URL: pgUrl },
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
