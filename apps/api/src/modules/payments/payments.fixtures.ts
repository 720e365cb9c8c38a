import { addDays, addMonths, daysBetween, todayInLagos } from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, type SignedIn, signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { rentParts, tenancies } from '../tenancies/tenancies.schema.ts';
import { runningTenancyOf } from '../tenancies/tenancy-rules.ts';

/** Test helpers shared by the bookings and payments suites (not a test file itself). */

export type Student = SignedIn;

export function lagosDatePlusDays(days: number): string {
  const [y, m, d] = todayInLagos().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const SLOT = '10:00am - 10:30am';

export async function hostelWithRoom(t: TestApp, roomOverrides: Parameters<typeof insertRoom>[2] = {}) {
  const hostel = await insertHostel(t.db);
  const room = await insertRoom(t.db, hostel.id, roomOverrides);
  return { hostel, room };
}

export async function book(
  t: TestApp,
  student: Student,
  room: { id: string; hostelId: string },
  date = lagosDatePlusDays(1),
) {
  return send(t, student, 'POST', '/api/bookings', {
    hostel_id: room.hostelId,
    room_id: room.id,
    inspection_date_time: `${date}_${SLOT}`,
  });
}

export async function bookOk(
  t: TestApp,
  student: Student,
  room: { id: string; hostelId: string },
  date = lagosDatePlusDays(1),
) {
  const res = await book(t, student, room, date);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; hold_expires_at: string; status: string };
}

export const receiptUrl = (t: TestApp, page = '/receipt-page') => `${t.config.publicUrl}${page}`;

export async function initiate(
  t: TestApp,
  kind: 'agent-fee' | 'room-price' | 'caution-fee',
  student: Student,
  body: Record<string, unknown>,
) {
  return send(t, student, 'POST', `/api/payments/${kind}/initiate`, body);
}

/** Paying the agent fee of a booking of `room` at its price, back to the receipt page; `changes` alter fields. */
export const agentFeeBody = (
  t: TestApp,
  room: { id: string; hostelId: string; agentFee: number },
  bookingId: string,
  changes: Record<string, unknown> = {},
) => ({
  amount: room.agentFee,
  room_id: room.id,
  hostel_id: room.hostelId,
  booking_id: bookingId,
  callback_url: receiptUrl(t),
  ...changes,
});

export async function initiateAgentFeeOk(
  t: TestApp,
  student: Student,
  room: { id: string; hostelId: string; agentFee: number },
  bookingId: string,
) {
  const res = await initiate(t, 'agent-fee', student, agentFeeBody(t, room, bookingId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { checkoutLink: string; reference: string };
}

export async function initiateRentOk(
  t: TestApp,
  student: Student,
  room: { id: string; hostelId: string; price: number },
) {
  const res = await initiate(t, 'room-price', student, {
    amount: room.price,
    room_id: room.id,
    hostel_id: room.hostelId,
    callback_url: receiptUrl(t, '/rent-receipt'),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { checkoutLink: string; reference: string };
}

export async function verify(t: TestApp, who: { headers: Record<string, string> }, reference: string) {
  return send(t, who, 'GET', `/api/payments/verify?reference=${encodeURIComponent(reference)}`);
}

/** Press Pay on the sandbox checkout, as the browser's form does. */
export async function payAtCheckout(t: TestApp, checkoutLink: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${new URL(checkoutLink).pathname}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(res.statusCode, res.body).toBe(303);
}

/** Pay at the sandbox checkout and verify: the payment went through. Returns what verify answers. */
export async function payOk(t: TestApp, student: Student, link: { checkoutLink: string; reference: string }) {
  await payAtCheckout(t, link.checkoutLink);
  const res = await verify(t, student, link.reference);
  expect(res.json().status, res.body).toBe('success');
  return res.json() as { reference: string; needs_refund: boolean };
}

/** A new student who has booked an inspection of a room of a new hostel (`roomOverrides`). */
export async function bookedRoom(t: TestApp, roomOverrides: Parameters<typeof insertRoom>[2] = {}) {
  const { hostel, room } = await hostelWithRoom(t, roomOverrides);
  const student = await signedInUser(t);
  const booking = await bookOk(t, student, room);
  return { hostel, room, student, booking };
}

/** Book an inspection of `room` for `date` and pay its agent fee at the sandbox. */
export async function bookAndPayAgentFee(
  t: TestApp,
  student: Student,
  room: { id: string; hostelId: string; agentFee: number },
  date = lagosDatePlusDays(1),
) {
  const booking = await bookOk(t, student, room, date);
  const fee = await payOk(t, student, await initiateAgentFeeOk(t, student, room, booking._id));
  return { booking, feeReference: fee.reference };
}

/** Start paying the caution deposit for a booking (the room's caution fee). */
export const initiateDeposit = (t: TestApp, student: Student, bookingId: string) =>
  initiate(t, 'caution-fee', student, { booking_id: bookingId, callback_url: receiptUrl(t) });

/**
 * A new student's inspection of a room of a new hostel (`room`'s fees and rent), booked for `date`
 * and its agent fee paid at the sandbox; with `deposit`, the caution deposit paid on the booking too.
 */
export async function paidInspection(
  t: TestApp,
  opts: { room: Parameters<typeof insertRoom>[2]; deposit: boolean; date?: string },
) {
  const { hostel, room } = await hostelWithRoom(t, opts.room);
  const student = await signedInUser(t);
  const { booking, feeReference } = await bookAndPayAgentFee(t, student, room, opts.date);
  let depositReference: string | null = null;
  if (opts.deposit) {
    const res = await initiateDeposit(t, student, booking._id);
    expect(res.statusCode, res.body).toBe(201);
    depositReference = (await payOk(t, student, res.json())).reference;
  }
  return { hostel, room, student, booking, feeReference, depositReference };
}

/** The same student, then the rent paid: the room's tenant, with the running tenancy. */
export async function paidTenant(t: TestApp, opts: Parameters<typeof paidInspection>[1]) {
  const inspected = await paidInspection(t, opts);
  const rent = await payOk(t, inspected.student, await initiateRentOk(t, inspected.student, inspected.room));
  const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.roomId, inspected.room.id));
  return { ...inspected, rentReference: rent.reference, tenancy: tenancy! };
}

/** The student's profile (GET /user/:id), which must answer 200. */
export async function profileOf(t: TestApp, student: Student) {
  const res = await send(t, student, 'GET', `/api/user/${student.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * The clock moves on: the room's running tenancy started a year less `daysLeft` days ago, so its
 * rent falls due in `daysLeft` days — inside the renewal window (docs/domain.md, "Tenancy").
 * Returns the new due date.
 */
export async function rentYearNearlyUp(t: TestApp, roomId: string, daysLeft = 30): Promise<string> {
  const dueDate = addDays(todayInLagos(), daysLeft);
  const [running] = await t.db.select().from(tenancies).where(runningTenancyOf(roomId));
  // Its rent parts move with it, so the year's parts keep their place in the year.
  if (running) {
    const days = daysBetween(dueDate, running.dueDate);
    await t.db
      .update(rentParts)
      .set({
        yearStart: sql`${rentParts.yearStart} - ${days}::int`,
        dueOn: sql`${rentParts.dueOn} - ${days}::int`,
      })
      .where(eq(rentParts.tenancyId, running.id));
  }
  await t.db
    .update(tenancies)
    .set({ startDate: addMonths(dueDate, -12), dueDate })
    .where(runningTenancyOf(roomId));
  return dueDate;
}
