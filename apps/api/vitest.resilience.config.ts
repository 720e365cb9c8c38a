import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Resilience tests (issue 7): the built server (dist/server.js) started as a process, killed,
 * cut off from its database and restarted. Not part of the ordinary `vitest run` (vitest.config.ts
 * includes src/ and test/ only); CI runs them after the build as the `resilience` suite.
 *
 * PostgreSQL: RESILIENCE_PG_URL (scripts/test-all.mjs passes the api-postgres URL), else the local
 * server when `pg_isready` answers — the same probe as api-postgres. Without one, only the PGlite
 * files are included (test-all.mjs counts that as a failure in CI, as it does for api-postgres).
 */
function postgresUrl(): string | undefined {
  if (process.env.RESILIENCE_PG_URL) return process.env.RESILIENCE_PG_URL;
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const probe = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' });
  return probe.status === 0 ? 'postgres://postgres@127.0.0.1:5432/test' : undefined;
}

const pgUrl = postgresUrl();
if (!pgUrl) console.warn('resilience: no PostgreSQL answers; running the PGlite tests only');

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: pgUrl ? ['resilience/**/*.test.ts'] : ['resilience/**/*.pglite.test.ts'],
    globalSetup: ['resilience/global-setup.ts'],
    env: pgUrl ? { RESILIENCE_PG_URL: pgUrl } : {},
    // Servers start, die and restart in these tests; the timing assertions inside are the real limits.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One file at a time: they measure latencies on a 2-CPU machine and must not load it for each other.
    fileParallelism: false,
  },
});
