import type { ReportPeriod, RevenueReport } from '@studynest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { instantInPeriod, lagosMonth, lagosMonthStart, monthsOf, num } from './period.ts';

/**
 * Revenue (docs/domain.md, "Reports"): successful payments by the Lagos month they were paid in,
 * agent fees and rent apart, in one aggregate. A payment flagged `needs_refund` is still money
 * received and counts; it is listed apart as awaiting a refund. Refunds, once recorded, subtract in
 * the month they are processed: a second aggregate merged by month into the rows below.
 */
export async function revenueReport({ db }: Pick<Deps, 'db'>, period: ReportPeriod): Promise<RevenueReport> {
  const month = lagosMonth(payments.paidAt);
  const rows = await db
    .select({
      month,
      agentFees: sql`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'agent_fee'), 0)`,
      rent: sql`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'rent'), 0)`,
      payments: sql`count(*)`,
      awaitingRefund: sql`count(*) filter (where ${payments.needsRefund})`,
      awaitingRefundAmount: sql`coalesce(sum(${payments.amount}) filter (where ${payments.needsRefund}), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.status, 'success'), instantInPeriod(payments.paidAt, period)))
    .groupBy(lagosMonthStart(payments.paidAt));
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months = monthsOf(period).map((m) => {
    const r = byMonth.get(m);
    const agentFees = num(r?.agentFees);
    const rent = num(r?.rent);
    return { month: m, agent_fees: agentFees, rent, total: agentFees + rent, payments: num(r?.payments) };
  });
  const sum = (pick: (m: (typeof months)[number]) => number) => months.reduce((s, m) => s + pick(m), 0);
  return {
    kind: 'revenue',
    from: period.from,
    to: period.to,
    months,
    totals: {
      agent_fees: sum((m) => m.agent_fees),
      rent: sum((m) => m.rent),
      total: sum((m) => m.total),
      payments: sum((m) => m.payments),
    },
    awaiting_refund: {
      payments: rows.reduce((s, r) => s + num(r.awaitingRefund), 0),
      amount: rows.reduce((s, r) => s + num(r.awaitingRefundAmount), 0),
    },
  };
}
