import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { API_ROOT } from '../src/config/env.ts';

/**
 * An operator's command (`npm run check:ledger`, `npm run reconcile`) run as they run it: the
 * script under `apps/api/src` in a process of its own, with its exit code and everything it printed.
 * The environment holds only what is given: never a DATABASE_URL or DATA_DIR of the tests' own.
 */
export function runOperatorCommand(script: string, env: Record<string, string>, args: string[] = []) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src', script), ...args], {
    cwd: API_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    timeout: 90_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}
