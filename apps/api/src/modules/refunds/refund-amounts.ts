import type { PaymentRefundState } from '@studynest/contracts';
import { Column, getTableName, is, type SQL, sql } from 'drizzle-orm';
import type { payments } from '../payments/index.ts';
import { refundClosures, refunds } from './refunds.schema.ts';

type PaymentId = SQL | typeof payments.id | string;

/**
 * The payment's id column named with its table: Drizzle writes a single-table select's own columns
 * bare, and a bare "id" inside these subqueries would be the refund's id, not the payment's.
 */
const paymentIdSql = (paymentId: PaymentId) =>
  is(paymentId, Column)
    ? sql`${sql.identifier(getTableName(paymentId.table))}.${sql.identifier(paymentId.name)}`
    : paymentId;

/** What processed refunds of a payment gave back, in naira (SQL, for lists and locks alike). */
export const refundedAmount = (paymentId: PaymentId) => sql<number>`(
  select coalesce(sum(${refunds.amount}), 0)::int from ${refunds}
  where ${refunds.paymentId} = ${paymentIdSql(paymentId)} and ${refunds.status} = 'processed'
)`;

/**
 * What refunds of a payment not settled yet may give back, in naira: those with the provider
 * (pending) and those whose outcome is unknown (the provider may have paid them).
 */
export const openRefundAmount = (paymentId: PaymentId) => sql<number>`(
  select coalesce(sum(${refunds.amount}), 0)::int from ${refunds}
  where ${refunds.paymentId} = ${paymentIdSql(paymentId)} and ${refunds.status} in ('pending', 'unknown')
)`;

/** What an admin kept of a payment when closing it (keep the rest), in naira: 0 while it is open. */
export const keptOnClose = (paymentId: PaymentId) => sql<number>`(
  select coalesce(sum(${refundClosures.keptAmount}), 0)::int from ${refundClosures}
  where ${refundClosures.paymentId} = ${paymentIdSql(paymentId)}
)`;

/** How much of a payment has come back, as its payer's lists say it. */
export function refundStateOf(amount: number, refunded: number, pending: number): PaymentRefundState {
  if (refunded > 0) return refunded >= amount ? 'refunded' : 'partly_refunded';
  return pending > 0 ? 'pending' : 'none';
}
