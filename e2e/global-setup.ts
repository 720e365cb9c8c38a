import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_ADMIN = { email: 'e2e-admin@studynest.test', password: 'e2e-admin-password-1' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

/**
 * The built server on a free port with a fresh data directory (removed by `stop`), and `env` on top
 * of the journeys' settings: global setup starts the one every journey shares; a journey that needs
 * another payment provider starts its own.
 */
export async function startServer(env: Record<string, string> = {}) {
  const root = path.resolve(import.meta.dirname, '..');
  const server = path.join(root, 'apps/api/dist/server.js');
  if (!existsSync(server) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: '1',
      // Journeys create several accounts from one address; limits have their own API tests.
      RATE_LIMITS: 'off',
      PAYMENT_PROVIDER: 'sandbox',
      LOG_LEVEL: 'warn',
      // Saved items' alerts every minute, not every 15, so saved-alerts.spec.ts sees one come.
      SAVED_ALERTS_CRON: '* * * * *',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseURL, child, 90_000);
  return {
    baseURL,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo data requires approved documents before rent (docs/domain.md, "Documents"); the journeys
 * pay rent as the spec's flow does, so the shared server starts with the setting off, the product's
 * default. documents.spec.ts checks the rule where it needs it.
 */
async function paperworkNotRequired(baseURL: string) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const current = await (await fetch(`${baseURL}/api/admin/settings`, { headers })).json();
  const saved = await fetch(`${baseURL}/api/admin/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...current, paperwork_required_for_rent: false }),
  });
  if (!saved.ok) throw new Error(`turning paperwork off failed: ${saved.status} ${await saved.text()}`);
}

export default async function globalSetup() {
  // A front end hosted apart from the API (cross-origin-photos.spec.ts serves it on this port).
  const foreignOrigin = `http://localhost:${await freePort()}`;
  const { baseURL, dataDir, stop } = await startServer({ WEB_ORIGINS: foreignOrigin });
  await paperworkNotRequired(baseURL);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_FOREIGN_ORIGIN = foreignOrigin;
  return stop;
}
