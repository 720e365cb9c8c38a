import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { todayInLagos } from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig, usingPostgres } from '../../test/build-test-app.ts';
import { eventually } from '../../test/eventually.ts';
import { insertHostel, insertRoom, signedInUser } from '../../test/factories.ts';
import { runOperatorCommand } from '../../test/operator-command.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { PGLITE_EXTENSIONS } from '../db/client.ts';
import { bookings } from '../modules/bookings/bookings.schema.ts';
import {
  book,
  bookOk,
  initiate,
  initiateAgentFeeOk,
  initiateRentOk,
  lagosDatePlusDays,
  payAtCheckout,
  receiptUrl,
  type Student,
  verify,
} from '../modules/payments/payments.fixtures.ts';
import { payments } from '../modules/payments/payments.schema.ts';
import { refunds } from '../modules/refunds/refunds.schema.ts';
import { tenancies } from '../modules/tenancies/tenancies.schema.ts';
import { checkLedger, INVARIANTS, type Violation } from './invariants.ts';

type App = Pick<TestApp, 'app' | 'db' | 'config'>;

async function payOk(t: App, student: Student, link: { checkoutLink: string; reference: string }) {
  await payAtCheckout(t as TestApp, link.checkoutLink);
  const res = await verify(t as TestApp, student, link.reference);
  expect(res.json().status, res.body).toBe('success');
  return link.reference;
}

const refundProcessed = (t: App, id: string) =>
  eventually(async () => {
    const [r] = await t.db.select().from(refunds).where(eq(refunds.id, id));
    return r?.status === 'processed';
  });

/**
 * A little of everything, through the API: a tenant with a deposit, a tenant moved out with a
 * deduction (deposit refund processed), a booked room with its deposit held, a cancelled
 * inspection whose fee was refunded in two parts, an abandoned checkout and an untouched room.
 */
