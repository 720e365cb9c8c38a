import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { request, sleep } from './http.ts';

export const API_DIR = path.resolve(import.meta.dirname, '..');
export const SERVER_JS = path.join(API_DIR, 'dist/server.js');

/** Every server these tests start, so a failing test never leaves one running. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Our environment minus anything that would point the server somewhere else. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(DATABASE_URL|DATA_DIR|PORT|HOST|PUBLIC_URL|WEB_ORIGINS|PAYMENT_PROVIDER|PAYSTACK_|SMTP_URL|S3_|ADMIN_|SEED_DEMO|RATE_LIMITS|JWT_SECRET|NODE_ENV|LOG_LEVEL|TEST_DATABASE_URL|VITEST|RESILIENCE_)/.test(
        key,
      )
    )
      delete env[key];
  }
  return { ...env, ...extra };
}

export type ServerOptions = {
  dataDir: string;
  databaseUrl?: string;
  /** The same secret across restarts keeps the students' tokens valid, as a real deployment would. */
  jwtSecret: string;
  /** More settings (an SMTP server, shorter message claims). */
  env?: Record<string, string>;
  /** false: return as soon as the process is started, before /api/health answers 200. */
  waitUntilHealthy?: boolean;
};

export const newJwtSecret = () => randomBytes(24).toString('hex');

export type Server = {
  child: ChildProcess;
  base: string;
  log: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
};

/**
 * The production build as operators run it: NODE_ENV=production (sandbox payments allowed
 * explicitly), rate limits on — students log in from distinct X-Forwarded-For addresses.
 */
export async function startServer(opts: ServerOptions): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: API_DIR,
    env: cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: opts.dataDir,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Each student logs in with its own X-Forwarded-For (load.ts); believed only from here.
      TRUST_PROXY: '127.0.0.1',
      ALLOW_UNSAFE_PRODUCTION: '1',
      JWT_SECRET: opts.jwtSecret,
      ...opts.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  const onData = (d: Buffer) => {
    log += d.toString();
    if (log.length > 400_000) log = log.slice(-200_000);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, at: performance.now() });
    }),
  );
  const server: Server = { child, base, log: () => log, exited };
  if (opts.waitUntilHealthy === false) return server;

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const res = await request(base, 'GET', '/api/health', { timeoutMs: 5000 });
    if (res.status === 200) return server;
    await sleep(150);
  }
  child.kill('SIGKILL');
  throw new Error(`The API server did not become healthy:\n${tail(log)}`);
}

export const tail = (log: string, lines = 40) => log.split('\n').slice(-lines).join('\n');

/** Log lines at error level or above, and anything that is not a log line (a crash's stack trace). */
export function errorLines(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        const level = (JSON.parse(line) as { level?: unknown }).level;
        return typeof level !== 'number' || level >= 50;
      } catch {
        return true;
      }
    });
}

/** SIGKILL: no shutdown code runs at all, as when the machine or the container dies. */
export async function killHard(server: Server) {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, then SIGKILL if the server is still there after `graceMs` (the test then fails on the time). */
export async function terminate(server: Server, graceMs = 15_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  server.child.kill('SIGTERM');
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}
