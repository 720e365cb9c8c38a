import { PAYMENT_TYPE_OF, type PaymentHistoryItem } from '@studynest/contracts';
import { paymentLabel } from '@studynest/contracts/receipt';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { payments } from '../payments/index.ts';
import { openRefundAmount, refundedAmount, refundStateOf } from '../refunds/index.ts';
import { rooms } from '../rooms/index.ts';
import { rentLeaseOf } from './payment-detail.ts';

/**
 * Every payment attempt of one person (agent fee, rent, caution deposit; any status), newest first: their
 * payment history with receipt numbers. The caller decides whose (GET /payments/mine, or an admin's
 * GET /user/{id}/payments); this reads only that person's rows.
 */
/** An admin's look at one user's payments: an id that is no user (or a deleted one) is a 404. */
export async function listPaymentsOfUser(
  deps: Pick<Deps, 'db'>,
  userId: string,
): Promise<PaymentHistoryItem[]> {
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound('No user with that id');
  return listPaymentsOf(deps, userId);
}

export async function listPaymentsOf(
  { db }: Pick<Deps, 'db'>,
  userId: string,
): Promise<PaymentHistoryItem[]> {
  const rows = await db
    .select({
      reference: payments.reference,
      kind: payments.kind,
      id: payments.id,
      userId: payments.userId,
      roomId: payments.roomId,
      amount: payments.amount,
      status: payments.status,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      receiptNumber: payments.receiptNumber,
      channel: payments.channel,
      needsRefund: payments.needsRefund,
      refunded: refundedAmount(payments.id),
      pending: openRefundAmount(payments.id),
      hostelName: hostels.hostelName,
      roomNumber: rooms.roomNumber,
    })
    .from(payments)
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.reference));
  // "Rent, 12 months from …" as on its receipt: one more read per rent that went through (one a year).
  const leases = await Promise.all(rows.map((r) => rentLeaseOf({ db }, r)));
  return rows.map((r, i) => ({
    reference: r.reference,
    payment_type: PAYMENT_TYPE_OF[r.kind],
    amount: Number(r.amount),
    status: r.status,
    created_at: r.createdAt.toISOString(),
    paid_at: r.paidAt?.toISOString() ?? null,
    receipt_number: r.status === 'success' ? r.receiptNumber : null,
    needs_refund: r.needsRefund,
    refunded_amount: Number(r.refunded),
    refund_state: refundStateOf(r.amount, Number(r.refunded), Number(r.pending)),
    hostel_name: r.hostelName,
    room_number: r.roomNumber,
    rent_period_start: leases[i]?.periodStart ?? null,
    label: paymentLabel(r.kind, leases[i]?.periodStart ?? null, leases[i]?.parts ?? null),
    channel: r.channel ?? null,
  }));
}
