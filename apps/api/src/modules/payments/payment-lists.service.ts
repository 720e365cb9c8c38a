import {
  daysBetween,
  type OwedPayment,
  PAYMENT_TYPE_OF,
  type PaymentHistoryItem,
  type Tenant,
  todayInLagos,
} from '@studynest/contracts';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hostels, payments, rooms, tenancies, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { personRefColumns } from '../auth/index.ts';
import { hostelRefColumns } from '../hostels/index.ts';
import { roomRefColumns } from '../rooms/index.ts';
import { pendingRefundAmount, refundedAmount, refundStateOf, unsettledDeposit } from './payment-rules.ts';
import { toNotice, toRefund, toTenancyDates } from './payments.mapper.ts';

/** Active tenancies, soonest due first, with what each tenant has paid in rent for that room. */
export async function listTenants({ db }: Pick<Deps, 'db'>): Promise<Tenant[]> {
  const paid = db
    .select({
      userId: payments.userId,
      roomId: payments.roomId,
      total: sql<string>`sum(${payments.amount})`.as('total'),
    })
    .from(payments)
    .where(and(eq(payments.kind, 'rent'), eq(payments.status, 'success'), eq(payments.needsRefund, false)))
    .groupBy(payments.userId, payments.roomId)
    .as('paid');
  const rows = await db
    .select({
      tenancy: tenancies,
      user: personRefColumns,
      room: roomRefColumns,
      hostel: hostelRefColumns,
      total: paid.total,
      depositHeld: sql<number>`coalesce((
        select ${payments.amount} - ${refundedAmount(payments.id)} - ${pendingRefundAmount(payments.id)}
        from ${payments}
        where ${unsettledDeposit(tenancies.userId, tenancies.roomId)}
        order by ${payments.paidAt} desc limit 1), 0)`,
    })
    .from(tenancies)
    .innerJoin(users, eq(users.id, tenancies.userId))
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId))
    .leftJoin(paid, and(eq(paid.userId, tenancies.userId), eq(paid.roomId, tenancies.roomId)))
    .where(isNull(tenancies.endedAt))
    .orderBy(tenancies.dueDate, hostels.hostelName, rooms.roomNumber);
  const today = todayInLagos();
  return rows.map(({ tenancy, user, room, hostel, total, depositHeld }) => ({
    user,
    hostel,
    room,
    ...toTenancyDates(tenancy),
    daysLeft: daysBetween(today, tenancy.dueDate),
    amountPaid: Number(total ?? 0),
    tenancy_id: tenancy.id,
    deposit_held: Math.max(0, Number(depositHeld)),
    notice: toNotice(tenancy),
  }));
}

/**
 * Successful payments flagged needs_refund: money an admin must give back. All of them newest first
 * (GET /payments/refunds), or only those with something left to refund, oldest first (the Refunds
 * screen's queue).
 */
export async function listRefunds(
  { db }: Pick<Deps, 'db'>,
  { outstanding = false }: { outstanding?: boolean } = {},
): Promise<OwedPayment[]> {
  const refunded = refundedAmount(payments.id);
  const pending = pendingRefundAmount(payments.id);
  const rows = await db
    .select({
      payment: payments,
      user: personRefColumns,
      room: roomRefColumns,
      hostel: hostelRefColumns,
      refunded,
      pending,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .where(
      and(
        eq(payments.needsRefund, true),
        outstanding ? gt(sql`${payments.amount} - ${refunded} - ${pending}`, 0) : undefined,
      ),
    )
    .orderBy(
      ...(outstanding
        ? [asc(payments.paidAt), asc(payments.createdAt)]
        : [desc(payments.paidAt), desc(payments.createdAt)]),
    );
  const today = todayInLagos();
  return rows.map((row) => toRefund(row, today));
}

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
      amount: payments.amount,
      status: payments.status,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      receiptNumber: payments.receiptNumber,
      needsRefund: payments.needsRefund,
      refunded: refundedAmount(payments.id),
      pending: pendingRefundAmount(payments.id),
      hostelName: hostels.hostelName,
      roomNumber: rooms.roomNumber,
    })
    .from(payments)
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.reference));
  return rows.map((r) => ({
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
  }));
}
