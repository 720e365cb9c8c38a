import {
  addDays,
  BUSINESS,
  formatLagosDate,
  type PaymentKind,
  type PaymentRefundState,
  todayInLagos,
} from '@studynest/contracts';
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
 * An agent fee used up: the tenancy it started (`tenancies.agent_fee_payment_id`) has ended
 * (docs/domain.md, "Move-out"). It no longer books the room or gives its payer a hostel.
 */
export const feeSpent = (feeId: string | SQL | typeof payments.id) => sql<boolean>`exists (
  select 1 from ${tenancies} ft where ft.agent_fee_payment_id = ${feeId} and ft.ended_at is not null)`;

/**
 * The agent fee that books the room: its latest standing one (a room that was let again has the
 * older student's fee too), unless a move-out used it up. A row source `(id, user_id)` of at most
 * one row, so that it can sit inside a conditional UPDATE.
 */
const bookingFee = (roomId: string | SQL) => sql`(
  select latest.id, latest.user_id from (
    select ${payments.id} as id, ${payments.userId} as user_id from ${payments}
    where ${payments.roomId} = ${roomId} and ${standingAgentFee}
    order by ${payments.paidAt} desc nulls last, ${payments.createdAt} desc
    limit 1
  ) latest
  where not ${feeSpent(sql`latest.id`)}
)`;

/** Who the room is booked for: the payer of the fee that books it (docs/domain.md, "Payments"). */
export const bookedBy = (roomId: string | SQL) =>
  sql<string | null>`(select fee.user_id from ${bookingFee(roomId)} fee)`;

/** The fee that books the room for this student, if it is theirs. */
export const bookingFeeOf = (roomId: string | SQL, userId: string | SQL) =>
  sql<string | null>`(select fee.id from ${bookingFee(roomId)} fee where fee.user_id = ${userId})`;

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

/**
 * Whether a tenant may pay the next year's rent now (docs/domain.md, "Tenancy"): from the renewal
 * window before the due date on, and not while they have given notice to leave. `message` says
 * why not, to the tenant.
 */
export function renewalOf(
  tenancy: { dueDate: string; noticeMoveOutOn: string | null },
  today = todayInLagos(),
): { open: boolean; opens_on: string; message: string | null } {
  const opensOn = addDays(tenancy.dueDate, -BUSINESS.renewalWindowDays);
  if (tenancy.noticeMoveOutOn) {
    return {
      open: false,
      opens_on: opensOn,
      message: `You have given notice to move out on ${formatLagosDate(tenancy.noticeMoveOutOn)}. To stay on, take your notice back first, then renew.`,
    };
  }
  if (today < opensOn) {
    return {
      open: false,
      opens_on: opensOn,
      message: `Renewal opens on ${formatLagosDate(opensOn)}, ${BUSINESS.renewalWindowDays} days before your rent is due on ${formatLagosDate(tenancy.dueDate)}.`,
    };
  }
  return { open: true, opens_on: opensOn, message: null };
}
