import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, smallJpeg, uploadedFiles } from '../src/modules/hostels/hostels.fixtures.ts';
import { request } from './http.ts';
import { facts, findViolations, openPostgres, type SqlClient } from './invariants.ts';
import { loginAll, splitStudents, until, WriteLoad } from './load.ts';
import { createDatabase, serverUrl } from './postgres.ts';
import { type Seed, seedDatabase } from './seed.ts';
import { API_DIR, killHard, newJwtSecret, type Server, startServer, tail } from './server-process.ts';

const ROOT = path.resolve(API_DIR, '../..');
const ADMIN = { email: 'backup-admin@resilience.studynest.test', password: 'backup-Admin-Password-7' };

/** `npm run db:backup` / `db:restore` as an operator runs them; resolves with the exit code and output. */
function runScript(script: string, args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', script), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const column = async (sql: SqlClient, text: string) =>
  (await sql.query<{ v: string }>(text)).map((r) => r.v).sort();

/**
 * Backups (issue 17): a seeded PostgreSQL database is backed up with db:backup while students book
 * and pay, restored with db:restore into a new database and uploads directory, and the restored
 * copy holds every payment a client saw confirmed before the backup began, with its booking and
 * tenancy, consistent by the same checks as the crash tests; the API then serves from it.
 */
describe('db:backup under write load, db:restore into a fresh database', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'studynest-resilience-backup-'));
  const dataDir = path.join(tmp, 'data');
  const restoredDataDir = path.join(tmp, 'restored-data');
  const backupDir = path.join(tmp, 'backup');
  const jwtSecret = newJwtSecret();
  const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_MFA: 'optional' };
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let restoredUrl: string;
  let seed: Seed;
  let server: Server | undefined;
  let restoredServer: Server | undefined;

  beforeAll(async () => {
    database = await createDatabase();
    const restored = new URL(database.url);
    restored.pathname = `/${database.name}_restored`;
    restoredUrl = restored.toString();
    seed = await seedDatabase({ url: database.url, dataDir }, { students: 30, burstHostels: 8 });
    server = await startServer({ dataDir, databaseUrl: database.url, jwtSecret, env: adminEnv });
  });

  afterAll(async () => {
    if (server) await killHard(server);
    if (restoredServer) await killHard(restoredServer);
    await database?.drop();
    const c = new pg.Client({ connectionString: serverUrl() });
    await c.connect();
    await c.query(`drop database if exists ${database.name}_restored with (force)`).catch(() => {});
    await c.end();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('explains a missing argument instead of guessing', async () => {
    const backup = await runScript('db-backup.mjs', ['--database-url', database.url]);
    expect(backup.code).toBe(2);
    expect(backup.output).toMatch(/--out is missing/);
    const restore = await runScript('db-restore.mjs', ['--from', tmp]);
    expect(restore.code).toBe(1);
    expect(restore.output).toMatch(/database\.dump does not exist/);
  });

  it('restores every confirmed payment, booking and tenancy and every photo; the API serves from the copy', async () => {
    const s = server!;
    // Photos, uploaded the real way, so the uploads directory has something to carry.
    const login = await request(s.base, 'POST', '/api/auth/login', {
      body: ADMIN,
      headers: { 'x-forwarded-for': '10.99.0.1' },
    });
    const adminToken = (login.json as { token: string }).token;
    for (const n of [1, 2]) {
      const form = await multipart({ hostel_name: `Backup Lodge ${n}`, address: `${n} Archive Road` }, [
        { data: await smallJpeg(n) },
      ]);
      const res = await fetch(`${s.base}/api/hostels`, {
        method: 'POST',
        headers: { ...form.headers, authorization: `Bearer ${adminToken}` },
        body: new Uint8Array(form.payload),
      });
      expect(res.status).toBe(201);
    }
    const students = splitStudents(await loginAll(s.base, seed));
    const load = new WriteLoad(() => s.base, students.busy, seed.burstRooms, { readers: 2 });
    try {
      await until(
        () => load.confirmedOf('agent_fee') >= 5 && load.confirmedOf('rent') >= 2,
        90_000,
        'confirmed agent fees and rents before the backup',
      );
      const confirmedBefore = [...load.confirmed.values()];
      const backupStarted = performance.now();
      const backup = await runScript('db-backup.mjs', [
        '--out',
        backupDir,
        '--database-url',
        database.url,
        '--uploads',
        path.join(dataDir, 'uploads'),
      ]);
      const backupEnded = performance.now();
      expect(backup.code, backup.output).toBe(0);
      // The students kept writing while the backup ran.
      const writesDuring = load.samples.filter(
        (x) =>
          x.step !== 'read' && x.step !== 'health' && x.endedAt > backupStarted && x.endedAt < backupEnded,
      );
      expect(writesDuring.length).toBeGreaterThan(0);
      await load.stop();

      const restore = await runScript('db-restore.mjs', [
        '--from',
        backupDir,
        '--database-url',
        restoredUrl,
        '--uploads',
        path.join(restoredDataDir, 'uploads'),
      ]);
      expect(restore.code, restore.output).toBe(0);
      // Never over live data: a second restore into the same database is refused.
      const again = await runScript('db-restore.mjs', [
        '--from',
        backupDir,
        '--database-url',
        restoredUrl,
        '--no-uploads',
      ]);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/already has tables/);

      const source = await openPostgres(database.url);
      const copy = await openPostgres(restoredUrl);
      try {
        const confirmedRefs = confirmedBefore.map((p) => p.reference);
        expect(await findViolations(copy, { confirmed: confirmedRefs, settled: false })).toEqual([]);
        const restoredFacts = await facts(copy);
        console.log(
          `[backup] ${writesDuring.length} writes answered during the ${Math.round(backupEnded - backupStarted)} ms backup; ` +
            `${confirmedRefs.length} payments confirmed before it; restored: ${JSON.stringify(restoredFacts)}`,
        );
        expect(restoredFacts.confirmed_bookings).toBeGreaterThanOrEqual(
          confirmedBefore.filter((p) => p.kind === 'agent_fee').length,
        );
        expect(restoredFacts.tenancies).toBeGreaterThanOrEqual(
          confirmedBefore.filter((p) => p.kind === 'rent').length,
        );
        // What the copy holds is what the source held: nothing invented, nothing changed.
        for (const text of [
          `select reference || ':' || status || ':' || amount as v from payments where status = 'success'`,
          `select id || ':' || room_id || ':' || user_id as v from bookings where status in ('confirmed', 'inspected')`,
          `select id || ':' || room_id || ':' || user_id || ':' || due_date as v from tenancies where ended_at is null`,
        ]) {
          const inSource = new Set(await column(source, text));
          for (const row of await column(copy, text)) expect(inSource.has(row), row).toBe(true);
        }
      } finally {
        await source.close();
        await copy.close();
      }
      expect(await uploadedFiles(restoredDataDir)).toEqual(await uploadedFiles(dataDir));
    } finally {
      await load.stop();
    }

    // The restored database and photos are a working StudyNest.
    restoredServer = await startServer({ dataDir: restoredDataDir, databaseUrl: restoredUrl, jwtSecret });
    const hostels = await request(restoredServer.base, 'GET', '/api/hostels');
    const lodges = (hostels.json as { hostel_name: string; images: string[] }[]).filter((h) =>
      h.hostel_name.startsWith('Backup Lodge'),
    );
    expect(lodges).toHaveLength(2);
    for (const h of lodges) {
      const photo = await request(restoredServer.base, 'GET', new URL(h.images[0]!).pathname);
      expect(photo.status, tail(restoredServer.log())).toBe(200);
    }
  });
});
