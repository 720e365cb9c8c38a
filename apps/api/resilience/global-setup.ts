import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { API_DIR, SERVER_JS } from './server-process.ts';

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * These tests judge the production build (dist/server.js), which CI's `build` check makes before
 * this suite runs. Run alone, build it when it is missing; when it is older than the sources, say
 * so loudly rather than rebuild under someone else's feet.
 */
export default function setup() {
  if (!existsSync(SERVER_JS)) {
    console.log('resilience: apps/api/dist/server.js is missing; building it (npm run build -w apps/api)');
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
      cwd: path.resolve(API_DIR, '../..'),
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('npm run build -w apps/api failed');
    return;
  }
  if (newestSource(path.join(API_DIR, 'src')) > statSync(SERVER_JS).mtimeMs) {
    console.warn(
      'resilience: apps/api/dist/server.js is older than apps/api/src — these tests run the old build. ' +
        'Run `npm run build -w apps/api` first to test the current code.',
    );
  }
}
