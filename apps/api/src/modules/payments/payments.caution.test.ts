import { todayInLagos } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { receiptCode } from '../receipts/receipts.service.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import {
  bookOk,
  hostelWithRoom,
  initiateAgentFeeOk,
  payAtCheckout,
  receiptUrl,
  type Student,
} from './payments.fixtures.ts';
import { payments } from './payments.schema.ts';

/** The caution deposit (docs/domain.md, "Caution deposit"): a payment of its own, held, not revenue. */
describe('caution deposit (POST /payments/caution-fee/initiate)', () => {
  const t = testApp();

  const startDeposit = (student: Student, body: Record<string, unknown>) =>
    send(t, student, 'POST', '/api/payments/caution-fee/initiate', { callback_url: receiptUrl(t), ...body });
  const verify = (student: Student, reference: string) =>
    send(t, student, 'POST', '/api/payments/verify', { reference });

  /** A student who booked a room (caution fee ₦50,000) and, when `paid`, paid its agent fee. */
  async function bookedStudent(paid = true) {
    const { hostel, room } = await hostelWithRoom(t, {
      agentFee: 65_000,
      cautionFee: 50_000,
      price: 600_000,
    });
    const student = await signedInUser(t);
    const booking = await bookOk(t, student, room);
    const fee = await initiateAgentFeeOk(t, student, room, booking._id);
    if (paid) {
      await payAtCheckout(t, fee.checkoutLink);
      expect((await verify(student, fee.reference)).statusCode).toBe(200);
    }
    return { hostel, room, student, booking };
  }

  it('cannot be paid before the agent fee for the room (409, nothing recorded)', async () => {
    const { room, student, booking } = await bookedStudent(false);
    const res = await startDeposit(student, { booking_id: booking._id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Pay the agent fee for this room before its caution deposit');
    const byRoom = await startDeposit(student, { room_id: room.id });
    expect(byRoom.statusCode).toBe(409);
    const rows = await t.db.select().from(payments).where(eq(payments.roomId, room.id));
    expect(rows.map((p) => p.kind)).toEqual(['agent_fee']);
  });

  it("is the room's caution fee, checked against the price the student saw", async () => {
    const { student, booking } = await bookedStudent();
    const old = await startDeposit(student, { booking_id: booking._id, amount: 40_000 });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe('The price has changed to ₦50,000. Please review and try again.');
    const stranger = await signedInUser(t);
    const theirs = await startDeposit(stranger, { booking_id: booking._id });
    expect(theirs.statusCode).toBe(403);
    const anon = await send(t, anonymous, 'POST', '/api/payments/caution-fee/initiate', {
      booking_id: booking._id,
      callback_url: receiptUrl(t),
    });
    expect(anon.statusCode).toBe(401);
  });

  it('pays with the sandbox once the agent fee is paid: held (the room is unchanged), with a receipt', async () => {
    const { hostel, room, student, booking } = await bookedStudent();
    const [before] = await t.db.select({ status: rooms.status }).from(rooms).where(eq(rooms.id, room.id));
    const res = await startDeposit(student, { booking_id: booking._id, amount: 50_000 });
    expect(res.statusCode, res.body).toBe(201);
    const { checkoutLink, reference } = res.json() as { checkoutLink: string; reference: string };
    expect(reference).toMatch(/^SN-CF-[0-9A-F]{20}$/);
    await payAtCheckout(t, checkoutLink);

    const detail = await verify(student, reference);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      status: 'success',
      payment_type: 'CAUTION_FEE',
      purpose: 'CAUTION_FEE',
      amount: 50_000,
      needs_refund: false,
      tenancy: null,
      room: { _id: room.id, caution_fee: 50_000 },
    });
    const receiptNumber = detail.json().receipt_number as string;
    expect(receiptNumber).toMatch(/^SN-\d{4}-\d{6}$/);
    // Paying the deposit changes nothing about the room: it stays booked for this student.
    const [after] = await t.db.select({ status: rooms.status }).from(rooms).where(eq(rooms.id, room.id));
    expect(after?.status).toBe(before?.status);

    // Its receipt: in the payment history, on the profile, as a PDF and verifiable.
    const mine = await send(t, student, 'GET', '/api/payments/mine');
    expect(mine.json()[0]).toMatchObject({
      reference,
      payment_type: 'CAUTION_FEE',
      amount: 50_000,
      status: 'success',
      receipt_number: receiptNumber,
      hostel_name: hostel.hostelName,
      room_number: room.roomNumber,
    });
    const profile = await send(t, student, 'GET', `/api/user/${student.user.id}`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().cautionFeePayment).toEqual({ status: 'success', amount: 50_000, reference });
    const pdf = await send(t, student, 'GET', `/api/payments/${reference}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const check = await send(
      t,
      anonymous,
      'GET',
      `/api/receipts/verify/${encodeURIComponent(receiptCode(t, receiptNumber))}`,
    );
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ payment_type: 'CAUTION_FEE', amount: 50_000, status: 'paid' });

    // Held, not paid twice.
    const again = await startDeposit(student, { booking_id: booking._id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your caution deposit for this room is already paid');
  });

  it('a second deposit paid from a checkout left open goes to Refunds as a duplicate', async () => {
    const { student, booking } = await bookedStudent();
    const first = await startDeposit(student, { booking_id: booking._id });
    const second = await startDeposit(student, { booking_id: booking._id });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    await payAtCheckout(t, first.json().checkoutLink);
    expect((await verify(student, first.json().reference)).json()).toMatchObject({ needs_refund: false });
    await payAtCheckout(t, second.json().checkoutLink);
    const late = await verify(student, second.json().reference);
    expect(late.json()).toMatchObject({ status: 'success', needs_refund: true });
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, second.json().reference));
    expect(row?.refundReason).toBe('duplicate');
  });

  it('is not revenue: the month it was paid in reports only the agent fee', async () => {
    const { student, booking } = await bookedStudent();
    const res = await startDeposit(student, { booking_id: booking._id });
    await payAtCheckout(t, res.json().checkoutLink);
    expect((await verify(student, res.json().reference)).json().status).toBe('success');
    const admin = await signedInUser(t, { role: 'admin' });
    const today = todayInLagos();
    const report = await send(t, admin, 'GET', `/api/admin/reports/revenue?from=${today}&to=${today}`);
    expect(report.statusCode, report.body).toBe(200);
    // Every agent fee and rent paid today in this file's database, and no deposit.
    const paidToday = await t.db.select().from(payments).where(eq(payments.status, 'success'));
    const earned = paidToday.filter((p) => p.kind !== 'caution_fee');
    expect(paidToday.some((p) => p.kind === 'caution_fee')).toBe(true);
    expect(report.json().totals).toMatchObject({
      agent_fees: earned.filter((p) => p.kind === 'agent_fee').reduce((s, p) => s + p.amount, 0),
      rent: 0,
      total: earned.reduce((s, p) => s + p.amount, 0),
      payments: earned.length,
    });
  });
});
