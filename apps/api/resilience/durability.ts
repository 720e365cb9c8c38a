import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanSigterm } from './drain.ts';
import {
  facts,
  findViolations,
  migrationCount,
  openPglite,
  openPostgres,
  type SqlClient,
} from './invariants.ts';
import { loginAll, type Payment, reverifyAll, splitStudents, until, WriteLoad } from './load.ts';
import { createDatabase } from './postgres.ts';
import { type Seed, seedDatabase } from './seed.ts';
import { errorLines, killHard, newJwtSecret, type Server, startServer, tail } from './server-process.ts';

const STUDENTS = 30;
/** The burst is cut once clients have seen this many agent fees and rents confirmed as success. */
const AGENT_FEES_BEFORE_KILL = 10;
const RENTS_BEFORE_KILL = 3;

/**
 * Durability (issue 7) on one engine: a burst of bookings and sandbox payments by many students,
 * SIGKILL in the middle of it, then SQL on what is left; a restart on the same data; SIGTERM with
 * requests in flight; SQL again.
 */
export function describeDurability(kind: 'pglite' | 'postgres') {
  describe(`durability on ${kind === 'pglite' ? 'PGlite (DATA_DIR)' : 'PostgreSQL'}`, () => {
    const tmp = mkdtempSync(path.join(tmpdir(), `studynest-resilience-${kind}-`));
    const dataDir = path.join(tmp, 'data');
    const jwtSecret = newJwtSecret();
    let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
    let seed: Seed;
    let server: Server | undefined;
    /** `busy` run the write burst; `calm` hold no rooms, for the bookings in flight at SIGTERM. */
    let students: ReturnType<typeof splitStudents>;
    let load: WriteLoad;
    let migrationsAtStart: number;

    /** PGlite: one process at a time, so only while the server is stopped. */
    const openSql = (): Promise<SqlClient> => (database ? openPostgres(database.url) : openPglite(dataDir));
    const withSql = async <T>(fn: (sql: SqlClient) => Promise<T>): Promise<T> => {
      const sql = await openSql();
      try {
        return await fn(sql);
      } finally {
        await sql.close();
      }
    };
    const start = () => startServer({ dataDir, databaseUrl: database?.url, jwtSecret });

    beforeAll(async () => {
      if (kind === 'postgres') database = await createDatabase();
      seed = await seedDatabase({ url: database?.url, dataDir }, { students: STUDENTS, burstHostels: 4 });
      migrationsAtStart = await withSql(migrationCount);
      server = await start();
      students = splitStudents(await loginAll(server.base, seed));
    });

    afterAll(async () => {
      if (server) await killHard(server);
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    const failWithLog = (err: unknown): never => {
      if (server) console.error(`server log:\n${tail(server.log())}`);
      throw err;
    };

    it('SIGKILL mid-burst loses no confirmed payment and leaves no half-applied one', async () => {
      const s = server!;
      load = new WriteLoad(() => s.base, students.busy, seed.burstRooms);
      await until(
        () =>
          load.confirmedOf('agent_fee') >= AGENT_FEES_BEFORE_KILL &&
          load.confirmedOf('rent') >= RENTS_BEFORE_KILL &&
          load.inFlight >= 5,
        60_000,
        'confirmed agent fees and rents with requests in flight',
      ).catch(failWithLog);
      // Synchronously, in this order: nothing answered after this line counts as seen before the kill.
      load.confirming = false;
      const inFlightAtKill = load.inFlight;
      s.child.kill('SIGKILL');
      await s.exited;
      server = undefined;
      await load.stop();

      const confirmed = [...load.confirmed.keys()];
      const { violations, after, migrations } = await withSql(async (sql) => ({
        violations: await findViolations(sql, { confirmed, settled: false }),
        after: await facts(sql),
        migrations: await migrationCount(sql),
      }));
      console.log(
        `[${kind}] SIGKILL with ${inFlightAtKill} requests in flight, after ${load.samples.length} answers; ` +
          `${confirmed.length} payments confirmed to clients before it; database after the kill: ${JSON.stringify(after)}`,
      );
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(violations).toEqual([]);
      expect(after.success).toBeGreaterThanOrEqual(confirmed.length);
      expect(migrations).toBe(migrationsAtStart);
    });

    it('restarts cleanly on the same data; every payment re-verifies, confirmed ones still success', async () => {
      const started = performance.now();
      server = await start();
      const restartMs = performance.now() - started;
      const s = server;
      // Cleanly: migrations found applied, no error logged on the way up.
      expect(errorLines(s.log())).toEqual([]);
      const answers = await reverifyAll(s.base, load.payments.values());
      const notOk = answers.filter((a) => a.res.status !== 200).map((a) => `${a.res.status} ${a.res.text}`);
      const lost = answers
        .filter((a) => load.confirmed.has(a.payment.reference))
        .filter((a) => (a.res.json as { status?: string } | undefined)?.status !== 'success')
        .map((a) => a.payment.reference);
      console.log(
        `[${kind}] restart to healthy ${Math.round(restartMs)} ms; re-verified ${answers.length} payments`,
      );
      expect(notOk).toEqual([]);
      expect(lost).toEqual([]);
      if (database) expect(await withSql(migrationCount)).toBe(migrationsAtStart);
    });

    it('SIGTERM with 200 requests in flight answers them all (2xx or 503) and exits within 10 s', async () => {
      const confirmed: Payment[] = [...load.confirmed.values()];
      await expectCleanSigterm(`[${kind}]`, server!, students.calm, confirmed, 200);
      server = undefined;
    });

    it('afterwards: every success applied exactly once, one holder per room, migrations unchanged', async () => {
      const confirmed = [...load.confirmed.keys()];
      const { violations, after, migrations } = await withSql(async (sql) => ({
        violations: await findViolations(sql, { confirmed, settled: true }),
        after: await facts(sql),
        migrations: await migrationCount(sql),
      }));
      console.log(`[${kind}] database at the end: ${JSON.stringify(after)}; migrations ${migrations}`);
      expect(violations).toEqual([]);
      expect(after.paid_pending).toBe(0);
      expect(migrations).toBe(migrationsAtStart);
    });
  });
}
