import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, lagosDateOf, todayInLagos } from '@studynest/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testConfig } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { runOperatorCommand } from '../../../test/operator-command.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config/env.ts';
import { INVARIANTS } from '../../ledger/invariants.ts';
import { users } from '../auth/index.ts';
import { issueToken } from '../auth/tokens.ts';
import { bookings } from '../bookings/index.ts';
import { payments } from '../payments/index.ts';
import { tenancies } from '../tenancies/index.ts';

/*
 * What `npm start` gives a newcomer: an embedded database in DATA_DIR, the local admin, and the
 * demo data (SEED_DEMO) — here through the same start-up, then read back as an admin does, and
 * checked as an operator checks the ledger. With TEST_DATABASE_URL, the same on a PostgreSQL
 * database (SEED_DEMO=1 and ADMIN_EMAIL there, as the README says).
 *
 * The figures follow from the demo's rooms (demo-data.ts: rent by unit, times the city's factor,
 * rounded to ₦5,000; agent fee 10%; deposit ₦100,000 from ₦1,000,000 a year, else ₦50,000):
 *   Adaeze  Unity Court room 01   ₦280,000  fee  ₦28,000  rent paid 385 days ago  (due 20 days ago)
 *   Tunde   Nsukka room 01      ₦1,850,000  fee ₦185,000  rent paid 410 days ago  (due 45 days ago)
 *   Chioma  Akoka room 01         ₦880,000  fee  ₦88,000  150 days ago, gave notice
 *   Ibrahim Samaru room 01      ₦2,550,000  fee ₦255,000   95 days ago
 *   Funke   Akoka room 04       ₦2,970,000  fee ₦297,000   62 days ago, deposit paid twice
 *   Emeka   Unity Court room 02   ₦650,000  fee  ₦65,000   33 days ago, deposit paid twice, one refunded
 *   Bola    Unity Court room 03 ₦1,150,000  fee ₦115,000  230 days ago, moved out 20 days ago
 *   Zainab, Kelechi and Halima paid the agent fees of Akoka room 03 (₦223,000), Unity Court
 *   room 04 (₦165,000) and Akoka room 05 (₦38,000).
 */
const RENT_TOTAL = 280_000 + 1_850_000 + 880_000 + 2_550_000 + 2_970_000 + 650_000 + 1_150_000;
const AGENT_FEES_TOTAL =
  28_000 + 185_000 + 88_000 + 255_000 + 297_000 + 65_000 + 115_000 + 223_000 + 165_000 + 38_000;

const onPostgres = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'demo-admin@studynest.test', password: 'demo-admin-password-0123' };

