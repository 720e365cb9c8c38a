import { addDays, lagosDateOf, todayInLagos } from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageDeliveries } from '../src/modules/messages/messages.schema.ts';
import {
  book,
  hostelWithRoom,
  initiate,
  initiateAgentFeeOk,
  initiateRentOk,
  lagosDatePlusDays,
  payAtCheckout,
  receiptUrl,
  type Student,
  verify,
} from '../src/modules/payments/payments.fixtures.ts';
import { tenancies } from '../src/modules/tenancies/tenancies.schema.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { eventually } from './eventually.ts';
import { signedInUser } from './factories.ts';

/**
 * The five bugs two testers found where one lifecycle meets another (a spent agent fee owed back,
 * a stranded deposit, renewal after notice, an early leaver recorded as a breach, a stale refund
 * box). Each test failed on the code before the lifecycles had one owner each.
 */
describe('the seams between lifecycles', () => {
  let t: TestApp;
  let admin: Student;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const AGENT_FEE = 20_000;
  const DEPOSIT = 50_000;
  const RENT = 400_000;

  const as = (who: Student, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  async function payOk(student: Student, link: { checkoutLink: string; reference: string }) {
    await payAtCheckout(t, link.checkoutLink);
    const res = await verify(t, student, link.reference);
    expect(res.json().status, res.body).toBe('success');
    return link.reference;
  }

  /** A student whose inspection, three days ahead (inside the cancellation window), is paid for. */
  async function bookedStudent({ deposit }: { deposit: boolean }) {
    const { room } = await hostelWithRoom(t, { agentFee: AGENT_FEE, cautionFee: DEPOSIT, price: RENT });
    const student = await signedInUser(t);
    const booked = await book(t, student, room, lagosDatePlusDays(3));
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json() as { _id: string };
    const fee = await payOk(student, await initiateAgentFeeOk(t, student, room, booking._id));
    let depositRef: string | null = null;
    if (deposit) {
      const res = await initiate(t, 'caution-fee', student, {
        booking_id: booking._id,
        callback_url: receiptUrl(t),
      });
      expect(res.statusCode, res.body).toBe(201);
      depositRef = await payOk(student, res.json());
    }
    return { room, student, booking, fee, depositRef };
  }

  async function tenantOf(opts: { deposit: boolean }) {
    const booked = await bookedStudent(opts);
    const rent = await payOk(booked.student, await initiateRentOk(t, booked.student, booked.room));
    const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.roomId, booked.room.id));
    return { ...booked, rent, tenancy: tenancy! };
  }

  const cancel = (student: Student, bookingId: string) =>
    as(student, 'POST', `/api/bookings/${bookingId}/cancel`);
  const profileOf = async (student: Student) => {
    const res = await as(student, 'GET', `/api/user/${student.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const owedBack = async () => {
    const res = await as(admin, 'GET', '/api/admin/refunds');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().due as { reference: string; reason: string; remaining: number }[];
  };
  const moveOut = (tenancyId: string, body: object) =>
    as(admin, 'POST', `/api/admin/tenancies/${tenancyId}/move-out`, body);

  it('refuses to cancel an inspection whose agent fee a tenancy spent, while the tenant stays and after they leave', async () => {
    const { student, booking, fee, tenancy } = await tenantOf({ deposit: true });

    const res = await cancel(student, booking._id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/paid the rent for this room.*cannot be cancelled/);
    expect((await owedBack()).map((p) => p.reference)).not.toContain(fee);
    const profile = await profileOf(student);
    expect(profile.agentFeePayment).toMatchObject({ booking_status: 'inspected', cancel_until: null });

    expect((await moveOut(tenancy.id, { date: todayInLagos(), reason: 'breach' })).statusCode).toBe(200);
    expect((await cancel(student, booking._id)).statusCode).toBe(409);
    expect((await owedBack()).map((p) => p.reference)).not.toContain(fee);
    expect((await profileOf(student)).agentFeePayment.cancel_until).toBeNull();
  });

  it('gives back the caution deposit with the agent fee when an inspection is cancelled', async () => {
    const { student, booking, fee, depositRef } = await bookedStudent({ deposit: true });

    const res = await cancel(student, booking._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund_amount).toBe(AGENT_FEE + DEPOSIT);
    const due = await owedBack();
    for (const [reference, remaining] of [
      [fee, AGENT_FEE],
      [depositRef, DEPOSIT],
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
    expect((await profileOf(student)).rentDetails.renewal).toEqual({
      open: false,
      opens_on: opensOn,
      message: expect.stringContaining('Renewal opens on'),
    });
    expect(early.json().message).toBe((await profileOf(student)).rentDetails.renewal.message);

    // Inside the window (the clock moved on), but with notice given: refused too.
    await t.db
      .update(tenancies)
      .set({ startDate: addDays(todayInLagos(), -335), dueDate: addDays(todayInLagos(), 30) })
      .where(eq(tenancies.id, tenancy.id));
    const given = await as(student, 'POST', '/api/tenancy/notice', {
      move_out_on: addDays(todayInLagos(), 30),
    });
    expect(given.statusCode, given.body).toBe(200);
    const afterNotice = await renew();
    expect(afterNotice.statusCode, afterNotice.body).toBe(409);
    expect(afterNotice.json().message).toMatch(/given notice to move out/);
    expect((await profileOf(student)).rentDetails.renewal.open).toBe(false);

    // Notice taken back: renewal opens.
    expect((await as(student, 'DELETE', '/api/tenancy/notice')).statusCode).toBe(204);
    expect((await profileOf(student)).rentDetails.renewal).toMatchObject({ open: true, message: null });
    expect((await renew()).statusCode).toBe(201);
  });

  it('shows the paid rent as paid after move-out, though a renewal checkout was left unpaid', async () => {
    const { student, room, tenancy, rent } = await tenantOf({ deposit: true });
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
    const profile = await profileOf(student);
    expect(profile.roomPricePayment).toMatchObject({ reference: rent, status: 'success', amount: RENT });
    expect(profile.agentFeePayment.status).toBe('success');
    expect(profile.cautionFeePayment).toMatchObject({ status: 'success', amount: DEPOSIT });
    expect(profile.moveOutStatement).toMatchObject({ deposit_held: DEPOSIT, deposit_returned: DEPOSIT });
  });

  it('records a tenant who gave notice and left before it ran out as leaving early, not as a breach', async () => {
    const { student, tenancy } = await tenantOf({ deposit: true });
    expect(
      (await as(student, 'POST', '/api/tenancy/notice', { move_out_on: addDays(todayInLagos(), 45) }))
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
    await as(other.student, 'POST', '/api/tenancy/notice', { move_out_on: addDays(todayInLagos(), 40) });
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
    const { student, booking, fee } = await bookedStudent({ deposit: false });
    expect((await cancel(student, booking._id)).statusCode).toBe(200);
    const part = await as(admin, 'POST', '/api/admin/refunds', {
      reference: fee,
      amount: 5_000,
      reason: 'Inspection cancelled',
    });
    expect(part.statusCode, part.body).toBe(202);
    const owed = await eventually(async () =>
      (await owedBack()).find((p) => p.reference === fee && p.remaining === AGENT_FEE - 5_000),
    );
    expect(owed.reason).toBe('inspection_cancelled');
    // The dashboard's old box read this list of every flagged payment at its full amount.
    expect((await as(admin, 'GET', '/api/payments/refunds')).statusCode).toBe(404);
  });

  it("lets an admin set a room's status by hand, but not take a room from the student who booked or rents it", async () => {
    const { room, student } = await bookedStudent({ deposit: false });
    const setStatus = (id: string, status: string) =>
      as(admin, 'PATCH', `/api/rooms/${id}/status`, { status });
    const taken = await setStatus(room.id, 'available');
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toMatch(/has booked this room through StudyNest/);
    // Rented through StudyNest: the same.
    await payOk(student, await initiateRentOk(t, student, room));
    expect((await setStatus(room.id, 'booked')).statusCode).toBe(409);

    // A room let outside StudyNest is the admin's to mark, and to put back on the market.
    const { room: other } = await hostelWithRoom(t);
    expect((await setStatus(other.id, 'rented')).statusCode).toBe(200);
    expect((await setStatus(other.id, 'available')).statusCode).toBe(200);
  });
});
