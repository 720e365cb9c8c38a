import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config/env.ts';
import { listenLocally } from './bench-helpers.ts';

/**
 * One API in this process (buildApp), on a temporary DATA_DIR, development settings, warnings
 * only and no rate limits, listening on a free local port; `env` adds to or overrides that.
 * `close` stops it and removes the directory.
 */
export async function startBenchApp(name: string, env: Record<string, string> = {}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `studynest-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: tmp,
    LOG_LEVEL: 'warn',
    JWT_SECRET: `bench-${name}-secret-bench-${name}-secret-0123456789`,
    RATE_LIMITS: 'off',
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  const base = await listenLocally(app);
  return {
    app,
    config,
    base,
    close: async () => {
      await app.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
