import { PAYMENT_TYPE_OF, type PaymentDetail } from '@studynest/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { bookings, toBookingRef } from '../bookings/index.ts';
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
      refunded: refundedAmount(payments.id),
    })
    .from(payments)
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.reference, reference))
    .limit(1);
  if (!row) return null;
  const { payment, room, hostel, booking } = row;

  let tenancy: { startDate: string; dueDate: string } | null = null;
  if (payment.kind === 'rent' && payment.status === 'success' && !payment.needsRefund) {
    const [t] = await db
      .select({ startDate: tenancies.startDate, dueDate: tenancies.dueDate })
      .from(tenancies)
      .where(sql`${tenancies.userId} = ${payment.userId} and ${tenancies.roomId} = ${payment.roomId}`)
      .orderBy(sql`${tenancies.endedAt} is null desc`, desc(tenancies.createdAt))
      .limit(1);
    tenancy = t ?? null;
  }
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
    },
  };
}
