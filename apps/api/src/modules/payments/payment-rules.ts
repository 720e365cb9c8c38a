import type { PaymentKind, PaymentRefundState } from '@studynest/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { payments, refunds } from '../../db/schema.ts';

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
 * Who the room is booked for: the payer of its latest standing agent fee (a room that was let
 * again has the older student's fee too). SQL, so that it can sit inside a conditional UPDATE.
 */
export const bookedBy = (roomId: string | SQL) => sql<string | null>`(
  select ${payments.userId} from ${payments}
  where ${payments.roomId} = ${roomId} and ${standingAgentFee}
  order by ${payments.paidAt} desc nulls last, ${payments.createdAt} desc
  limit 1
)`;

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
