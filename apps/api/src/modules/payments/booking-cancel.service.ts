import { type BookingCancelled, formatLagosDateTime } from '@studynest/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import { bookings, payments, rooms, tenancies } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { effectiveStatus, inspectionStartsAt, toBooking } from '../bookings/index.ts';
import { getSettings } from '../settings/index.ts';
import { bookedBy, unsettledDeposit } from './payment-rules.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Until when a booking may be cancelled: the admins' window (Settings) before its inspection. */
export const cancelDeadline = (
  booking: Parameters<typeof inspectionStartsAt>[0],
  windowHours: number,
): Date => new Date(inspectionStartsAt(booking).getTime() - windowHours * HOUR_MS);

/**
 * POST /bookings/{id}/cancel: the student who made the booking calls off the inspection, up to the
 * window before its time (docs/domain.md, "Bookings and holds"), unless it led to a tenancy
 * (inspected: the fee is spent). Its paid agent fee and a caution deposit paid for the room go to
 * Refunds (needs_refund, inspection_cancelled); the room is let go (hold released, booked →
 * available). One transaction with the booking's row locked: a payment arriving at the
 * same moment waits, then finds the booking cancelled and is flagged for a refund itself.
 */
export async function cancelBooking(
  deps: Pick<Deps, 'db'>,
  user: AuthUser,
  bookingId: string,
): Promise<BookingCancelled> {
  const { inspection_cancel_hours: windowHours } = await getSettings(deps);
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw notFound('This booking does not exist');
    if (booking.userId !== user.id) throw forbidden('Only the student who made this booking can cancel it');
    const status = effectiveStatus(booking);
    if (status === 'cancelled') throw conflict('This booking is already cancelled');
    if (status === 'expired') throw conflict('This booking has expired: there is nothing to cancel');
    if (status === 'inspected') {
      throw conflict(
        'You have paid the rent for this room, so this inspection and its agent fee belong to your tenancy and cannot be cancelled. To leave the room, give notice on your profile.',
      );
    }
    const deadline = cancelDeadline(booking, windowHours);
    if (Date.now() > deadline.getTime()) {
      throw conflict(
        `Inspections can be cancelled up to ${windowHours} hours before their time; this one could be cancelled until ${formatLagosDateTime(deadline.toISOString())} (Lagos time).`,
      );
    }

    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, booking.id))
      .returning();
    // What the student paid for this inspection goes to Refunds: its agent fee, and a caution
    // deposit they paid for the room, which no tenancy will now settle.
    const flagged = await tx
      .update(payments)
      .set({ needsRefund: true, refundReason: 'inspection_cancelled', updatedAt: sql`now()` })
      .where(
        or(
          and(
            eq(payments.bookingId, booking.id),
            eq(payments.kind, 'agent_fee'),
            eq(payments.status, 'success'),
            eq(payments.needsRefund, false),
          ),
          and(
            unsettledDeposit(booking.userId, booking.roomId),
            sql`not exists (select 1 from ${tenancies} t
              where t.user_id = ${booking.userId} and t.room_id = ${booking.roomId} and t.ended_at is null)`,
          ),
        ),
      )
      .returning({ amount: payments.amount });

    // The student's hold goes, and a room booked through this fee is free again.
    await tx
      .update(rooms)
      .set({ heldByUserId: null, heldUntil: null, updatedAt: sql`now()` })
      .where(and(eq(rooms.id, booking.roomId), eq(rooms.heldByUserId, user.id)));
    await tx
      .update(rooms)
      .set({ status: 'available', updatedAt: sql`now()` })
      .where(
        and(
          eq(rooms.id, booking.roomId),
          eq(rooms.status, 'booked'),
          sql`${bookedBy(booking.roomId)} is null`,
        ),
      );

    return {
      booking: toBooking(cancelled!),
      refund_amount: flagged.reduce((sum, p) => sum + p.amount, 0),
    };
  });
}
