import { addDays, lagosDateOf, todayInLagos } from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageDeliveries } from '../src/modules/messages/messages.schema.ts';
import {
  hostelWithRoom,
  initiate,
  initiateRentOk,
  lagosDatePlusDays,
  paidInspection,
  paidTenant,
  payOk,
  profileOf,
  receiptUrl,
  type Student,
} from '../src/modules/payments/payments.fixtures.ts';
import { tenancies } from '../src/modules/tenancies/tenancies.schema.ts';
import { testAppWith } from './build-test-app.ts';
import { eventually } from './eventually.ts';
import { send } from './requests.ts';

/**
 * The five bugs two testers found where one lifecycle meets another (a spent agent fee owed back,
 * a stranded deposit, renewal after notice, an early leaver recorded as a breach, a stale refund
 * box). Each test failed on the code before the lifecycles had one owner each.
 */
describe('the seams between lifecycles', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  const AGENT_FEE = 20_000;
  const DEPOSIT = 50_000;
  const RENT = 400_000;

  /** A student whose inspection, three days ahead (inside the cancellation window), is paid for. */
  const inspection = (deposit: boolean) => ({
    room: { agentFee: AGENT_FEE, cautionFee: DEPOSIT, price: RENT },
    deposit,
    date: lagosDatePlusDays(3),
  });
  const bookedStudent = ({ deposit }: { deposit: boolean }) => paidInspection(t, inspection(deposit));
  const tenantOf = ({ deposit }: { deposit: boolean }) => paidTenant(t, inspection(deposit));

  const cancel = (student: Student, bookingId: string) =>
    send(t, student, 'POST', `/api/bookings/${bookingId}/cancel`);
  const owedBack = async () => {
    const res = await send(t, admin, 'GET', '/api/admin/refunds');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().due as { reference: string; reason: string; remaining: number }[];
  };
  const moveOut = (tenancyId: string, body: object) =>
    send(t, admin, 'POST', `/api/admin/tenancies/${tenancyId}/move-out`, body);

  it('refuses to cancel an inspection whose agent fee a tenancy spent, while the tenant stays and after they leave', async () => {
    const { student, booking, feeReference, tenancy } = await tenantOf({ deposit: true });

    const res = await cancel(student, booking._id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/paid the rent for this room.*cannot be cancelled/);
    expect((await owedBack()).map((p) => p.reference)).not.toContain(feeReference);
    const profile = await profileOf(t, student);
    expect(profile.agentFeePayment).toMatchObject({ booking_status: 'inspected', cancel_until: null });

    expect((await moveOut(tenancy.id, { date: todayInLagos(), reason: 'breach' })).statusCode).toBe(200);
    expect((await cancel(student, booking._id)).statusCode).toBe(409);
    expect((await owedBack()).map((p) => p.reference)).not.toContain(feeReference);
    expect((await profileOf(t, student)).agentFeePayment.cancel_until).toBeNull();
  });

  it('gives back the caution deposit with the agent fee when an inspection is cancelled', async () => {
    const { student, booking, feeReference, depositReference } = await bookedStudent({ deposit: true });

    const res = await cancel(student, booking._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund_amount).toBe(AGENT_FEE + DEPOSIT);
    const due = await owedBack();
    for (const [reference, remaining] of [
      [feeReference, AGENT_FEE],
      [depositReference, DEPOSIT],
    ] as const) {
      expect(due.find((p) => p.reference === reference)).toMatchObject({
        reason: 'inspection_cancelled',
        remaining,
      });
    }
  });

  it('refuses a renewal while notice is given or before the renewal window, and says when it opens', async () => {
    const { student, room, tenancy } = await tenantOf({ deposit: false });
    const renew = () =>
      initiate(t, 'room-price', student, {
        room_id: room.id,
        hostel_id: room.hostelId,
        callback_url: receiptUrl(t, '/rent-receipt'),
      });

    // A whole year left: renewal opens 60 days before the due date.
    const early = await renew();
    expect(early.statusCode, early.body).toBe(409);
    const opensOn = addDays(tenancy.dueDate, -60);
    expect((await profileOf(t, student)).rentDetails.renewal).toEqual({
      open: false,
      opens_on: opensOn,
      message: expect.stringContaining('Renewal opens on'),
    });
    expect(early.json().message).toBe((await profileOf(t, student)).rentDetails.renewal.message);

    // Inside the window (the clock moved on), but with notice given: refused too.
    await t.db
      .update(tenancies)
      .set({ startDate: addDays(todayInLagos(), -335), dueDate: addDays(todayInLagos(), 30) })
      .where(eq(tenancies.id, tenancy.id));
    const given = await send(t, student, 'POST', '/api/tenancy/notice', {
      move_out_on: addDays(todayInLagos(), 30),
    });
    expect(given.statusCode, given.body).toBe(200);
    const afterNotice = await renew();
    expect(afterNotice.statusCode, afterNotice.body).toBe(409);
    expect(afterNotice.json().message).toMatch(/given notice to move out/);
    expect((await profileOf(t, student)).rentDetails.renewal.open).toBe(false);

    // Notice taken back: renewal opens.
    expect((await send(t, student, 'DELETE', '/api/tenancy/notice')).statusCode).toBe(204);
    expect((await profileOf(t, student)).rentDetails.renewal).toMatchObject({ open: true, message: null });
    expect((await renew()).statusCode).toBe(201);
  });

  it('shows the paid rent as paid after move-out, though a renewal checkout was left unpaid', async () => {
    const { student, room, tenancy, rentReference } = await tenantOf({ deposit: true });
    await t.db
      .update(tenancies)
      .set({ startDate: addDays(todayInLagos(), -340), dueDate: addDays(todayInLagos(), 25) })
      .where(eq(tenancies.id, tenancy.id));
    const left = await initiate(t, 'room-price', student, {
      room_id: room.id,
      hostel_id: room.hostelId,
      callback_url: receiptUrl(t, '/rent-receipt'),
    });
    expect(left.statusCode, left.body).toBe(201);

    expect((await moveOut(tenancy.id, { date: todayInLagos(), reason: 'breach' })).statusCode).toBe(200);
    const profile = await profileOf(t, student);
    expect(profile.roomPricePayment).toMatchObject({
      reference: rentReference,
      status: 'success',
      amount: RENT,
    });
    expect(profile.agentFeePayment.status).toBe('success');
    expect(profile.cautionFeePayment).toMatchObject({ status: 'success', amount: DEPOSIT });
    expect(profile.moveOutStatement).toMatchObject({ deposit_held: DEPOSIT, deposit_returned: DEPOSIT });
  });

  it('records a tenant who gave notice and left before it ran out as leaving early, not as a breach', async () => {
    const { student, tenancy } = await tenantOf({ deposit: true });
    expect(
      (await send(t, student, 'POST', '/api/tenancy/notice', { move_out_on: addDays(todayInLagos(), 45) }))
        .statusCode,
    ).toBe(200);
    // The notice was given 10 days ago (the clock), and she left today, 20 days short of it.
    await t.db
      .update(tenancies)
      .set({
        startDate: addDays(todayInLagos(), -100),
        dueDate: addDays(todayInLagos(), 265),
        noticeGivenAt: sql`now() - interval '10 days'`,
      })
      .where(eq(tenancies.id, tenancy.id));

    const onNotice = await moveOut(tenancy.id, { date: todayInLagos(), reason: 'tenant_notice' });
    expect(onNotice.statusCode, onNotice.body).toBe(400);
    expect(onNotice.json().message).toMatch(/left early/);

    const early = await moveOut(tenancy.id, { date: todayInLagos(), reason: 'left_early' });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().reason).toBe('left_early');
    const email = await eventually(async () => {
      const [row] = await t.db
        .select({ text: messageDeliveries.text })
        .from(messageDeliveries)
        .where(eq(messageDeliveries.dedupeKey, `move-out:${tenancy.id}:email`));
      return row ?? null;
    });
    expect(email.text).toContain('gave notice and left before it ran out');
    expect(email.text).not.toMatch(/breach/i);

    // Before the day the notice was given is not leaving early on it.
    const other = await tenantOf({ deposit: false });
    await send(t, other.student, 'POST', '/api/tenancy/notice', { move_out_on: addDays(todayInLagos(), 40) });
    const noticeDay = lagosDateOf(new Date());
    await t.db
      .update(tenancies)
      .set({ startDate: addDays(noticeDay, -30) })
      .where(eq(tenancies.id, other.tenancy.id));
    const before = await moveOut(other.tenancy.id, { date: addDays(noticeDay, -1), reason: 'left_early' });
    expect(before.statusCode, before.body).toBe(400);
    expect(before.json().fields.date).toMatch(/On or after/);
  });

  it('lists money owed back in one place, at what is left to give back', async () => {
    const { student, booking, feeReference } = await bookedStudent({ deposit: false });
    expect((await cancel(student, booking._id)).statusCode).toBe(200);
    const part = await send(t, admin, 'POST', '/api/admin/refunds', {
      reference: feeReference,
      amount: 5_000,
      reason: 'Inspection cancelled',
    });
    expect(part.statusCode, part.body).toBe(202);
    const owed = await eventually(async () =>
      (await owedBack()).find((p) => p.reference === feeReference && p.remaining === AGENT_FEE - 5_000),
    );
    expect(owed.reason).toBe('inspection_cancelled');
    // The dashboard's old box read this list of every flagged payment at its full amount.
    expect((await send(t, admin, 'GET', '/api/payments/refunds')).statusCode).toBe(404);
  });

  it("lets an admin set a room's status by hand, but not take a room from the student who booked or rents it", async () => {
    const { room, student } = await bookedStudent({ deposit: false });
    const setStatus = (id: string, status: string) =>
      send(t, admin, 'PATCH', `/api/rooms/${id}/status`, { status });
    const taken = await setStatus(room.id, 'available');
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toMatch(/has booked this room through StudyNest/);
    // Rented through StudyNest: the same.
    await payOk(t, student, await initiateRentOk(t, student, room));
    expect((await setStatus(room.id, 'booked')).statusCode).toBe(409);

    // A room let outside StudyNest is the admin's to mark, and to put back on the market.
    const { room: other } = await hostelWithRoom(t);
    expect((await setStatus(other.id, 'rented')).statusCode).toBe(200);
    expect((await setStatus(other.id, 'available')).statusCode).toBe(200);
  });
});
