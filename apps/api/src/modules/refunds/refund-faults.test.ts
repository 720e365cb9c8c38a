import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { signedInUser } from '../../../test/factories.ts';
import { type FakePaystack, paystackPayments, startFakePaystack } from '../../../test/fake-paystack.ts';
import { checkLedger } from '../../ledger/invariants.ts';
import { followOpenCheckouts } from '../checkout/checkout.jobs.ts';
import { messageDeliveries } from '../messages/messages.schema.ts';
import {
  book,
  hostelWithRoom,
  initiateAgentFeeOk,
  lagosDatePlusDays,
  type Student,
  verify,
} from '../payments/payments.fixtures.ts';
import { payments } from '../payments/payments.schema.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { followDueRefunds } from './refund-follow-up.ts';
import { refunds } from './refunds.schema.ts';

/**
 * When the provider does not answer (docs/domain.md, "Refunds" and "Payments"): a timeout, a 5xx
 * after the work was done, a process killed mid-call, a webhook lost, twice or late. Money is never
 * paid twice, nothing stays stuck, and after the follow-up the ledger and the provider agree.
 */
describe('refunds and checkouts when the provider does not answer (fake Paystack)', () => {
  let t: TestApp;
  let fake: FakePaystack;
  let admin: Student;
  /** Paystack's calls time out after this long here (10 s in production). */
  const TIMEOUT_MS = 400;

  beforeAll(async () => {
    fake = await startFakePaystack('sk_test_faults');
    t = await buildTestApp({ rateLimits: false, payments: paystackPayments(fake, TIMEOUT_MS) });
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.refundLatencyMs = 0;
    fake.refundFailsAfterWork = false;
    fake.refundStartsAs = 'pending';
  });

  const as = (who: Student, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  /** A paid agent fee whose inspection the student cancelled: owed back in full. */
  async function owedBack() {
    const student = await signedInUser(t);
    const { room } = await hostelWithRoom(t, { agentFee: 20_000 });
    const booked = await book(t, student, room, lagosDatePlusDays(3));
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json()._id as string;
    const { reference } = await initiateAgentFeeOk(t, student, room, bookingId);
    fake.settle(reference, 'success');
    expect((await verify(t, student, reference)).json().status).toBe('success');
    expect((await as(student, 'POST', `/api/bookings/${bookingId}/cancel`)).statusCode).toBe(200);
    return { student, room, reference };
  }

  const askRefund = (reference: string, amount = 20_000) =>
    as(admin, 'POST', '/api/admin/refunds', { reference, amount, reason: 'Inspection cancelled' });
  const rowOf = async (id: string) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
  const atPaystack = (reference: string) =>
    [...fake.refunds.values()].filter((r) => r.reference === reference);
  /** The follow-up job's next run, with its time come (the clock). */
  async function followUp() {
    await t.db.execute(sql`update refunds set next_check_at = now() where next_check_at is not null`);
    await followDueRefunds(t.app.deps);
  }
  const processedNotices = async (id: string) =>
    t.db
      .select({ id: messageDeliveries.id })
      .from(messageDeliveries)
      .where(like(messageDeliveries.dedupeKey, `refund-notice:${id}:%`));
  const ledgerHolds = async () => expect(await checkLedger(t.db)).toEqual([]);

  it('a refund call that times out is unknown, refused a second time, and settled once by the follow-up', async () => {
    const { reference } = await owedBack();
    fake.refundLatencyMs = TIMEOUT_MS * 3;
    const asked = await askRefund(reference);
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json()._id as string;
    const unknown = await eventually(async () => {
      const row = await rowOf(id);
      return row.status === 'unknown' ? row : null;
    });
    expect(unknown.providerRefundId).toBeNull();
    // Paystack did the work; StudyNest does not know. An admin's second try is refused: it could pay twice.
    const again = await askRefund(reference);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toMatch(/outcome is not known yet/);
    // Reading the refund changes nothing.
    expect((await as(admin, 'GET', `/api/admin/refunds/${id}`)).json().status).toBe('unknown');

    fake.refundLatencyMs = 0;
    fake.settleRefund(atPaystack(reference)[0]!.id, 'processed');
    await followUp();
    const settled = await rowOf(id);
    expect(settled).toMatchObject({
      status: 'processed',
      providerRefundId: String(atPaystack(reference)[0]!.id),
    });
    expect(atPaystack(reference)).toHaveLength(1);
    expect(await processedNotices(id)).toHaveLength(1);
    await ledgerHolds();
  });

  it('keeping the rest waits for a refund whose outcome is unknown: 409, then the rest once it is processed', async () => {
    const { reference } = await owedBack();
    const close = () =>
      as(admin, 'POST', '/api/admin/refunds/close', { reference, reason: 'The visit went ahead' });
    const part = (await askRefund(reference, 5_000)).json()._id as string;
    await eventually(async () => ((await rowOf(part)).providerRefundId ? true : null));
    fake.settleRefund(atPaystack(reference)[0]!.id, 'processed');
    await followUp();
    expect((await rowOf(part)).status).toBe('processed');
    fake.refundLatencyMs = TIMEOUT_MS * 3;
    const more = (await askRefund(reference, 3_000)).json()._id as string;
    await eventually(async () => ((await rowOf(more)).status === 'unknown' ? true : null));
    // Paystack may be paying the ₦3,000 back: what is left is not known, so nothing can be kept yet.
    const early = await close();
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toMatch(/still with the provider, or its outcome is not known yet/);
    expect((await as(admin, 'GET', '/api/admin/refunds')).json().closures).toEqual([]);

    fake.refundLatencyMs = 0;
    fake.settleRefund(atPaystack(reference).find((r) => r.amount === 300_000)!.id, 'processed');
    await followUp();
    expect((await rowOf(more)).status).toBe('processed');
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ refunded_amount: 8_000, kept_amount: 12_000 });
    const { due } = (await as(admin, 'GET', '/api/admin/refunds')).json() as { due: { reference: string }[] };
    expect(due.map((d) => d.reference)).not.toContain(reference);
    await ledgerHolds();
  });

  it('a 5xx after Paystack did the work: unknown, then found in its list and followed to the end', async () => {
    const { reference } = await owedBack();
    fake.refundFailsAfterWork = true;
    const id = (await askRefund(reference)).json()._id as string;
    await eventually(async () => ((await rowOf(id)).status === 'unknown' ? true : null));
    fake.refundFailsAfterWork = false;
    // Still being paid at Paystack: the follow-up learns its id and keeps it pending.
    await followUp();
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      providerRefundId: String(atPaystack(reference)[0]!.id),
    });
    fake.settleRefund(atPaystack(reference)[0]!.id, 'processed');
    await followUp();
    expect((await rowOf(id)).status).toBe('processed');
    expect(atPaystack(reference)).toHaveLength(1);
    await ledgerHolds();
  });

  it('a process killed while Paystack answered: the refund sent with no id is not stuck', async () => {
    const { reference } = await owedBack();
    // The worker claimed it (sent_at), Paystack made it, and the process died before the answer.
    const id = (await askRefund(reference)).json()._id as string;
    await eventually(async () => ((await rowOf(id)).providerRefundId ? true : null));
    await t.db
      .update(refunds)
      .set({ status: 'pending', providerRefundId: null, providerData: null })
      .where(eq(refunds.id, id));
    fake.settleRefund(atPaystack(reference)[0]!.id, 'processed');
    await followUp();
    expect((await rowOf(id)).status).toBe('processed');
    await ledgerHolds();

    // And one Paystack never made (the process died before the call): failed once Paystack has had
    // time to list it, and only then may an admin try again.
    const other = await owedBack();
    fake.down = true;
    const lost = (await askRefund(other.reference)).json()._id as string;
    await eventually(async () => ((await rowOf(lost)).status === 'unknown' ? true : null));
    fake.down = false;
    expect((await askRefund(other.reference)).statusCode).toBe(409);
    await t.db.execute(sql`update refunds set sent_at = now() - interval '11 minutes' where id = ${lost}`);
    await followUp();
    expect(await rowOf(lost)).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/no record/),
    });
    const retry = await askRefund(other.reference);
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json().retry_of).toBe(lost);
    await ledgerHolds();
  });

  it('a lost webhook: the follow-up asks Paystack; a webhook twice or late changes nothing more', async () => {
    const { reference } = await owedBack();
    const id = (await askRefund(reference)).json()._id as string;
    await eventually(async () => ((await rowOf(id)).providerRefundId ? true : null));
    const [atPs] = atPaystack(reference);
    fake.settleRefund(atPs!.id, 'processed');
    // The webhook never comes; an admin's look does not change it; the follow-up does.
    expect((await as(admin, 'GET', `/api/admin/refunds/${id}`)).json().status).toBe('pending');
    await followUp();
    expect((await rowOf(id)).status).toBe('processed');

    // The webhook arrives late, twice at once: nothing moves, the student is told once.
    const signed = fake.refundWebhook(atPs!.id, 'refund.processed');
    const answers = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook/paystack',
          headers: signed.headers,
          payload: signed.body,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await rowOf(id)).status).toBe('processed');
    expect(await processedNotices(id)).toHaveLength(1);
    await ledgerHolds();
  });

  it('a webhook for a refund whose id was lost is matched by transaction and amount', async () => {
    const { reference } = await owedBack();
    fake.refundLatencyMs = TIMEOUT_MS * 3;
    const id = (await askRefund(reference, 5_000)).json()._id as string;
    await eventually(async () => ((await rowOf(id)).status === 'unknown' ? true : null));
    fake.refundLatencyMs = 0;
    const [atPs] = atPaystack(reference);
    fake.settleRefund(atPs!.id, 'processed');
    const signed = fake.refundWebhook(atPs!.id, 'refund.processed');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paystack',
      headers: signed.headers,
      payload: signed.body,
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'processed', providerRefundId: String(atPs!.id) });
    await ledgerHolds();
  });

  it("an admin's check asks now (POST); reading never does (GET)", async () => {
    const { reference } = await owedBack();
    const id = (await askRefund(reference)).json()._id as string;
    await eventually(async () => ((await rowOf(id)).providerRefundId ? true : null));
    fake.settleRefund(atPaystack(reference)[0]!.id, 'failed');
    expect((await as(admin, 'GET', `/api/admin/refunds/${id}`)).json().status).toBe('pending');
    const checked = await as(admin, 'POST', `/api/admin/refunds/${id}/check`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ status: 'failed' });
    const student = await signedInUser(t);
    expect((await as(student, 'POST', `/api/admin/refunds/${id}/check`)).statusCode).toBe(403);
  });

  it('a checkout paid while our webhook was down is found and applied before it is called abandoned', async () => {
    const student = await signedInUser(t);
    const { room } = await hostelWithRoom(t, { agentFee: 20_000 });
    const booked = await book(t, student, room, lagosDatePlusDays(3));
    const { reference } = await initiateAgentFeeOk(t, student, room, booked.json()._id);
    fake.settle(reference, 'success');
    // No webhook, no callback: two hours on, the sweep asks Paystack before giving up on it.
    await t.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '3 hours'` })
      .where(eq(payments.reference, reference));
    await followOpenCheckouts(t.app.deps);
    const [paid] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(paid).toMatchObject({ status: 'success', needsRefund: false });
    expect(
      (
        await t.db
          .select()
          .from(rooms)
          .where(and(eq(rooms.id, room.id), eq(rooms.status, 'booked')))
      ).length,
    ).toBe(1);

    // One nobody paid is asked too, then called abandoned (still payable if money arrives later).
    const other = await signedInUser(t);
    const { room: second } = await hostelWithRoom(t, { agentFee: 20_000 });
    const otherBooking = await book(t, other, second, lagosDatePlusDays(3));
    const left = await initiateAgentFeeOk(t, other, second, otherBooking.json()._id);
    fake.transactions.get(left.reference)!.status = 'abandoned';
    await t.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '3 hours'` })
      .where(eq(payments.reference, left.reference));
    fake.calls.verify = 0;
    await followOpenCheckouts(t.app.deps);
    expect(fake.calls.verify).toBeGreaterThanOrEqual(1);
    const [abandoned] = await t.db.select().from(payments).where(eq(payments.reference, left.reference));
    expect(abandoned?.status).toBe('abandoned');
    await ledgerHolds();
  });
});
