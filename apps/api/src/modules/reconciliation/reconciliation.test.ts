import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { todayInLagos } from '@studynest/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { signedInUser } from '../../../test/factories.ts';
import { type FakePaystack, paystackPayments, startFakePaystack } from '../../../test/fake-paystack.ts';
import { runOperatorCommand } from '../../../test/operator-command.ts';
import { buildApp } from '../../app.ts';
import { PGLITE_EXTENSIONS } from '../../db/client.ts';
import { messageDeliveries } from '../messages/messages.schema.ts';
import {
  book,
  hostelWithRoom,
  initiateAgentFeeOk,
  lagosDatePlusDays,
  payAtCheckout,
  type Student,
  verify,
} from '../payments/payments.fixtures.ts';
import { payments } from '../payments/payments.schema.ts';
import { refunds } from '../refunds/refunds.schema.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { bankTransfers } from '../transfers/transfers.schema.ts';

type Run = {
  _id: string;
  day: string;
  status: string;
  error: string | null;
  counts: Record<string, number>;
  differences: { kind: string; reference: string; settled: boolean; what_to_do: string }[];
};

/**
 * The daily reconciliation (docs/domain.md, "Reconciliation"), against the fake Paystack's lists:
 * each difference a provider can have with us is found, and settled where it can be.
 */
