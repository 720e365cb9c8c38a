import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { request, sleep } from './http.ts';
import { createDatabase, serverUrl } from './postgres.ts';
import { killHard, newJwtSecret, type Server, startServer, tail } from './server-process.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/** The advisory lock the API takes around its migrations (db/client.ts). */
const MIGRATION_LOCK = 7310211;

/**
 * What a load balancer sees of one production process on PostgreSQL: GET /api/ready answers 503
 * while the migrations wait (another process holds their lock) and while the database is cut off,
 * 200 otherwise; GET /api/health names the engines and says which answer.
 */
describe('readiness and health of a production process on PostgreSQL', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'studynest-resilience-ready-'));
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let proxy: TcpProxy | undefined;
  let server: Server | undefined;
  let lockHolder: pg.Client | undefined;

  afterAll(async () => {
    if (server) await killHard(server);
    await lockHolder?.end().catch(() => {});
    await proxy?.close();
    await database?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  const poll = async (urlPath: string, wanted: number, withinMs: number) => {
    const deadline = performance.now() + withinMs;
    for (;;) {
      const res = await request(server!.base, 'GET', urlPath, { timeoutMs: 5_000 });
      if (res.status === wanted) return res;
      if (performance.now() > deadline) {
        throw new Error(`${urlPath}: ${res.status ?? res.error}, not ${wanted}\n${tail(server!.log())}`);
      }
      await sleep(100);
    }
  };

  it('answers 503 while the migrations wait for their lock, then 200 once they ran', async () => {
    database = await createDatabase();
    const target = new URL(serverUrl());
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);

    // Another process is migrating this database: ours must wait, and say it is not ready.
    lockHolder = new pg.Client({ connectionString: database.url });
    await lockHolder.connect();
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    server = await startServer({
      dataDir: tmp,
      databaseUrl: viaProxy.toString(),
      jwtSecret: newJwtSecret(),
      waitUntilHealthy: false,
    });
    const starting = await poll('/api/ready', 503, 60_000);
    expect(starting.headers['retry-after']).toBe('5');
    expect(starting.json).toMatchObject({ statusCode: 503, message: expect.stringMatching(/migrated/) });
    expect((await request(server.base, 'GET', '/api/health')).status).toBe(503);
    expect((await request(server.base, 'GET', '/api/hostels')).status).toBe(503);
    // Still waiting a while later: nothing got past the lock.
    await sleep(1_500);
    expect((await request(server.base, 'GET', '/api/ready')).status).toBe(503);

    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    const ready = await poll('/api/ready', 200, 60_000);
    expect(ready.json).toEqual({ ready: true });
    const health = await request(server.base, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({
      status: 'ok',
      db: 'ok',
      engines: {
        database: { engine: 'postgres', ok: true },
        storage: { engine: 'disk', ok: true },
        queue: { engine: 'pg-boss', ok: true },
      },
    });
  });

  it('answers 503 while the database is cut off, and 200 again once it is back', async () => {
    await proxy!.cut();
    const cut = await poll('/api/ready', 503, 10_000);
    expect(cut.ms).toBeLessThan(5_000);
    const health = await poll('/api/health', 503, 10_000);
    expect(health.json).toMatchObject({
      status: 'down',
      db: 'down',
      engines: { database: { engine: 'postgres', ok: false } },
    });

    await proxy!.restore();
    await poll('/api/ready', 200, 15_000);
    expect((await request(server!.base, 'GET', '/api/health')).status).toBe(200);
  });
});
