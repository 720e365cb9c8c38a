import { formatNaira } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { signedInUser } from '../../../test/factories.ts';
import { type FakePaystack, paystackPayments, startFakePaystack } from '../../../test/fake-paystack.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { adminAudit } from '../audit/audit.schema.ts';
import { bookings } from '../bookings/bookings.schema.ts';
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
import { receiptCode } from '../receipts/receipts.service.ts';
import { refunds } from '../refunds/refunds.schema.ts';
import { rooms } from '../rooms/rooms.schema.ts';

type Refund = {
  _id: string;
  status: string;
  amount: number;
  failure_reason: string | null;
  retry_of: string | null;
};

/** Refunds and inspection cancellations through the real server (docs/domain.md, "Refunds"). */
function refundCalls(get: () => TestApp) {
  const refund = (who: Student, body: Record<string, unknown>) =>
    get().app.inject({ method: 'POST', url: '/api/admin/refunds', headers: who.headers, payload: body });
  const refundOf = (who: Student, id: string) =>
    get().app.inject({ method: 'GET', url: `/api/admin/refunds/${id}`, headers: who.headers });
  /** An admin's "check now": the provider is asked at once (reading alone changes nothing). */
  const checkNow = (who: Student, id: string) =>
    get().app.inject({ method: 'POST', url: `/api/admin/refunds/${id}/check`, headers: who.headers });
  const overview = async (who: Student) => {
    const res = await get().app.inject({ method: 'GET', url: '/api/admin/refunds', headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      due: {
        reference: string;
        reason: string;
        remaining: number;
        age_days: number;
        refunded_amount: number;
      }[];
      refunds: Refund[];
    };
  };
  const cancel = (who: Student, bookingId: string) =>
    get().app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/cancel`, headers: who.headers });
  /** Book an inspection `days` ahead; the agent fee is then paid by `pay`. */
  async function bookingIn(student: Student, days: number) {
    const { room } = await hostelWithRoom(get());
    const res = await book(get(), student, room, lagosDatePlusDays(days));
    expect(res.statusCode, res.body).toBe(201);
    return { room, bookingId: (res.json() as { _id: string })._id };
  }
  const refundsOf = async (reference: string) => {
    const [p] = await get().db.select().from(payments).where(eq(payments.reference, reference));
    return get().db.select().from(refunds).where(eq(refunds.paymentId, p!.id));
  };
  return { refund, refundOf, checkNow, overview, cancel, bookingIn, refundsOf };
}

describe('refunds (sandbox provider)', () => {
  let t: TestApp;
  let admin: Student;
  let otherAdmin: Student;
  const calls = refundCalls(() => t);
  const { refund, refundOf, overview, cancel, bookingIn, refundsOf } = calls;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: false });
    admin = await signedInUser(t, { role: 'admin' });
    otherAdmin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A paid agent fee for an inspection `days` ahead, through the sandbox checkout. */
  async function paidAgentFee(student: Student, days = 3) {
    const { room, bookingId } = await bookingIn(student, days);
    const { reference } = await initiateAgentFeeOk(t, student, room, bookingId);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${reference}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode, paid.body).toBe(303);
    return { room, bookingId, reference };
  }

  /** A paid agent fee whose inspection the student cancelled: owed back in full. */
  async function owedBack(student: Student) {
    const paid = await paidAgentFee(student);
    const res = await cancel(student, paid.bookingId);
    expect(res.statusCode, res.body).toBe(200);
    return paid;
  }

  const processed = (id: string) =>
    eventually(async () => {
      const res = await refundOf(admin, id);
      return res.json().status === 'processed' ? (res.json() as Refund) : null;
    });

  it('cancels an inspection inside the window: the agent fee goes to Refunds and the room is free', async () => {
    const student = await signedInUser(t);
    const { room, bookingId, reference } = await paidAgentFee(student);
    expect((await t.db.select().from(rooms).where(eq(rooms.id, room.id)))[0]!.status).toBe('booked');

    const profile = await send(t, student, 'GET', `/api/user/${student.user.id}`);
    expect(profile.json().agentFeePayment).toMatchObject({ booking_status: 'confirmed' });
    expect(Date.parse(profile.json().agentFeePayment.cancel_until)).toBeGreaterThan(Date.now());

    const res = await cancel(student, bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      booking: { _id: bookingId, status: 'cancelled' },
      refund_amount: room.agentFee,
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({
      needsRefund: true,
      refundReason: 'inspection_cancelled',
      status: 'success',
    });
    expect((await t.db.select().from(rooms).where(eq(rooms.id, room.id)))[0]!.status).toBe('available');

    const { due } = await overview(admin);
    expect(due.find((d) => d.reference === reference)).toMatchObject({
      reason: 'inspection_cancelled',
      remaining: room.agentFee,
      refunded_amount: 0,
      age_days: 0,
    });
    // Cancelled once is cancelled.
    expect((await cancel(student, bookingId)).statusCode).toBe(409);
  });

  it('refuses a cancellation outside the window, by someone else, and of an expired booking', async () => {
    const student = await signedInUser(t);
    const { bookingId, reference } = await paidAgentFee(student, 3);
    expect((await cancel(await signedInUser(t), bookingId)).statusCode).toBe(403);
    expect((await cancel(admin, bookingId)).statusCode).toBe(403);

    // A week's window: an inspection three days away is now inside it, too late to cancel.
    const week = await send(t, admin, 'PUT', '/api/admin/settings', {
      reminder_days_before: [7],
      overdue_days_after: [1],
      reminder_sms: true,
      inspection_cancel_hours: 168,
    });
    expect(week.statusCode, week.body).toBe(200);
    try {
      const late = await cancel(student, bookingId);
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().message).toMatch(/up to 168 hours before/);
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(booking!.status).toBe('confirmed');
      const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
      expect(payment!.needsRefund).toBe(false);
    } finally {
      await send(t, admin, 'PUT', '/api/admin/settings', {
        reminder_days_before: [7],
        overdue_days_after: [1],
        reminder_sms: true,
      });
    }

    const unpaid = await bookingIn(student, 2);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, unpaid.bookingId));
    expect((await cancel(student, unpaid.bookingId)).statusCode).toBe(409);
    expect((await cancel(student, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('cancels a booking whose fee is not paid yet: the hold goes, nothing is owed', async () => {
    const student = await signedInUser(t);
    const { room, bookingId } = await bookingIn(student, 2);
    const res = await cancel(student, bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund_amount).toBe(0);
    expect((await t.db.select().from(rooms).where(eq(rooms.id, room.id)))[0]!.heldByUserId).toBeNull();
  });

  it('refunds a payment in full: pending, then processed; the student sees it and is e-mailed', async () => {
    const student = await signedInUser(t);
    const { room, reference } = await owedBack(student);
    const res = await refund(admin, {
      reference,
      amount: room.agentFee,
      reason: 'Inspection cancelled by the student',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending', amount: room.agentFee, reference, retry_of: null });
    const id = res.json()._id as string;

    expect(await processed(id)).toMatchObject({ status: 'processed', amount: room.agentFee });
    const mine = await send(t, student, 'GET', '/api/payments/mine');
    expect(mine.json().find((p: { reference: string }) => p.reference === reference)).toMatchObject({
      refund_state: 'refunded',
      refunded_amount: room.agentFee,
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    const checked = await send(
      t,
      anonymous,
      'GET',
      `/api/receipts/verify/${receiptCode(t, payment!.receiptNumber!)}`,
    );
    expect(checked.json()).toMatchObject({ status: 'refunded', refunded_amount: room.agentFee });

    const mail = await eventually(async () => {
      const [m] = await t.db
        .select()
        .from(messageDeliveries)
        .where(eq(messageDeliveries.dedupeKey, `refund-notice:${id}:email`));
      return m;
    });
    expect(mail).toMatchObject({ recipient: student.user.email, topic: 'payment' });
    expect(mail.text).toContain('₦65,000');

    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, id));
    expect(audit).toMatchObject([
      { actorId: admin.user.id, action: 'POST /api/admin/refunds', statusCode: 202 },
    ]);
    const { due, refunds: made } = await overview(admin);
    expect(due.map((d) => d.reference)).not.toContain(reference);
    expect(made.map((r) => r._id)).toContain(id);
    // Refunded in full: nothing more can go back.
    const again = await refund(admin, { reference, amount: 1, reason: 'Again' });
    expect(again.statusCode).toBe(409);
  });

  it('refunds in parts, never beyond what was paid', async () => {
    const student = await signedInUser(t);
    const { room, reference } = await owedBack(student);
    const first = await refund(admin, { reference, amount: 15_000, reason: 'Part one' });
    expect(first.statusCode, first.body).toBe(202);
    await processed(first.json()._id);
    const mine = await send(t, student, 'GET', '/api/payments/mine');
    expect(mine.json().find((p: { reference: string }) => p.reference === reference)).toMatchObject({
      refund_state: 'partly_refunded',
      refunded_amount: 15_000,
    });
    const { due } = await overview(admin);
    expect(due.find((d) => d.reference === reference)).toMatchObject({ remaining: room.agentFee - 15_000 });

    const tooMuch = await refund(admin, {
      reference,
      amount: room.agentFee - 15_000 + 1,
      reason: 'Too much',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount).toBe('At most ₦50,000');
    const rest = await refund(admin, { reference, amount: room.agentFee - 15_000, reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(202);
    await processed(rest.json()._id);
    const all = await refundsOf(reference);
    expect(all.reduce((sum, r) => sum + r.amount, 0)).toBe(room.agentFee);
  });

  it('refuses a refund larger than paid (400) or of an unknown reference (404), writing nothing', async () => {
    const student = await signedInUser(t);
    const { room, reference } = await owedBack(student);
    const big = await refund(admin, { reference, amount: room.agentFee + 1, reason: 'Too much' });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('The refund is larger than the ₦65,000 paid');
    const unknown = await refund(admin, { reference: 'SN-AF-NOPE', amount: 1, reason: 'Who?' });
    expect(unknown.statusCode).toBe(404);
    expect(await refundsOf(reference)).toEqual([]);
    const zero = await refund(admin, { reference, amount: 0, reason: 'Nothing' });
    expect(zero.statusCode).toBe(400);
    const noReason = await refund(admin, { reference, amount: 10, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(await refundsOf(reference)).toEqual([]);
  });

  it('closes a partly refunded payment with the rest kept: To refund reaches 0, the student is told, nothing more goes back', async () => {
    const close = (who: Student, body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/refunds/close', headers: who.headers, payload: body });
    const student = await signedInUser(t);
    const { room, reference } = await owedBack(student);
    // Nothing refunded yet: there is no "rest" to keep.
    const tooSoon = await close(admin, { reference, reason: 'Booking fee' });
    expect(tooSoon.statusCode, tooSoon.body).toBe(409);
    expect(tooSoon.json().message).toMatch(/refund part of it before keeping the rest/);
    // Typed as people write it: "₦1,000".
    const part = await refund(admin, { reference, amount: '₦1,000', reason: 'Part of the fee' });
    expect(part.statusCode, part.body).toBe(202);
    // A refund still with the provider: closing waits for it (the sandbox settles it at once, via its job).
    await processed(part.json()._id);

    const noReason = await close(admin, { reference, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'Reason is required' });
    const today = lagosDatePlusDays(0);
    const awaiting = async () =>
      (await send(t, admin, 'GET', `/api/admin/reports/revenue?from=${today}&to=${today}`)).json()
        .awaiting_refund;
    const before = await awaiting();
    const closed = await close(admin, { reference, reason: 'Inspection done; the rest covers the visit' });
    expect(closed.statusCode, closed.body).toBe(200);
    // The revenue report no longer waits for the rest of it.
    expect(await awaiting()).toEqual({
      payments: before.payments - 1,
      amount: before.amount - (room.agentFee - 1_000),
    });
    expect(closed.json()).toMatchObject({
      reference,
      payment_amount: room.agentFee,
      refunded_amount: 1_000,
      kept_amount: room.agentFee - 1_000,
      reason: 'Inspection done; the rest covers the visit',
      closed_by: { _id: admin.user.id },
    });
    const { due, closures } = (await overview(admin)) as Awaited<ReturnType<typeof overview>> & {
      closures: { _id: string }[];
    };
    expect(due.map((d) => d.reference)).not.toContain(reference);
    expect(closures.map((c) => c._id)).toContain(closed.json()._id);

    // Closed: no more refunds of it, and no second closing.
    const more = await refund(admin, { reference, amount: 1, reason: 'More' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/closed with ₦64,000 kept/);
    expect((await close(otherAdmin, { reference, reason: 'Again' })).statusCode).toBe(409);
    expect(await refundsOf(reference)).toHaveLength(1);

    const mail = await eventually(async () => {
      const [m] = await t.db
        .select()
        .from(messageDeliveries)
        .where(eq(messageDeliveries.dedupeKey, `refund-closed:${closed.json()._id}:email`));
      return m;
    });
    expect(mail).toMatchObject({ recipient: student.user.email, topic: 'payment' });
    expect(mail.text).toContain('kept the other ₦64,000');
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, closed.json()._id));
    expect(audit).toMatchObject([{ action: 'POST /api/admin/refunds/close', statusCode: 200 }]);
  });

  it('a closing sent again under its Idempotency-Key answers the first closing; once in the log, once e-mailed', async () => {
    const student = await signedInUser(t);
    const { room, reference } = await owedBack(student);
    await processed((await refund(admin, { reference, amount: 5_000, reason: 'Part' })).json()._id);
    const key = crypto.randomUUID();
    const close = (body: Record<string, unknown>, idempotencyKey: string = key) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/refunds/close',
        headers: { ...admin.headers, 'idempotency-key': idempotencyKey },
        payload: body,
      });
    const body = { reference, reason: 'The visit went ahead' };
    const malformed = await close(body, 'x');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ 'idempotency-key': 'Send a UUID, one per submission' });
    const first = await close(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kept_amount: room.agentFee - 5_000, refunded_amount: 5_000 });
    const closings = async () =>
      (await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'POST /api/admin/refunds/close')))
        .length;
    const logged = await closings();
    // The admin's connection dropped before the answer: the retry gets the same closing, not a 409.
    const retry = await close(body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // Another reason under the same key is another request; under a new key, the payment is closed already.
    expect((await close({ reference, reason: 'Something else' })).statusCode).toBe(422);
    const fresh = await close({ reference, reason: 'Something else' }, crypto.randomUUID());
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().message).toBe(
      `This payment is already closed, with ${formatNaira(room.agentFee - 5_000)} kept`,
    );
    // The replay changed nothing: no second entry in the activity log.
    expect(await closings()).toBe(logged);
    const mails = await t.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.dedupeKey, `refund-closed:${first.json()._id}:email`));
    expect(mails).toHaveLength(1);
  });

  it('refuses to close a payment refunded in full: nothing is left to keep', async () => {
    const student = await signedInUser(t);
    const { room, reference } = await owedBack(student);
    await processed(
      (await refund(admin, { reference, amount: room.agentFee, reason: 'All of it' })).json()._id,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds/close',
      headers: admin.headers,
      payload: { reference, reason: 'Keep it' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This payment has already been refunded in full: there is nothing to keep',
    );
    const closures = (await overview(admin)) as unknown as { closures: { reference: string }[] };
    expect(closures.closures.map((c) => c.reference)).not.toContain(reference);
  });

  it('closes only a payment owed back: not one that was never flagged, nor an unknown reference', async () => {
    const close = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/refunds/close',
        headers: admin.headers,
        payload: body,
      });
    const student = await signedInUser(t);
    const { reference } = await paidAgentFee(student);
    const notOwed = await close({ reference, reason: 'Keep it' });
    expect(notOwed.statusCode).toBe(409);
    expect(notOwed.json().message).toMatch(/Only a payment owed back can be closed/);
    expect((await close({ reference: 'SN-AF-NOPE', reason: 'Who?' })).statusCode).toBe(404);
  });

  it('refunds once when two admins press at the same moment', async () => {
    const student = await signedInUser(t);
    const { room, reference } = await owedBack(student);
    const answers = await Promise.all([
      refund(admin, { reference, amount: room.agentFee, reason: 'Admin one' }),
      refund(otherAdmin, { reference, amount: room.agentFee, reason: 'Admin two' }),
    ]);
    // The second finds the first pending (or already processed): refused either way.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    await processed(answers.find((a) => a.statusCode === 202)!.json()._id);
    expect(await refundsOf(reference)).toHaveLength(1);
  });

  it('refunds only payments that went through', async () => {
    const student = await signedInUser(t);
    const { room, bookingId } = await bookingIn(student, 3);
    const { reference } = await initiateAgentFeeOk(t, student, room, bookingId);
    const res = await refund(admin, { reference, amount: 1, reason: 'Not paid' });
    expect(res.statusCode).toBe(409);
    expect((await verify(t, student, reference)).json().status).toBe('pending');
  });
});

describe('refunds through Paystack (fake Paystack server)', () => {
  let t: TestApp;
  let fake: FakePaystack;
  let admin: Student;
  const { refund, refundOf, checkNow, cancel, bookingIn } = refundCalls(() => t);

  beforeAll(async () => {
    fake = await startFakePaystack('sk_test_x');
    t = await buildTestApp({
      rateLimits: false,
      payments: paystackPayments(fake),
    });
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function owedBack(student: Student) {
    const { room, bookingId } = await bookingIn(student, 3);
    const { reference } = await initiateAgentFeeOk(t, student, room, bookingId);
    fake.settle(reference, 'success');
    expect((await verify(t, student, reference)).json().status).toBe('success');
    expect((await cancel(student, bookingId)).statusCode).toBe(200);
    return { room, reference };
  }

  /** The refund once the job has handed it to Paystack (its Paystack id). */
  const atPaystack = (reference: string) =>
    eventually(async () => [...fake.refunds.values()].find((r) => r.reference === reference));
  const recorded = (id: string) =>
    eventually(async () => {
      const [row] = await t.db.select().from(refunds).where(eq(refunds.id, id));
      return row?.providerRefundId ? row : null;
    });
  const webhook = (body: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook/paystack', headers, payload: body });

  it('asks Paystack in kobo, stays pending, and turns processed on a signed refund.processed webhook', async () => {
    const student = await signedInUser(t);
    const { reference } = await owedBack(student);
    const res = await refund(admin, { reference, amount: 20_000, reason: 'Inspection cancelled' });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json()._id as string;
    const atPs = await atPaystack(reference);
    expect(atPs).toMatchObject({
      amount: 2_000_000,
      merchantNote: 'Inspection cancelled',
      status: 'pending',
    });
    expect((await recorded(id)).providerRefundId).toBe(String(atPs.id));
    expect((await refundOf(admin, id)).json().status).toBe('pending');

    fake.settleRefund(atPs.id, 'processed');
    const signed = fake.refundWebhook(atPs.id, 'refund.processed');
    const forged = await webhook(signed.body, { ...signed.headers, 'x-paystack-signature': 'f'.repeat(128) });
    expect(forged.statusCode).toBe(401);
    const [still] = await t.db.select().from(refunds).where(eq(refunds.id, id));
    expect(still!.status).toBe('pending');

    const ok = await webhook(signed.body, signed.headers);
    expect(ok.statusCode, ok.body).toBe(200);
    const [done] = await t.db.select().from(refunds).where(eq(refunds.id, id));
    expect(done).toMatchObject({ status: 'processed' });
    expect(done!.processedAt).toBeInstanceOf(Date);
  });

  it('records a failed refund, and a retry is a new pending attempt that can succeed', async () => {
    const student = await signedInUser(t);
    const { room, reference } = await owedBack(student);
    const res = await refund(admin, { reference, amount: room.agentFee, reason: 'Room cancelled' });
    const id = res.json()._id as string;
    const atPs = await atPaystack(reference);
    await recorded(id);
    fake.settleRefund(atPs.id, 'failed');
    const signed = fake.refundWebhook(atPs.id, 'refund.failed');
    expect((await webhook(signed.body, signed.headers)).statusCode).toBe(200);
    const failed = (await refundOf(admin, id)).json() as Refund;
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.failure_reason).toMatch(/Paystack/);

    const retry = await refund(admin, { reference, amount: room.agentFee, reason: 'Room cancelled (again)' });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({ status: 'pending', retry_of: id });
    const retryId = retry.json()._id as string;
    await recorded(retryId);
    const second = [...fake.refunds.values()].find((r) => r.reference === reference && r.id !== atPs.id)!;
    // Reading it changes nothing; an admin's check asks Paystack (GET /refund/:id) at once.
    fake.settleRefund(second.id, 'processed');
    expect((await refundOf(admin, retryId)).json().status).toBe('pending');
    expect((await checkNow(admin, retryId)).json().status).toBe('processed');
  });

  it('fails a refund Paystack refuses, with its reason', async () => {
    const student = await signedInUser(t);
    const { reference } = await owedBack(student);
    // Someone refunded it at Paystack's dashboard already.
    fake.refunds.set(99, {
      id: 99,
      reference,
      amount: fake.transactions.get(reference)!.amount,
      merchantNote: '',
      status: 'processed',
    });
    const res = await refund(admin, { reference, amount: 1_000, reason: 'Try' });
    const id = res.json()._id as string;
    const failed = await eventually(async () => {
      const r = (await refundOf(admin, id)).json() as Refund;
      return r.status === 'failed' ? r : null;
    });
    expect(failed.failure_reason).toContain('Refund amount cannot be more than the transaction amount');
  });
});