describe('daily reconciliation with the provider (fake Paystack)', () => {
  let t: TestApp;
  let fake: FakePaystack;
  let admin: Student;
  const today = todayInLagos();

  beforeAll(async () => {
    fake = await startFakePaystack('sk_test_recon');
    t = await buildTestApp({ rateLimits: false, payments: paystackPayments(fake, 400, true) });
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const reconcile = async (date = today) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation',
      headers: admin.headers,
      payload: { date },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Run;
  };
  const differencesOf = (run: Run, reference: string) =>
    run.differences.filter((d) => d.reference === reference);

  /** A student's agent fee started at Paystack (not yet answered). */
  async function startedFee() {
    const student = await signedInUser(t);
    const { room } = await hostelWithRoom(t, { agentFee: 20_000 });
    const booked = await book(t, student, room, lagosDatePlusDays(3));
    expect(booked.statusCode, booked.body).toBe(201);
    const link = await initiateAgentFeeOk(t, student, room, booked.json()._id);
    return { student, room, bookingId: booked.json()._id as string, ...link };
  }
  async function paidFee() {
    const started = await startedFee();
    fake.settle(started.reference, 'success');
    expect((await verify(t, started.student, started.reference)).json().status).toBe('success');
    return started;
  }

  it('agrees on a day where both sides saw the same payments, and keeps the run', async () => {
    const { reference } = await paidFee();
    const run = await reconcile();
    expect(run.day).toBe(today);
    expect(differencesOf(run, reference)).toEqual([]);
    expect(run.counts.theirs_payments).toBeGreaterThanOrEqual(1);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reconciliation',
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Run[]).map((r) => r._id)).toContain(run._id);
    const student = await signedInUser(t);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reconciliation', headers: student.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('finds money the provider took for a reference we never started, and tells the admins', async () => {
    fake.transactions.set('SN-AF-NOT-OURS', {
      reference: 'SN-AF-NOT-OURS',
      amount: 1_500_000,
      email: 'someone@example.com',
      currency: 'NGN',
      callbackUrl: '',
      metadata: {},
      status: 'success',
      paidAt: new Date().toISOString(),
    });
    const run = await reconcile();
    expect(differencesOf(run, 'SN-AF-NOT-OURS')).toEqual([
      expect.objectContaining({ kind: 'unknown_to_us', settled: false }),
    ]);
    expect(run.status).toBe('differences');
    const told = await eventually(async () => {
      const rows = await t.db
        .select()
        .from(messageDeliveries)
        .where(like(messageDeliveries.dedupeKey, `reconciliation:${run._id}:%`));
      return rows.length ? rows : null;
    });
    expect(told[0]).toMatchObject({ recipient: admin.user.email, topic: 'payment' });
    expect(told[0]!.text).toContain('SN-AF-NOT-OURS');
    fake.transactions.delete('SN-AF-NOT-OURS');
  });

  it('matches transfers to account numbers: applied and held ones agree, a lost one is recorded, a credit refund settles', async () => {
    const { student, room } = await paidFee();
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/me/dedicated-account',
      headers: student.headers,
    });
    expect(account.json().state, account.body).toBe('assigned');
    const customer = [...fake.customers.values()].find((c) => c.email === student.user.email)!;
    const hook = async (reference: string) => {
      const { body, headers } = fake.transferWebhook(reference);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/payments/webhook/paystack',
            headers,
            payload: body,
          })
        ).statusCode,
      ).toBe(200);
    };
    // Applied (its payment has our own reference, which the provider never lists) and held.
    const applied = fake.receiveTransfer(customer.code, room.cautionFee * 100);
    await hook(applied);
    const held = fake.receiveTransfer(customer.code, 777 * 100);
    await hook(held);
    // One whose webhook never came.
    const lost = fake.receiveTransfer(customer.code, 555 * 100);

    fake.refundStartsAs = 'pending';
    const [credit] = (await t.app.inject({ method: 'GET', url: '/api/me/credits', headers: student.headers }))
      .json()
      .filter((c: { reference: string }) => c.reference === held);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/credits/${credit._id}/refund`,
      headers: admin.headers,
      payload: { reason: 'Sent by mistake' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = [...fake.refunds.values()].find((r) => r.reference === held)!;
    fake.settleRefund(refund.id, 'processed');

    const run = await reconcile();
    expect(differencesOf(run, applied)).toEqual([]);
    const [paid] = await t.db.select().from(payments).where(eq(payments.transferReference, applied));
    expect(differencesOf(run, paid!.reference)).toEqual([]);
    expect(differencesOf(run, lost)).toEqual([
      expect.objectContaining({ kind: 'missing_ours', settled: true }),
    ]);
    const [lostRow] = await t.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.providerReference, lost));
    expect(lostRow).toMatchObject({ status: 'held', held: 555, userId: student.user.id });
    expect(differencesOf(run, held)).toEqual([
      expect.objectContaining({ kind: 'refund_status_differs', settled: true }),
    ]);
    const [heldRow] = await t.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.providerReference, held));
    expect(heldRow).toMatchObject({ status: 'refunded', refunded: 777, refundState: 'processed' });
    // Once settled, the day agrees.
    const again = await reconcile();
    for (const reference of [applied, held, lost]) expect(differencesOf(again, reference)).toEqual([]);
  });

  it('applies a payment whose webhook and callback were lost, and records it as settled', async () => {
    const { reference, room } = await startedFee();
    fake.settle(reference, 'success');
    const run = await reconcile();
    expect(differencesOf(run, reference)).toEqual([
      expect.objectContaining({ kind: 'missing_ours', settled: true }),
    ]);
    const [paid] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(paid?.status).toBe('success');
    expect((await t.db.select().from(rooms).where(eq(rooms.id, room.id)))[0]?.status).toBe('booked');
  });

  it('finds a success of ours the provider does not show, and an amount that differs', async () => {
    const reversed = await paidFee();
    fake.settle(reversed.reference, 'failed');
    const changed = await paidFee();
    fake.transactions.get(changed.reference)!.paidAmount = 1_000_000;
    const run = await reconcile();
    expect(differencesOf(run, reversed.reference)).toEqual([
      expect.objectContaining({ kind: 'missing_theirs', settled: false }),
    ]);
    expect(differencesOf(run, changed.reference)).toEqual([
      expect.objectContaining({ kind: 'amount_differs', settled: false }),
    ]);
    // Put right at the provider, so later runs of the day agree on them.
    fake.settle(reversed.reference, 'success');
    fake.transactions.get(changed.reference)!.paidAmount = undefined;
  });

  it('finds a payment refunded twice: once by us, once more at the provider', async () => {
    const { reference, student, bookingId } = await paidFee();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/bookings/${bookingId}/cancel`,
          headers: student.headers,
        })
      ).statusCode,
    ).toBe(200);
    fake.refundStartsAs = 'processed';
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds',
      headers: admin.headers,
      payload: { reference, amount: 20_000, reason: 'Inspection cancelled' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await eventually(async () => {
      const [row] = await t.db.select().from(refunds).where(eq(refunds.id, asked.json()._id));
      return row?.status === 'processed' ? row : null;
    });
    // Someone refunds it again from Paystack's dashboard.
    fake.refunds.set(77_001, {
      id: 77_001,
      reference,
      amount: 2_000_000,
      merchantNote: 'dashboard',
      status: 'processed',
      createdAt: new Date().toISOString(),
    });
    const run = await reconcile();
    const kinds = differencesOf(run, reference).map((d) => d.kind);
    expect(kinds).toEqual(expect.arrayContaining(['refund_unknown_to_us', 'refunded_more_than_once']));
    fake.refundStartsAs = 'pending';
  });

  it('takes up a refund whose answer was lost', async () => {
    const { reference, student, bookingId } = await paidFee();
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      headers: student.headers,
    });
    fake.refundLatencyMs = 1_200;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds',
      headers: admin.headers,
      payload: { reference, amount: 20_000, reason: 'Inspection cancelled' },
    });
    const id = asked.json()._id as string;
    await eventually(async () => {
      const [row] = await t.db.select().from(refunds).where(eq(refunds.id, id));
      return row?.status === 'unknown' ? row : null;
    });
    fake.refundLatencyMs = 0;
    const run = await reconcile();
    expect(differencesOf(run, reference)).toEqual([
      expect.objectContaining({ kind: 'refund_status_differs', settled: true }),
    ]);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, id));
    expect(row?.providerRefundId).not.toBeNull();
  });

  it('keeps a failed run, with why, when the provider does not answer', async () => {
    fake.down = true;
    try {
      const run = await reconcile();
      expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/not answering/) });
    } finally {
      fake.down = false;
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation',
      headers: admin.headers,
      payload: { date: '2026-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.date).toBeDefined();
  });
});

