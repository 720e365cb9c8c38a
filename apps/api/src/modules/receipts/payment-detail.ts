import { addMonths, BUSINESS, PAYMENT_TYPE_OF, type PaymentDetail } from '@studynest/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { users } from '../auth/index.ts';
import { bookings, inspectionStartsAt, toBookingRef } from '../bookings/index.ts';
import { hostels, toHostelRef } from '../hostels/index.ts';
import { payments } from '../payments/index.ts';
import { refundedAmount } from '../refunds/index.ts';
import { rooms, toPaymentRoom } from '../rooms/index.ts';
import { tenancies, toTenancyDates } from '../tenancies/index.ts';

/**
 * A payment with what it paid for (GET /payments/verify, the receipt pages and PDF): its booking,
 * room and hostel, and for a rent that went through, the dates of the tenancy it paid.
 */
export async function getPaymentDetail(deps: Pick<Deps, 'db'>, reference: string): Promise<PaymentDetail> {
  const found = await findPayment(deps, reference);
  if (!found) throw notFound('No payment has this reference');
  return found.detail;
}

/**
 * The same, with who paid and what processed refunds gave back (naira), in one query (two for a
 * rent): everything a receipt PDF shows and its checks need. Null for an unknown reference.
 */
export async function findPayment(
  { db }: Pick<Deps, 'db'>,
  reference: string,
): Promise<{ detail: PaymentDetail; userId: string; refunded: number } | null> {
  const [row] = await db
    .select({
      payment: payments,
      room: rooms,
      hostel: hostels,
      booking: bookings,
      payer: { firstName: users.firstName, lastName: users.lastName },
      refunded: refundedAmount(payments.id),
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.reference, reference))
    .limit(1);
  if (!row) return null;
  const { payment, room, hostel, booking } = row;

  let tenancy: { startDate: string; dueDate: string } | null = null;
  let rentPeriodStart: string | null = null;
  /** The booking whose inspection this payment follows: an agent fee's own, or a first rent's. */
  let inspected = payment.kind === 'rent' ? null : booking;
  const lease = await rentLeaseOf({ db }, payment);
  if (lease) {
    tenancy = lease.tenancy;
    rentPeriodStart = lease.periodStart;
    // The first rent names no booking: it is the one whose agent fee the tenancy spent. A renewal
    // has no inspection of its own (the tenant has had the key for a year).
    if (lease.tenancy.agentFeePaymentId && lease.first) {
      const [fee] = await db
        .select({ booking: bookings })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(eq(payments.id, lease.tenancy.agentFeePaymentId))
        .limit(1);
      inspected = fee?.booking ?? null;
    }
  }
  // Booking state says the booking stands (confirmed, or inspected: rented); the clock says
  // whether its inspection has been held, so an agent has shown the payer the room.
  const inspectionHeld =
    !!inspected &&
    (inspected.status === 'confirmed' || inspected.status === 'inspected') &&
    inspectionStartsAt(inspected).getTime() <= Date.now();
  const type = PAYMENT_TYPE_OF[payment.kind];
  return {
    userId: payment.userId,
    refunded: Number(row.refunded),
    detail: {
      _id: payment.id,
      reference: payment.reference,
      status: payment.status,
      payment_type: type,
      purpose: type,
      amount: payment.amount,
      paid_at: payment.paidAt?.toISOString() ?? null,
      receipt_number: payment.receiptNumber,
      needs_refund: payment.needsRefund,
      booking: booking ? toBookingRef(booking) : null,
      room: toPaymentRoom(room),
      hostel: toHostelRef(hostel),
      tenancy: tenancy ? toTenancyDates(tenancy) : null,
      payer_name: `${row.payer.firstName} ${row.payer.lastName}`.trim(),
      rent_period_start: rentPeriodStart,
      inspection_held: inspectionHeld,
      channel: payment.channel,
    },
  };
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * A rent that went through (success, not owed back): the tenancy it paid and the first day of the
 * lease it paid for (docs/domain.md, "Receipts"): the tenancy's start for the first rent, a lease
 * later for each applied rent of the tenancy paid before it. Null for anything else. The one rule
 * behind "Rent, 12 months from …" on the receipt (screen and PDF) and in the payment history.
 */
export async function rentLeaseOf(
  { db }: Pick<Deps, 'db'>,
  payment: Pick<PaymentRow, 'kind' | 'status' | 'needsRefund' | 'userId' | 'roomId' | 'paidAt'>,
): Promise<{
  tenancy: { startDate: string; dueDate: string; agentFeePaymentId: string | null };
  periodStart: string;
  first: boolean;
} | null> {
  if (payment.kind !== 'rent' || payment.status !== 'success' || payment.needsRefund) return null;
  const [t] = await db
    .select({
      startDate: tenancies.startDate,
      dueDate: tenancies.dueDate,
      agentFeePaymentId: tenancies.agentFeePaymentId,
      // The applied rents of this tenancy paid before this one (the first started it, each
      // later one renewed it by a lease): this one pays for the lease after theirs.
      before: sql<number>`(select count(*)::int from ${payments} p
        where p.user_id = ${payment.userId} and p.room_id = ${payment.roomId}
          and p.kind = 'rent' and p.status = 'success' and not p.needs_refund
          and (p.paid_at at time zone 'Africa/Lagos')::date >= ${tenancies.startDate}
          and p.paid_at < ${payment.paidAt?.toISOString()}::timestamptz)`,
    })
    .from(tenancies)
    .where(and(eq(tenancies.userId, payment.userId), eq(tenancies.roomId, payment.roomId)))
    .orderBy(sql`${tenancies.endedAt} is null desc`, desc(tenancies.createdAt))
    .limit(1);
  if (!t) return null;
  const before = Number(t.before);
  return {
    tenancy: { startDate: t.startDate, dueDate: t.dueDate, agentFeePaymentId: t.agentFeePaymentId },
    periodStart: addMonths(t.startDate, BUSINESS.leaseMonths * before),
    first: before === 0,
  };
}