describe(`demo data on a fresh ${onPostgres ? 'PostgreSQL' : 'embedded'} database`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-demo-'));
  let config: Config;
  let dropDatabase = async () => {};
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: { authorization: string };
  let seedLine = '';

  /** A start as `npm start` makes one; the first also seeds, and says how long it took. */
  async function start() {
    const lines: string[] = [];
    app = await buildApp(config, {
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
    seedLine ||= lines.find((l) => l.includes('demo data added')) ?? '';
    const email = onPostgres ? ADMIN.email : 'admin@studynest.local';
    const [row] = await app.deps.db.select().from(users).where(eq(users.email, email));
    admin = { authorization: `Bearer ${await issueToken(app.deps.db, config.jwtSecret, row!)}` };
  }

  beforeAll(async () => {
    if (onPostgres) {
      const made = await createPostgresDatabase(onPostgres);
      dropDatabase = made.drop;
      config = {
        ...testConfig(dataDir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
        databaseUrl: made.url,
        seedDemo: true,
      };
    } else {
      config = { ...testConfig(dataDir), databaseUrl: undefined, seedDemo: true };
    }
    await start();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (url: string, headers = admin) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const firstNames = (people: { user: { first_name: string } }[]) =>
    people.map((p) => p.user.first_name).sort();

  it('was added at start and said how long it took', () => {
    const { ms, students } = JSON.parse(seedLine) as { ms: number; students: number };
    expect(students).toBe(10);
    expect(ms).toBeGreaterThan(0);
  });

  it('Tenants lists the six living there, with the notice given and the deposits held', async () => {
    const tenants = (await get('/api/payments/tenants')) as {
      user: { first_name: string };
      rentStartDate: string;
      deposit_held: number;
      notice: { move_out_on: string } | null;
    }[];
    expect(firstNames(tenants)).toEqual(['Adaeze', 'Chioma', 'Emeka', 'Funke', 'Ibrahim', 'Tunde']);
    const of = (name: string) => tenants.find((t) => t.user.first_name === name)!;
    expect(of('Chioma').notice?.move_out_on).toBe(addDays(todayInLagos(), 45));
    expect(of('Tunde').rentStartDate).toBe(addDays(todayInLagos(), -410));
    expect(of('Emeka').rentStartDate).toBe(addDays(todayInLagos(), -33));
    expect(of('Ibrahim').deposit_held).toBe(0);
    expect(of('Tunde').deposit_held).toBe(100_000);
    expect(of('Adaeze').deposit_held).toBe(50_000);
  });

  it('Arrears lists the two tenants past their due date, with the year’s rent each owes', async () => {
    const items = (await get('/api/admin/arrears')) as {
      user: { first_name: string };
      daysOverdue: number;
      amountOwed: number;
    }[];
    expect(items.map((i) => [i.user.first_name, i.daysOverdue, i.amountOwed])).toEqual([
      ['Tunde', 45, 1_850_000],
      ['Adaeze', 20, 280_000],
    ]);
    const report = (await get(
      `/api/admin/reports/arrears?from=${addDays(todayInLagos(), -30)}&to=${todayInLagos()}`,
    )) as { tenants: number; amount_owed: number };
    expect(report).toMatchObject({ tenants: 2, amount_owed: 2_130_000 });
  });

  it('Maintenance has open, overdue, in-progress and done requests and an emergency', async () => {
    const items = (await get('/api/admin/maintenance?limit=50')) as {
      status: string;
      urgency: string;
      overdue: boolean;
    }[];
    expect(items).toHaveLength(4);
    expect(items.map((i) => i.status).sort()).toEqual(['done', 'in_progress', 'open', 'open']);
    expect(items.some((i) => i.urgency === 'emergency' && i.status === 'open')).toBe(true);
    expect(items.some((i) => i.overdue)).toBe(true);
  });

  it('Refunds: the duplicate deposit given back whole, the moved-out deposit less its deductions, one still owed', async () => {
    // Refunds are sent by the job queue once the workers run, as an admin's are.
    const refunds = await eventually(async () => {
      const answer = (await get('/api/admin/refunds')) as {
        due: { amount: number; payment_type: string }[];
        refunds: { status: string; reason: string; amount: number }[];
      };
      return answer.refunds.every((r) => r.status === 'processed') && answer.refunds.length === 2
        ? answer
        : null;
    }, 60_000);
    expect(refunds.refunds.map((r) => [r.reason, r.amount]).sort()).toEqual([
      ['Caution deposit paid twice', 50_000],
      ['Caution deposit returned on move-out, less ₦25,000 of deductions', 75_000],
    ]);
    expect(refunds.due).toEqual([expect.objectContaining({ payment_type: 'CAUTION_FEE', amount: 100_000 })]);
  }, 90_000);

  it('the moved-out tenant has her statement: ₦100,000 held, ₦25,000 kept, ₦75,000 refunded', async () => {
    const [bola] = await app.deps.db
      .select()
      .from(users)
      .where(eq(users.email, 'bola.adebayo@students.example.com'));
    const [tenancy] = await app.deps.db.select().from(tenancies).where(eq(tenancies.userId, bola!.id));
    expect(tenancy).toMatchObject({ endReason: 'tenant_notice', depositHeld: 100_000 });
    expect(lagosDateOf(tenancy!.endedAt!)).toBe(addDays(todayInLagos(), -20));
    expect(lagosDateOf(tenancy!.noticeGivenAt!)).toBe(
      addDays(todayInLagos(), -20 - config.site.tenantNoticeDays),
    );
  });

  it('Reports: revenue in every month a demo payment fell in, the totals the rooms add up to', async () => {
    const from = addDays(todayInLagos(), -420);
    const revenue = (await get(`/api/admin/reports/revenue?from=${from}&to=${todayInLagos()}`)) as {
      months: { total: number }[];
      totals: { agent_fees: number; rent: number; refunds: number; total: number };
    };
    // Deposits and their refunds are held money, not revenue.
    expect(revenue.totals).toMatchObject({
      agent_fees: AGENT_FEES_TOTAL,
      rent: RENT_TOTAL,
      refunds: 0,
      total: AGENT_FEES_TOTAL + RENT_TOTAL,
    });
    expect(revenue.months.filter((m) => m.total > 0).length).toBeGreaterThanOrEqual(6);
    const funnel = (await get(`/api/admin/reports/funnel?from=${from}&to=${todayInLagos()}`)) as {
      stages: { stage: string; count: number }[];
    };
    // Each tenant booked before paying rent, so the demo's bookings lead on to its rent.
    expect(funnel.stages.map((s) => [s.stage, s.count])).toEqual([
      ['inspection_booked', 10],
      ['agent_fee_paid', 10],
      ['rent_paid', 7],
    ]);
  });

  it('bookings are dated when each student booked, with inspections spread over the days', async () => {
    const all = (await get('/api/bookings')) as { created_at: string; inspection_date_time: string }[];
    expect(all).toHaveLength(10);
    const bookedOn = new Set(all.map((b) => lagosDateOf(new Date(b.created_at))));
    expect(bookedOn.size).toBe(10);
    expect(bookedOn).toContain(addDays(todayInLagos(), -(410 + 3)));
    const upcoming = (await get('/api/bookings?upcoming=true')) as { inspection_date_time: string }[];
    expect(upcoming.map((b) => b.inspection_date_time.slice(0, 10))).toEqual([
      todayInLagos(),
      addDays(todayInLagos(), 1),
      addDays(todayInLagos(), 4),
    ]);
  });

  it('a demo student logs in with the password kept for her and her receipts verify', async () => {
    const file = path.join(dataDir, 'demo-passwords.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(10);
    const [email, password] = lines.find((l) => l.startsWith('tunde.bakare@'))!.split(' ');
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode, login.body).toBe(200);
    const student = { authorization: `Bearer ${login.json().token}` };
    const mine = (await get('/api/payments/mine', student)) as {
      reference: string;
      payment_type: string;
      amount: number;
      status: string;
      paid_at: string;
      receipt_number: string;
    }[];
    expect(mine.map((p) => [p.payment_type, p.amount, p.status]).sort()).toEqual([
      ['AGENT_FEE', 185_000, 'success'],
      ['CAUTION_FEE', 100_000, 'success'],
      ['ROOM_RENT', 1_850_000, 'success'],
    ]);
    for (const p of mine) {
      // Numbered in the Lagos year it was paid in, and a printout checks out as genuine.
      expect(p.receipt_number).toMatch(
        new RegExp(`^SN-${lagosDateOf(new Date(p.paid_at)).slice(0, 4)}-\\d{6}$`),
      );
      const check = await app.inject({
        method: 'GET',
        url: `/verify?receipt_number=${p.receipt_number}&amount=${p.amount}`,
      });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.body).toContain('Genuine StudyNest receipt');
    }
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/payments/${mine.find((p) => p.payment_type === 'ROOM_RENT')!.reference}/receipt.pdf`,
      headers: student,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

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

  it('is added once: a second start adds nothing', async () => {
    const rowsNow = async () => {
      const [u] = await app.deps.db.select({ n: count() }).from(users);
      const [b] = await app.deps.db.select({ n: count() }).from(bookings);
      const [p] = await app.deps.db.select({ n: count() }).from(payments);
      const [t] = await app.deps.db.select({ n: count() }).from(tenancies);
      return [u!.n, b!.n, p!.n, t!.n];
    };
    const before = await rowsNow();
    await app.close();
    await start();
    expect(await rowsNow()).toEqual(before);
    expect((await get('/api/hostels?limit=50')).items).toHaveLength(5);
    expect(await get('/api/payments/tenants')).toHaveLength(6);
  });

  it('npm run check:ledger holds on it', async () => {
    await app.close();
    const run = runOperatorCommand(
      'ledger/check-ledger.ts',
      onPostgres ? { DATABASE_URL: config.databaseUrl! } : { DATA_DIR: dataDir },
    );
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain(`all ${INVARIANTS.length} invariants hold`);
    await start();
  });
});