describe('daily reconciliation with the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('agrees with the sandbox, which answers the lists in the same shape', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const student = await signedInUser(t);
    const { room } = await hostelWithRoom(t, { agentFee: 20_000 });
    const booked = await book(t, student, room, lagosDatePlusDays(3));
    const { checkoutLink, reference } = await initiateAgentFeeOk(t, student, room, booked.json()._id);
    await payAtCheckout(t, checkoutLink);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation',
      headers: admin.headers,
      payload: { date: todayInLagos() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json() as Run;
    expect(run).toMatchObject({ status: 'agreed', differences: [] });
    expect(run.counts).toMatchObject({ ours_payments: 1, theirs_payments: 1 });
    expect(reference).toMatch(/^SN-AF-/);
  });
});

/** `npm run reconcile -- --date YYYY-MM-DD` as an operator runs it: the server's configuration from the environment. */
const reconcileCli = (env: Record<string, string>, args: string[]) =>
  runOperatorCommand('reconcile.ts', env, args);

describe('the reconcile command', () => {
  it('reconciles a day on an embedded database with the sandbox: exit 0 when it agrees, the run kept', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-reconcile-'));
    try {
      const config = { ...testConfig(dataDir), databaseUrl: undefined };
      const app = await buildApp(config, { logger: false });
      await app.ready();
      const t: TestApp = { app, db: app.deps.db, config, close: () => app.close() };
      try {
        const student = await signedInUser(t);
        const { room } = await hostelWithRoom(t, { agentFee: 20_000 });
        const booked = await book(t, student, room, lagosDatePlusDays(3));
        const { checkoutLink } = await initiateAgentFeeOk(t, student, room, booked.json()._id);
        await payAtCheckout(t, checkoutLink);
      } finally {
        await t.close();
      }

      const today = todayInLagos();
      const r = reconcileCli({ DATA_DIR: dataDir }, ['--date', today]);
      expect(r.code, r.out).toBe(0);
      expect(r.out).toContain(`reconciliation of ${today} with sandbox: agreed (payments 1 ours / 1 theirs`);
      const db = new PGlite(path.join(dataDir, 'db'), { extensions: PGLITE_EXTENSIONS });
      const kept = await db.query('select day::text as day, status from reconciliation_runs');
      await db.close();
      expect(kept.rows).toEqual([{ day: today, status: 'agreed' }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('exits 2 with the usage when the date is missing or not a calendar day', () => {
    for (const args of [[], ['--date', '2026-02-30']]) {
      const r = reconcileCli({}, args);
      expect(r.code, r.out).toBe(2);
      expect(r.out).toContain('Usage: npm run reconcile -- --date YYYY-MM-DD');
    }
  });
});
