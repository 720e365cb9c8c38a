import {
  addMonths,
  type Booking,
  type BookingCreate,
  type BookingListItem,
  type BookingPaymentStatus,
  INSPECTION_SLOTS,
  type InspectionSlot,
  isCalendarDate,
  lagosDateOf,
  todayInLagos,
} from '@studynest/contracts';
import { and, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { hostels } from '../hostels/index.ts';
import { payments } from '../payments/index.ts';
import { holdRoom, rooms, selectWithWhoAndWhere } from '../rooms/index.ts';
import { effectiveStatus, inspectionDateTime, toBooking } from './bookings.mapper.ts';
import { bookings } from './bookings.schema.ts';

/** How far ahead an inspection may be booked; beyond this a date is almost surely a typo. */
const MAX_MONTHS_AHEAD = 6;

const field = (message: string) => badRequest(message, { inspection_date_time: message });

/** "YYYY-MM-DD_<slot>" → its parts, or a 400 a person can act on. */
export function parseInspectionDateTime(
  value: string,
  today = todayInLagos(),
): { date: string; slot: InspectionSlot } {
  const cut = value.indexOf('_');
  const date = (cut === -1 ? value : value.slice(0, cut)).trim();
  const slot = cut === -1 ? '' : value.slice(cut + 1).trim();
  if (!isCalendarDate(date)) {
    throw field(
      'Pick a valid inspection date (YYYY-MM-DD) and a time slot, like 2025-03-14_10:00am - 10:30am',
    );
  }
  if (date < today) throw field('Pick today or a later date');
  if (date > addMonths(today, MAX_MONTHS_AHEAD)) {
    throw field(`Pick a date within the next ${MAX_MONTHS_AHEAD} months`);
  }
  const known = INSPECTION_SLOTS.find((s) => s.toLowerCase() === slot.toLowerCase());
  if (!known) throw field(`Pick one of the inspection times: ${INSPECTION_SLOTS.join(', ')}`);
  return { date, slot: known };
}

/**
 * Book an inspection: the room is held for the student (room-hold.ts) while they pay the agent fee.
 * `now` is when the student booked: a request's is the present; the demo's past bookings pass theirs
 * (the inspection day is checked against that day, and the booking is dated then).
 */
export async function createBooking(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  input: BookingCreate,
  now?: Date,
): Promise<Booking> {
  const { date, slot } = parseInspectionDateTime(
    input.inspection_date_time,
    now ? lagosDateOf(now) : todayInLagos(),
  );
  return db.transaction(async (tx) => {
    const [room] = await tx
      .select({ id: rooms.id, hostelId: rooms.hostelId, isClosed: hostels.isClosed })
      .from(rooms)
      .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
      .where(eq(rooms.id, input.room_id))
      .limit(1);
    if (!room) throw notFound('This room does not exist');
    if (room.hostelId !== input.hostel_id) {
      throw badRequest('This room is not in that hostel', { room_id: 'This room is not in that hostel' });
    }
    if (room.isClosed) throw conflict('This hostel is not taking bookings right now');

    const holdUntil = await holdRoom(tx, room.id, userId);

    // A repeated attempt (new date, double click, back button) reuses the live booking.
    const [live] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.userId, userId),
          eq(bookings.roomId, room.id),
          eq(bookings.status, 'pending'),
          gt(bookings.holdExpiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(bookings.createdAt))
      .limit(1)
      .for('update');
    if (live) {
      const [row] = await tx
        .update(bookings)
        .set({ inspectionDate: date, inspectionSlot: slot, holdExpiresAt: holdUntil })
        .where(eq(bookings.id, live.id))
        .returning();
      return toBooking(row!);
    }
    // Older attempts whose hold ran out are closed so they never look live again.
    await tx
      .update(bookings)
      .set({ status: 'expired' })
      .where(
        and(
          eq(bookings.userId, userId),
          eq(bookings.roomId, room.id),
          eq(bookings.status, 'pending'),
          lte(bookings.holdExpiresAt, sql`now()`),
        ),
      );
    const [row] = await tx
      .insert(bookings)
      .values({
        userId,
        roomId: room.id,
        hostelId: room.hostelId,
        inspectionDate: date,
        inspectionSlot: slot,
        status: 'pending',
        holdExpiresAt: holdUntil,
        ...(now ? { createdAt: now } : {}),
      })
      .returning();
    return toBooking(row!);
  });
}

const upcomingFilter = (today: string) =>
  and(eq(bookings.status, 'confirmed'), gte(bookings.inspectionDate, today));

/** Admin list, newest first; `upcoming` keeps confirmed inspections from today (Lagos) on. */
export async function listBookings(
  { db }: Pick<Deps, 'db'>,
  opts: { upcoming?: boolean } = {},
): Promise<BookingListItem[]> {
  const today = todayInLagos();
  const rows = await selectWithWhoAndWhere(db, bookings, { booking: bookings })
    .where(opts.upcoming ? upcomingFilter(today) : undefined)
    .orderBy(
      ...(opts.upcoming
        ? [bookings.inspectionDate, bookings.inspectionSlot]
        : [desc(bookings.createdAt), desc(bookings.id)]),
    );

  const ids = rows.map((r) => r.booking.id);
  const paid = new Map<string, BookingPaymentStatus>();
  if (ids.length) {
    const pays = await db
      .select({ bookingId: payments.bookingId, status: payments.status })
      .from(payments)
      .where(and(eq(payments.kind, 'agent_fee'), inArray(payments.bookingId, ids)))
      .orderBy(payments.createdAt);
    for (const p of pays) {
      if (!p.bookingId || paid.get(p.bookingId) === 'success') continue;
      // The latest attempt speaks, except that any success wins.
      paid.set(
        p.bookingId,
        p.status === 'success' ? 'success' : p.status === 'pending' ? 'pending' : 'failed',
      );
    }
  }

  const now = new Date();
  return rows.map(({ booking, user: student, room, hostel }) => ({
    _id: booking.id,
    student,
    room,
    hostel,
    inspection_date_time: inspectionDateTime(booking),
    status: effectiveStatus(booking, now),
    payment_status: paid.get(booking.id) ?? 'none',
    created_at: booking.createdAt.toISOString(),
  }));
}

/** The Booking(N) nav figure: confirmed inspections from today on. */
export async function countUpcomingBookings({ db }: Pick<Deps, 'db'>): Promise<{ upcoming: number }> {
  const [row] = await db.select({ n: count() }).from(bookings).where(upcomingFilter(todayInLagos()));
  return { upcoming: Number(row?.n ?? 0) };
}

/** The upcoming list's inspections (confirmed, from today in Lagos) on each of `days`, counted per day. */
export async function countInspectionsOn({ db }: Pick<Deps, 'db'>, days: string[]): Promise<number[]> {
  if (!days.length) return [];
  const rows = await db
    .select({ day: bookings.inspectionDate, n: count() })
    .from(bookings)
    .where(and(upcomingFilter(todayInLagos()), inArray(bookings.inspectionDate, days)))
    .groupBy(bookings.inspectionDate);
  return days.map((d) => Number(rows.find((r) => String(r.day) === d)?.n ?? 0));
}