async function activity(t: App) {
  const admin = await signedInUser(t, { role: 'admin' });
  const hostel = await insertHostel(t.db);
  const room = () => insertRoom(t.db, hostel.id, { agentFee: 20_000, cautionFee: 50_000, price: 400_000 });
  const [rented, movedOut, booked, bookedNoDeposit, cancelled, idle] = [
    await room(),
    await room(),
    await room(),
    await room(),
    await room(),
    await room(),
  ];

  async function bookAndPay(r: typeof rented, { deposit = false, rent = false, days = 1 } = {}) {
    const student = await signedInUser(t);
    // Cancelling needs an inspection outside the cancellation window: `days` ahead.
    const booked = await book(t as TestApp, student, r, lagosDatePlusDays(days));
    expect(booked.statusCode, booked.body).toBe(201);
    const res = booked.json() as { _id: string };
    const fee = await payOk(t, student, await initiateAgentFeeOk(t as TestApp, student, r, res._id));
    let depositRef: string | null = null;
    if (deposit) {
      const d = await initiate(t as TestApp, 'caution-fee', student, {
        booking_id: res._id,
        callback_url: receiptUrl(t as TestApp),
      });
      expect(d.statusCode, d.body).toBe(201);
      depositRef = await payOk(t, student, d.json());
    }
    const rentRef = rent ? await payOk(t, student, await initiateRentOk(t as TestApp, student, r)) : null;
    const byRef = async (ref: string | null) =>
      ref ? (await t.db.select().from(payments).where(eq(payments.reference, ref)))[0]! : null;
    const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.roomId, r.id));
    return {
      student,
      bookingId: res._id,
      fee: (await byRef(fee))!,
      deposit: await byRef(depositRef),
      rent: await byRef(rentRef),
      tenancy,
    };
  }

  const tenant = await bookAndPay(rented, { deposit: true, rent: true });
  const leaver = await bookAndPay(movedOut, { deposit: true, rent: true });
  const moved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/tenancies/${leaver.tenancy!.id}/move-out`,
    headers: admin.headers,
    payload: {
      date: todayInLagos(),
      reason: 'breach',
      deductions: [{ description: 'Broken louvre', amount: 7_500 }],
    },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await refundProcessed(t, moved.json().refund._id);
  const booker = await bookAndPay(booked, { deposit: true });
  // A transfer to the booker's account number that matches nothing she owes: held as her credit.
  await t.app.inject({ method: 'POST', url: '/api/me/dedicated-account', headers: booker.student.headers });
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/transfers',
    headers: booker.student.headers,
    payload: { amount: 1 },
  });
  expect(sent.json(), sent.body).toMatchObject({ outcome: 'held' });
  const plainBooker = await bookAndPay(bookedNoDeposit);

  const canceller = await bookAndPay(cancelled, { days: 10 });
  const cancel = await t.app.inject({
    method: 'POST',
    url: `/api/bookings/${canceller.bookingId}/cancel`,
    headers: canceller.student.headers,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const refundIds: string[] = [];
  for (const amount of [5_000, 15_000]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds',
      headers: admin.headers,
      payload: { reference: canceller.fee.reference, amount, reason: 'Inspection cancelled' },
    });
    expect(res.statusCode, res.body).toBe(202);
    await refundProcessed(t, res.json()._id);
    refundIds.push(res.json()._id);
  }

  // A checkout left with Cancel: abandoned, no receipt.
  const quitter = await signedInUser(t);
  const quit = await bookOk(t as TestApp, quitter, idle);
  const link = await initiateAgentFeeOk(t as TestApp, quitter, idle, quit._id);
  const res = await t.app.inject({
    method: 'POST',
    url: `${new URL(link.checkoutLink).pathname}/cancel`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(res.statusCode).toBe(303);
  expect((await verify(t as TestApp, quitter, link.reference)).json().status).toBe('abandoned');
  // Its hold lapses (the clock), so the room is simply available again.
  await t.db.execute(sql`update rooms set held_until = now() - interval '1 minute' where id = ${idle.id}`);
  await t.db.execute(
    sql`update bookings set hold_expires_at = now() - interval '1 minute' where id = ${quit._id}`,
  );
  const [abandoned] = await t.db.select().from(payments).where(eq(payments.reference, link.reference));

  return {
    rooms: { rented, movedOut, booked, bookedNoDeposit, cancelled, idle },
    tenant,
    leaver,
    booker,
    plainBooker,
    canceller,
    refundIds,
    abandoned: abandoned!,
  };
}

class Rollback extends Error {
  constructor(readonly found: Violation[]) {
    super('rolled back');
  }
}

/** Runs `corrupt` and the check in one transaction that is then rolled back: the database stays clean. */
async function checkCorrupted(db: Db, statements: string[]): Promise<Violation[]> {
  try {
    await db.transaction(async (tx) => {
      for (const s of statements) await tx.execute(sql.raw(s));
      throw new Rollback(await checkLedger(tx));
    });
  } catch (err) {
    if (err instanceof Rollback) return err.found;
    throw err;
  }
  throw new Error('unreachable');
}

type Facts = Awaited<ReturnType<typeof activity>>;

/** For each invariant, single statements (after optional setup) that break exactly that invariant. */
const CORRUPTIONS: { invariant: string; what: string; setup?: string[]; sql: (f: Facts) => string }[] = [
  {
    invariant: 'refunds-within-payment',
    what: 'a refund grown past its payment',
    sql: (f) => `update refunds set amount = amount + 100000 where id = '${f.refundIds[0]}'`,
  },
  {
    invariant: 'closed-payment-keeps-the-rest',
    what: 'a payment closed with a kept amount that is not what was left of it',
    sql: (f) =>
      `insert into refund_closures (payment_id, kept_amount, reason)
       select payment_id, 1, 'Corrupted' from refunds where id = '${f.refundIds[0]}'`,
  },
  {
    invariant: 'spent-agent-fee-not-owed-back',
    what: "the running tenant's agent fee flagged for a refund",
    sql: (f) =>
      `update payments set needs_refund = true, refund_reason = 'inspection_cancelled' where id = '${f.tenant.fee.id}'`,
  },
  {
    invariant: 'spent-agent-fee-not-owed-back',
    what: "the moved-out tenant's (spent) agent fee flagged for a refund",
    sql: (f) =>
      `update payments set needs_refund = true, refund_reason = 'inspection_cancelled' where id = '${f.leaver.fee.id}'`,
  },
  {
    invariant: 'deposit-arithmetic',
    what: 'a deduction grown past what was left of the deposit',
    sql: (f) =>
      `update tenancy_deductions set amount = amount + 50000 where tenancy_id = '${f.leaver.tenancy!.id}'`,
  },
  {
    invariant: 'deposit-arithmetic',
    what: "a statement's deposit held that was not held",
    sql: (f) => `update tenancies set deposit_held = deposit_held - 1 where id = '${f.leaver.tenancy!.id}'`,
  },
  {
    invariant: 'no-stranded-deposit',
    what: 'a held deposit moved to a student with neither tenancy nor booking',
    sql: (f) =>
      `update payments set user_id = '${f.canceller.student.user.id}' where id = '${f.booker.deposit!.id}'`,
  },
  {
    invariant: 'rent-parts-paid-by-payments',
    what: "a part of the tenant's year said to be paid by less than its payment put on it",
    sql: (f) => `update rent_parts set paid = paid - 1 where tenancy_id = '${f.tenant.tenancy!.id}'`,
  },
  {
    invariant: 'rent-parts-paid-by-payments',
    what: "the tenant's rent flagged owed back while it pays her year",
    sql: (f) =>
      `update payments set needs_refund = true, refund_reason = 'duplicate' where id = '${f.tenant.rent!.id}'`,
  },
  {
    invariant: 'one-running-tenancy',
    what: 'a second running tenancy of the same student and room',
    setup: ['drop index tenancies_room_active_uq'],
    sql: (f) =>
      `insert into tenancies (user_id, room_id, hostel_id, start_date, due_date)
       select user_id, room_id, hostel_id, start_date, due_date from tenancies where id = '${f.tenant.tenancy!.id}'`,
  },
  {
    invariant: 'rented-room-has-its-tenant',
    what: "the tenant's room shown available",
    sql: (f) => `update rooms set status = 'available' where id = '${f.rooms.rented.id}'`,
  },
  {
    invariant: 'rented-room-has-its-tenant',
    what: 'a room shown rented with nobody in it',
    sql: (f) => `update rooms set status = 'rented' where id = '${f.rooms.idle.id}'`,
  },
  {
    invariant: 'booked-room-has-its-booking',
    what: 'a room shown booked with no paid booking',
    sql: (f) => `update rooms set status = 'booked' where id = '${f.rooms.idle.id}'`,
  },
  {
    invariant: 'booked-room-has-its-booking',
    what: "the booked room's booking expired behind its back",
    sql: (f) => `update bookings set status = 'expired' where id = '${f.plainBooker.bookingId}'`,
  },
  {
    invariant: 'receipt-numbers',
    what: 'a success with its receipt number taken away',
    sql: (f) => `update payments set receipt_number = null where id = '${f.tenant.rent!.id}'`,
  },
  {
    invariant: 'receipt-numbers',
    what: 'a receipt number skipped by the counter',
    sql: () => 'update receipt_counters set last = last + 1',
  },
  {
    invariant: 'receipt-numbers',
    what: 'a receipt number on an abandoned payment',
    sql: (f) => `update payments set receipt_number = 'SN-1999-000001' where id = '${f.abandoned.id}'`,
  },
  {
    invariant: 'states-and-their-fields',
    what: 'a processed refund without processed_at',
    sql: (f) => `update refunds set processed_at = null where id = '${f.refundIds[1]}'`,
  },
  {
    invariant: 'states-and-their-fields',
    what: 'a confirmed booking without confirmed_at',
    sql: (f) => `update bookings set confirmed_at = null where id = '${f.booker.bookingId}'`,
  },
  {
    invariant: 'states-and-their-fields',
    what: 'a successful payment without paid_at',
    sql: (f) => `update payments set paid_at = null where id = '${f.booker.deposit!.id}'`,
  },
  {
    invariant: 'states-and-their-fields',
    what: 'needs_refund on an abandoned payment',
    sql: (f) =>
      `update payments set needs_refund = true, refund_reason = 'duplicate' where id = '${f.abandoned.id}'`,
  },
  {
    invariant: 'states-and-their-fields',
    what: 'a payment status outside the state machine (its CHECK dropped first)',
    setup: ['alter table payments drop constraint payments_status_ck'],
    sql: (f) => `update payments set status = 'reversed' where id = '${f.abandoned.id}'`,
  },
  {
    invariant: 'transfer-accounted-for',
    what: 'a success recorded as paid from a transfer that applied nothing to it',
    sql: (f) =>
      `update payments set transfer_reference = (select provider_reference from bank_transfers limit 1) where reference = '${f.booker.fee.reference}'`,
  },
  {
    invariant: 'states-and-their-fields',
    what: 'a room status outside the list (its CHECK dropped first)',
    setup: ['alter table rooms drop constraint rooms_status_ck'],
    sql: (f) => `update rooms set status = 'demolished' where id = '${f.rooms.idle.id}'`,
  },
];

describe('ledger invariants', () => {
  let t: TestApp;
  let facts: Facts;
  beforeAll(async () => {
    t = await buildTestApp();
    facts = await activity(t);
  });
  afterAll(() => t.close());

  it('hold after real activity through the API', async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('every invariant has a corruption that breaks it', () => {
    expect(new Set(CORRUPTIONS.map((c) => c.invariant))).toEqual(new Set(INVARIANTS.map((i) => i.name)));
  });

  it.each(CORRUPTIONS)('$invariant: $what is reported, and nothing else', async (c) => {
    const found = await checkCorrupted(t.db, [...(c.setup ?? []), c.sql(facts)]);
    expect(
      found.map((v) => v.name),
      JSON.stringify(found, null, 1),
    ).toEqual([c.invariant]);
    const [v] = found;
    expect(v!.count).toBeGreaterThan(0);
    expect(v!.examples.length).toBe(Math.min(v!.count, 5));
    expect(v!.description).toBe(INVARIANTS.find((i) => i.name === c.invariant)!.description);
  });

  it('the corruptions were rolled back: the ledger still holds', async () => {
    expect(await checkLedger(t.db)).toEqual([]);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, facts.booker.bookingId));
    expect(b?.confirmedAt).toBeTruthy();
  });
});

/** `npm run check:ledger` as an operator runs it, in a process of its own. */
const runCli = (env: Record<string, string>) => runOperatorCommand('ledger/check-ledger.ts', env);

describe('the check:ledger command', () => {
  it('on an embedded database (DATA_DIR): exit 0 when it holds, 1 with the broken invariant after a corruption', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-ledger-'));
    try {
      const config = testConfig(dataDir);
      const app = await buildApp({ ...config, databaseUrl: undefined }, { logger: false });
      await app.ready();
      let idle: string;
      try {
        idle = (await activity({ app, db: app.deps.db, config })).rooms.idle.id;
      } finally {
        await app.close();
      }

      const clean = runCli({ DATA_DIR: dataDir });
      expect(clean.code, clean.out).toBe(0);
      expect(clean.out).toContain(`all ${INVARIANTS.length} invariants hold`);
      expect(clean.out).toMatch(/booked-room-has-its-booking\s+ok/);

      const db = new PGlite(path.join(dataDir, 'db'), { extensions: PGLITE_EXTENSIONS });
      await db.query(`update rooms set status = 'booked' where id = $1`, [idle]);
      await db.close();
      const broken = runCli({ DATA_DIR: dataDir });
      expect(broken.code, broken.out).toBe(1);
      expect(broken.out).toMatch(/booked-room-has-its-booking\s+VIOLATED \(1 rows\)/);
      expect(broken.out).toContain(idle);
      expect(broken.out).toMatch(/refunds-within-payment\s+ok/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('exits 2 when there is no database to check', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'studynest-ledger-none-'));
    try {
      const r = runCli({ DATA_DIR: empty });
      expect(r.code, r.out).toBe(2);
      expect(r.out).toContain('No embedded database');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  // The PostgreSQL run of this suite (TEST_DATABASE_URL) has the server to point the command at.
  if (usingPostgres())
    it('on PostgreSQL (DATABASE_URL): exit 0 when it holds, 1 after a corruption', async () => {
      const t = await buildTestApp();
      try {
        const f = await activity(t);
        const url = t.config.databaseUrl!;
        const clean = runCli({ DATABASE_URL: url });
        expect(clean.code, clean.out).toBe(0);
        await t.db.execute(sql`update refunds set amount = amount + 100000 where id = ${f.refundIds[0]}`);
        const broken = runCli({ DATABASE_URL: url });
        expect(broken.code, broken.out).toBe(1);
        expect(broken.out).toMatch(/refunds-within-payment\s+VIOLATED \(1 rows\)/);
      } finally {
        await t.close();
      }
    });
});
