import { REFUND_REPORT_REASONS, type RefundsReport, type ReportPeriod } from '@studynest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { payments } from '../payments/index.ts';
import { refunds } from '../refunds/index.ts';
import { instantInPeriod, num } from './period.ts';

/** Why the money was owed: the payment's reason, `other` for a refund an admin chose to make. */
export const refundReason = sql<string>`coalesce(${payments.refundReason}, 'other')`;

/**
 * Refunds (docs/domain.md, "Reports"): those processed in the period, in all and by why the money
 * was owed, and those asked for in the period that are still pending or have failed. Two aggregates.
 */
export async function refundsReport({ db }: Pick<Deps, 'db'>, period: ReportPeriod): Promise<RefundsReport> {
  const processed = await db
    .select({ reason: refundReason, refunds: sql`count(*)`, amount: sql`sum(${refunds.amount})` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'processed'), instantInPeriod(refunds.processedAt, period)))
    .groupBy(refundReason);
  const open = await db
    .select({ status: refunds.status, refunds: sql`count(*)`, amount: sql`sum(${refunds.amount})` })
    .from(refunds)
    .where(and(sql`${refunds.status} <> 'processed'`, instantInPeriod(refunds.createdAt, period)))
    .groupBy(refunds.status);

  const byReason = REFUND_REPORT_REASONS.map((reason) => {
    const r = processed.find((row) => row.reason === reason);
    return { reason, refunds: num(r?.refunds), amount: num(r?.amount) };
  });
  const openOf = (status: 'pending' | 'failed') => {
    const r = open.find((row) => row.status === status);
    return { refunds: num(r?.refunds), amount: num(r?.amount) };
  };
  return {
    kind: 'refunds',
    from: period.from,
    to: period.to,
    processed: {
      refunds: byReason.reduce((n, r) => n + r.refunds, 0),
      amount: byReason.reduce((n, r) => n + r.amount, 0),
    },
    by_reason: byReason,
    pending: openOf('pending'),
    failed: openOf('failed'),
  };
}
