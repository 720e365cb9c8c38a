import type { PaymentKind, PaymentRefundState } from '@studynest/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { payments, refunds, tenancies } from '../../db/schema.ts';

/**
 * A standing agent fee: paid, and not overtaken by someone else's (those are flagged for a
 * refund). Its payer has the room booked (docs/domain.md, "Payments").
 */
export const standingAgentFee = and(
  eq(payments.kind, 'agent_fee'),
  eq(payments.status, 'success'),
  eq(payments.needsRefund, false),
);

/**
 * An agent fee used up: its payer rented the room after paying it, and that tenancy has ended
 * (docs/domain.md, "Move-out"). It no longer books the room or gives its payer a hostel.
 */
export const feeSpent = (
  userId: string | SQL | typeof payments.userId,
  roomId: string | SQL | typeof payments.roomId,
  paidAt: SQL | typeof payments.paidAt,
) => sql<boolean>`exists (
  select 1 from ${tenancies} ft
  where ft.user_id = ${userId} and ft.room_id = ${roomId} and ft.ended_at is not null
    and ft.created_at >= ${paidAt})`;

/**
 * Who the room is booked for: the payer of its latest standing agent fee (a room that was let
 * again has the older student's fee too), unless a move-out used that fee up. SQL, so that it can
 * sit inside a conditional UPDATE.
 */
export const bookedBy = (roomId: string | SQL) => sql<string | null>`(
  select latest.user_id from (
    select ${payments.userId} as user_id, ${payments.paidAt} as paid_at from ${payments}
    where ${payments.roomId} = ${roomId} and ${standingAgentFee}
    order by ${payments.paidAt} desc nulls last, ${payments.createdAt} desc
    limit 1
  ) latest
  where not ${feeSpent(sql`latest.user_id`, roomId, sql`latest.paid_at`)}
)`;

/**
 * The caution deposit a payer may still have with the company for a room: paid, not owed back as
 * a whole, and not yet settled by a move-out (docs/domain.md, "Caution deposit"). On `payments`.
 */
export const unsettledDeposit = (
  userId: string | SQL | typeof tenancies.userId,
  roomId: string | SQL | typeof tenancies.roomId,
) =>
  and(
    eq(payments.userId, userId),
    eq(payments.roomId, roomId),
    eq(payments.kind, 'caution_fee'),
    eq(payments.status, 'success'),
    eq(payments.needsRefund, false),
    sql`not exists (select 1 from ${tenancies} st where st.deposit_payment_id = ${payments.id})`,
  );

/** Merge keys into payments.provider_data without losing what is already there. */
export const mergeProviderData = (extra: Record<string, unknown>) =>
  sql`coalesce(${payments.providerData}, '{}'::jsonb) || ${JSON.stringify(extra)}::jsonb`;

/** What processed refunds of a payment gave back, in naira (SQL, for lists and locks alike). */
export const refundedAmount = (paymentId: SQL | typeof payments.id | string) => sql<number>`(
  select coalesce(sum(${refunds.amount}), 0)::int from ${refunds}
  where ${refunds.paymentId} = ${paymentId} and ${refunds.status} = 'processed'
)`;

/** What refunds of a payment still waiting on the provider will give back, in naira. */
export const pendingRefundAmount = (paymentId: SQL | typeof payments.id | string) => sql<number>`(
  select coalesce(sum(${refunds.amount}), 0)::int from ${refunds}
  where ${refunds.paymentId} = ${paymentId} and ${refunds.status} = 'pending'
)`;

/** How much of a payment has come back, as its payer's lists say it. */
export function refundStateOf(amount: number, refunded: number, pending: number): PaymentRefundState {
  if (refunded > 0) return refunded >= amount ? 'refunded' : 'partly_refunded';
  return pending > 0 ? 'pending' : 'none';
}

/** How messages name what a payment was for ("your … of ₦… was received"). */
export const PAYMENT_WHAT: Record<PaymentKind, string> = {
  agent_fee: 'inspection agent fee',
  rent: 'rent',
  caution_fee: 'caution deposit',
};

/**
 * A deposit of this payer for this room that the company holds whole: unsettled, and no refund of
 * it pending or processed. While one exists a new deposit is refused, and one that arrives anyway
 * is a duplicate (SQL on `payments`, for `exists (select 1 from payments where …)`).
 */
export const depositHeld = (userId: string | SQL, roomId: string | SQL) =>
  and(
    unsettledDeposit(userId, roomId),
    sql`not exists (select 1 from ${refunds} hr
      where hr.payment_id = ${payments.id} and hr.status in ('pending', 'processed'))`,
  );
