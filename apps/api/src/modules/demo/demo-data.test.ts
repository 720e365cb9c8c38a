import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayInLagos } from '@studynest/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { runOperatorCommand } from '../../../test/operator-command.ts';
import { buildApp } from '../../app.ts';
import { INVARIANTS } from '../../ledger/invariants.ts';
import { users } from '../auth/index.ts';
import { issueToken } from '../auth/tokens.ts';

/*
 * What `npm start` gives a newcomer: an embedded database in DATA_DIR, the local admin, and the
 * demo data (SEED_DEMO) — here through the same start-up, then read back as an admin does, and
 * checked as an operator checks the ledger.
 */
describe('demo data on a fresh embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-demo-'));
  const config = { ...testConfig(dataDir), databaseUrl: undefined, seedDemo: true };
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: { authorization: string };
  let tenantCount = 0;

  beforeAll(async () => {
    app = await buildApp(config, { logger: false });
    await app.ready();
    const [row] = await app.deps.db.select().from(users).where(eq(users.email, 'admin@studynest.local'));
    admin = { authorization: `Bearer ${await issueToken(app.deps.db, config.jwtSecret, row!)}` };
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('Tenants lists the six demo tenants', async () => {
    const tenants = (await get('/api/payments/tenants')) as unknown[];
    expect(tenants).toHaveLength(6);
    tenantCount = tenants.length;
  });

  it('Arrears lists the two tenants past their due date, with the amount owed', async () => {
    const arrears = (await get('/api/admin/arrears')) as { items?: unknown[] } | unknown[];
    const items = Array.isArray(arrears) ? arrears : (arrears.items ?? []);
    expect(items).toHaveLength(2);
  });

  it('Maintenance has open, overdue, in-progress and done requests and an emergency', async () => {
    const items = (await get('/api/admin/maintenance?limit=50')) as {
      status: string;
      urgency: string;
      overdue: boolean;
    }[];
    expect(items.map((i) => i.status)).toEqual(expect.arrayContaining(['open', 'in_progress', 'done']));
    expect(items.some((i) => i.urgency === 'emergency' && i.status === 'open')).toBe(true);
    expect(items.some((i) => i.overdue)).toBe(true);
  });

  it('Refunds holds a duplicate deposit refunded through the sandbox and another still owed back', async () => {
    // The refund is sent by the job queue once the workers run, as an admin's is.
    const refunds = await eventually(async () => {
      const answer = (await get('/api/admin/refunds')) as {
        due: { reference: string }[];
        refunds: { status: string; reason: string; amount: number }[];
      };
      return answer.refunds[0]?.status === 'processed' ? answer : null;
    }, 60_000);
    expect(refunds.refunds).toEqual([
      expect.objectContaining({ status: 'processed', reason: 'Caution deposit paid twice', amount: 50_000 }),
    ]);
    expect(refunds.due).toHaveLength(1);
  }, 90_000);

  it('Reports show revenue in several months of the past year', async () => {
    const from = addDays(todayInLagos(), -420);
    const revenue = (await get(`/api/admin/reports/revenue?from=${from}&to=${todayInLagos()}`)) as {
      months: { total: number }[];
      totals: { agent_fees: number; rent: number; total: number };
    };
    expect(revenue.totals.rent).toBeGreaterThan(0);
    expect(revenue.totals.agent_fees).toBeGreaterThan(0);
    expect(revenue.months.filter((m) => m.total > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('a few rooms show their own photos, stored through the image pipeline', async () => {
    const rooms = (await get('/api/rooms')) as {
      _id: string;
      room_number: string;
      hostel: { hostel_name: string };
    }[];
    const first = rooms.find(
      (r) => r.hostel.hostel_name === 'Unity Court Hostel' && r.room_number === 'room 01',
    );
    const room = (await get(`/api/rooms/room/${first!._id}`)) as {
      photos: { placeholder: string; variants: { width: number }[] }[];
    };
    expect(room.photos).toHaveLength(2);
    for (const photo of room.photos) {
      expect(photo.variants.map((v) => v.width)).toEqual([480, 960]);
      expect(photo.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('inspections are booked for today and tomorrow', async () => {
    const bookings = (await get('/api/bookings?upcoming=true')) as
      | { items: { inspection_date_time?: string; inspection_date?: string }[] }
      | { inspection_date?: string }[];
    const text = JSON.stringify(bookings);
    expect(text).toContain(todayInLagos());
    expect(text).toContain(addDays(todayInLagos(), 1));
  });

  it("the demo students' passwords are kept in DATA_DIR, readable by the server's user only", () => {
    const file = path.join(dataDir, 'demo-passwords.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(8);
  });

  it('is added once: a second start adds nothing', async () => {
    await app.close();
    app = await buildApp(config, { logger: false });
    await app.ready();
    const [row] = await app.deps.db
      .select()
      .from(users)
      .where(and(eq(users.email, 'admin@studynest.local'), eq(users.role, 'admin')));
    admin = { authorization: `Bearer ${await issueToken(app.deps.db, config.jwtSecret, row!)}` };
    expect(await get('/api/payments/tenants')).toHaveLength(tenantCount);
    expect((await get('/api/hostels?limit=50')).items).toHaveLength(5);
  });

  it('npm run check:ledger holds on it', async () => {
    await app.close();
    const run = runOperatorCommand('ledger/check-ledger.ts', { DATA_DIR: dataDir });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain(`all ${INVARIANTS.length} invariants hold`);
    app = await buildApp(config, { logger: false });
  });
});
