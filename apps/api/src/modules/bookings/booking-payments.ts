import type { BookingStatus, InspectionSlot, PaymentInitiate, RoomUnit } from '@studynest/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hostels } from '../hostels/index.ts';
import { flagOwedBack, type PaymentRow, payments } from '../payments/index.ts';
import { holdRoom, lockRoom, markRoomBooked, rooms } from '../rooms/index.ts';
import { bookings } from './bookings.schema.ts';

/*
 * What an agent fee does to its booking (docs/domain.md, "Lifecycles": booking and payment): the
 * guard on starting to pay it, and the effect of its success.
 */

/**
 * The booking a student may start paying the agent fee of, with its room and hostel; throws
 * 400/403/404/409 saying why not. `hold` then keeps the room for them (or takes it back, under the
 * same per-student limit as booking) in the transaction that records the payment.
 */
export async function agentFeeBooking(db: DbOrTx, userId: string, input: PaymentInitiate) {
  if (!input.booking_id) {
    throw badRequest('booking_id is required to pay an agent fee', { booking_id: 'Required' });
  }
  const [row] = await db
    .select({ booking: bookings, room: rooms, hostel: hostels })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
    .where(eq(bookings.id, input.booking_id))
    .limit(1);
  if (!row) throw notFound('This booking does not exist');
  const { booking, room, hostel } = row;
  if (booking.userId !== userId)
    throw forbidden('Only the student who made this booking can pay its agent fee');
  if (
    (input.room_id && input.room_id !== room.id) ||
    (input.hostel_id && input.hostel_id !== room.hostelId)
  ) {
    throw badRequest('This booking is for a different room', {
      booking_id: 'This booking is for a different room',
    });
  }
  if (booking.status === 'confirmed' || booking.status === 'inspected') {
    throw conflict('The agent fee for this booking is already paid');
  }
  if (booking.status === 'cancelled')
    throw conflict('This booking was cancelled. Please book the room again.');
  if (hostel.isClosed) throw conflict('This hostel is not taking bookings right now');
  return {
    booking,
    room,
    hostel,
    /** Hold the room for the payer while they pay, and keep the booking pending that long. */
    hold: async (holdTx: Tx) => {
      const holdUntil = await holdRoom(holdTx, room.id, userId);
      await holdTx
        .update(bookings)
        .set({ status: 'pending', holdExpiresAt: holdUntil })
        .where(eq(bookings.id, booking.id));
    },
  };
}

/**
 * An agent fee succeeded, in the transaction that turned it success: the room becomes booked for
 * the payer and the booking confirmed — unless the room went to someone else meanwhile (owed back,
 * booking cancelled), the student cancelled the inspection first, or the booking was already
 * confirmed by an earlier payment (a duplicate).
 */
export async function applyAgentFee(tx: Tx, payment: PaymentRow): Promise<void> {
  await lockRoom(tx, payment.roomId);
  const thisFee = eq(payments.id, payment.id);
  if (payment.bookingId) {
    const [booking] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, payment.bookingId))
      .for('update');
    if (booking && booking.status !== 'pending' && booking.status !== 'expired') {
      await flagOwedBack(tx, thisFee, booking.status === 'cancelled' ? 'inspection_cancelled' : 'duplicate');
      return;
    }
  }
  const booked = await markRoomBooked(tx, payment.roomId, payment.userId);
  if (!payment.bookingId) return;
  if (booked) {
    await tx
      .update(bookings)
      .set({ status: 'confirmed', confirmedAt: sql`now()` })
      .where(eq(bookings.id, payment.bookingId));
  } else {
    await flagOwedBack(tx, thisFee, 'room_taken');
    await tx
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(and(eq(bookings.id, payment.bookingId), inArray(bookings.status, ['pending', 'expired'])));
  }
}

/** The inspection led to a tenancy that spent its agent fee: it can no longer be cancelled. */
export async function markBookingInspected(tx: Tx, feeId: string): Promise<void> {
  await tx
    .update(bookings)
    .set({ status: 'inspected' })
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        sql`${bookings.id} = (select ${payments.bookingId} from ${payments} where ${payments.id} = ${feeId})`,
      ),
    );
}

/** The profile's agent-fee payment, read in one statement with the rest of the profile (JSON). */
export type AgentFeeJson = {
  status: PaymentRow['status'];
  amount: number;
  reference: string;
  room: {
    id: string;
    room_number: string;
    unit: RoomUnit;
    agent_fee: number;
    price: number;
    caution_fee: number;
    commission_fee: number;
  };
  hostel: { _id: string; hostel_name: string; address: string };
  booking: {
    id: string;
    inspection_date: string;
    inspection_slot: InspectionSlot;
    status: BookingStatus;
    hold_expires_at: string;
  };
};

/** A student's latest agent fee, a success preferred over later attempts, ordered like every list of them. */
const latestAgentFee = (userId: string) => sql`
  from ${payments} af
  where af.user_id = ${userId} and af.kind = 'agent_fee' and af.booking_id is not null
  order by (af.status = 'success') desc, af.created_at desc
  limit 1`;

/** The room of that fee (SQL), which the profile's rent and deposit rows are about. */
export const agentFeeRoomOf = (userId: string) =>
  sql<string | null>`(select af.room_id ${latestAgentFee(userId)})`;

/** That fee with its booking, room and hostel, as JSON (SQL), or null. */
export const agentFeeJsonOf = (userId: string) => sql<AgentFeeJson | null>`(
  select json_build_object(
    'status', af.status, 'amount', af.amount, 'reference', af.reference,
    'room', (select json_build_object('id', r.id, 'room_number', r.room_number, 'unit', r.unit,
        'agent_fee', r.agent_fee, 'price', r.price, 'caution_fee', r.caution_fee, 'commission_fee', r.commission_fee)
      from ${rooms} r where r.id = af.room_id),
    'hostel', (select json_build_object('_id', h.id, 'hostel_name', h.hostel_name, 'address', h.address)
      from ${hostels} h where h.id = af.hostel_id),
    'booking', (select json_build_object('id', b.id, 'inspection_date', b.inspection_date,
        'inspection_slot', b.inspection_slot, 'status', b.status, 'hold_expires_at', b.hold_expires_at)
      from ${bookings} b where b.id = af.booking_id))
  ${latestAgentFee(userId)})`;
