import { addDays, addMonths, todayInLagos } from '@studynest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, type signedInUser } from '../../../test/factories.ts';
import { tenancies } from '../tenancies/tenancies.schema.ts';

/** Test helpers shared by the bookings and payments suites (not a test file itself). */

export type Student = Awaited<ReturnType<typeof signedInUser>>;

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
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: student.headers,
    payload: { hostel_id: room.hostelId, room_id: room.id, inspection_date_time: `${date}_${SLOT}` },
  });
}

export async function bookOk(t: TestApp, student: Student, room: { id: string; hostelId: string }) {
  const res = await book(t, student, room);
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
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${kind}/initiate`,
    headers: student.headers,
    payload: body,
  });
}

export async function initiateAgentFeeOk(
  t: TestApp,
  student: Student,
  room: { id: string; hostelId: string; agentFee: number },
  bookingId: string,
) {
  const res = await initiate(t, 'agent-fee', student, {
    amount: room.agentFee,
    room_id: room.id,
    hostel_id: room.hostelId,
    booking_id: bookingId,
    callback_url: receiptUrl(t),
  });
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
  return t.app.inject({
    method: 'GET',
    url: `/api/payments/verify?reference=${encodeURIComponent(reference)}`,
    headers: who.headers,
  });
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

/**
 * The clock moves on: the room's running tenancy started a year less `daysLeft` days ago, so its
 * rent falls due in `daysLeft` days — inside the renewal window (docs/domain.md, "Tenancy").
 * Returns the new due date.
 */
export async function rentYearNearlyUp(t: TestApp, roomId: string, daysLeft = 30): Promise<string> {
  const dueDate = addDays(todayInLagos(), daysLeft);
  await t.db
    .update(tenancies)
    .set({ startDate: addMonths(dueDate, -12), dueDate })
    .where(and(eq(tenancies.roomId, roomId), isNull(tenancies.endedAt)));
  return dueDate;
}
