import { type BookingCancelled, formatLagosDateTime } from '@studynest/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { flagOwedBack, payments } from '../payments/index.ts';
import { freeRoom, letGoOfHold, lockRoom } from '../rooms/index.ts';
import { getSettings } from '../settings/index.ts';
import { bookedBy, feeUsed, hasRunningTenancy, unsettledDeposit } from '../tenancies/index.ts';
import { effectiveStatus, inspectionStartsAt, toBooking } from './bookings.mapper.ts';
import { bookings } from './bookings.schema.ts';

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
 * available). One transaction with the room's and the booking's rows locked: a payment arriving at
 * the same moment waits, then finds the booking cancelled and is flagged for a refund itself.
 */
export async function cancelBooking(
  deps: Pick<Deps, 'db'>,
  user: AuthUser,
  bookingId: string,
): Promise<BookingCancelled> {
  const { inspection_cancel_hours: windowHours } = await getSettings(deps);
  const spent = () =>
    conflict(
      'You have paid the rent for this room, so this inspection and its agent fee belong to your tenancy and cannot be cancelled. To leave the room, give notice on your profile.',
    );
  return deps.db.transaction(async (tx) => {
    const [place] = await tx
      .select({ roomId: bookings.roomId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    if (!place) throw notFound('This booking does not exist');
    // The room first, as every event on a room takes it: a payment arriving now is applied wholly
    // before or after this.
    await lockRoom(tx, place.roomId);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw notFound('This booking does not exist');
    if (booking.userId !== user.id) throw forbidden('Only the student who made this booking can cancel it');
    const status = effectiveStatus(booking);
    if (status === 'cancelled') throw conflict('This booking is already cancelled');
    if (status === 'expired') throw conflict('This booking has expired: there is nothing to cancel');
    if (status === 'inspected') throw spent();
    const deadline = cancelDeadline(booking, windowHours);
    if (Date.now() > deadline.getTime()) {
      throw conflict(
        `Inspections can be cancelled up to ${windowHours} hours before their time; this one could be cancelled until ${formatLagosDateTime(deadline.toISOString())} (Lagos time).`,
      );
    }
    const ownFee = and(eq(payments.bookingId, booking.id), eq(payments.kind, 'agent_fee'));
    const [used] = await tx
      .select({
        any: sql<boolean>`exists (select 1 from ${payments} where ${ownFee} and ${feeUsed(payments.id)})`,
      })
      .from(sql`(select 1) as one`);
    if (used?.any) throw spent();

    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, booking.id))
      .returning();
    // What the student paid for this inspection is owed back: its agent fee, and a caution deposit
    // they paid for the room, which no tenancy will now settle.
    const owed = await flagOwedBack(
      tx,
      or(
        ownFee,
        and(
          unsettledDeposit(booking.userId, booking.roomId),
          sql`not ${hasRunningTenancy(booking.roomId, booking.userId)}`,
        ),
      ),
      'inspection_cancelled',
    );
    // The student's hold goes, and a room booked through this fee is free again.
    await letGoOfHold(tx, booking.roomId, user.id);
    const [booker] = await tx.select({ id: bookedBy(booking.roomId) }).from(sql`(select 1) as one`);
    if (!booker?.id) await freeRoom(tx, booking.roomId, ['booked']);

    return {
      booking: toBooking(cancelled!),
      refund_amount: owed.reduce((sum, p) => sum + p.amount, 0),
    };
  });
}
