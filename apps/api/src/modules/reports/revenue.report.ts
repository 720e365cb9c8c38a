import type { ReportPeriod, RevenueReport } from '@studynest/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { payments } from '../payments/index.ts';
import { keptOnClose, refundedAmount, refunds } from '../refunds/index.ts';
import { tenancies, tenancyDeductions } from '../tenancies/index.ts';
import { instantInPeriod, lagosMonth, lagosMonthStart, monthsOf, num, periodEnd } from './period.ts';

/**
 * Revenue (docs/domain.md, "Reports"): successful payments by the Lagos month they were paid in,
 * agent fees and rent apart, in one aggregate. Refunds subtract in the Lagos month the provider
 * processed them (a second aggregate, merged by month). A payment flagged `needs_refund` is still
 * money received and counts; what is left to give back on it is listed apart. Caution deposits (and
 * their refunds) are left out: held money, not revenue.
 */
/** The caution deposit is held for the tenant, not earned: neither it nor its return is revenue. */
const revenueKind = ne(payments.kind, 'caution_fee');

/** Revenue month by month over the period (the report's rows), each month's total net of its refunds. */
export async function revenueByMonth(
  { db }: Pick<Deps, 'db'>,
  period: ReportPeriod,
): Promise<RevenueReport['months']> {
  const month = lagosMonth(payments.paidAt);
  const refundMonth = lagosMonth(refunds.processedAt);
  const [rows, refunded] = await Promise.all([
    db
      .select({
        month,
        agentFees: sql`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'agent_fee'), 0)`,
        rent: sql`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'rent'), 0)`,
        payments: sql`count(*)`,
      })
      .from(payments)
      .where(and(eq(payments.status, 'success'), revenueKind, instantInPeriod(payments.paidAt, period)))
      .groupBy(lagosMonthStart(payments.paidAt)),
    db
      .select({ month: refundMonth, amount: sql`sum(${refunds.amount})` })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.status, 'processed'), revenueKind, instantInPeriod(refunds.processedAt, period)))
      .groupBy(lagosMonthStart(refunds.processedAt)),
  ]);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const refundsByMonth = new Map(refunded.map((r) => [r.month, num(r.amount)]));
  return monthsOf(period).map((m) => {
    const r = byMonth.get(m);
    const agentFees = num(r?.agentFees);
    const rent = num(r?.rent);
    const refundTotal = refundsByMonth.get(m) ?? 0;
    return {
      month: m,
      agent_fees: agentFees,
      rent,
      refunds: refundTotal,
      total: agentFees + rent - refundTotal,
      payments: num(r?.payments),
    };
  });
}

export async function revenueReport(deps: Pick<Deps, 'db'>, period: ReportPeriod): Promise<RevenueReport> {
  const { db } = deps;
  const months = await revenueByMonth(deps, period);
  // What is still owed on the flagged payments of the period: their amount less what was refunded,
  // and less what an admin kept when closing one (nothing is left on a closed payment).
  const leftToRefund = sql`${payments.amount} - ${refundedAmount(payments.id)} - ${keptOnClose(payments.id)}`;
  const [awaiting] = await db
    .select({ payments: sql`count(*)`, amount: sql`coalesce(sum(${leftToRefund}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'success'),
        eq(payments.needsRefund, true),
        revenueKind,
        instantInPeriod(payments.paidAt, period),
        sql`${leftToRefund} > 0`,
      ),
    );
  const deposits = await depositsAt(db, period);
  const sum = (pick: (m: (typeof months)[number]) => number) => months.reduce((s, m) => s + pick(m), 0);
  return {
    kind: 'revenue',
    from: period.from,
    to: period.to,
    months,
    totals: {
      agent_fees: sum((m) => m.agent_fees),
      rent: sum((m) => m.rent),
      refunds: sum((m) => m.refunds),
      total: sum((m) => m.total),
      payments: sum((m) => m.payments),
    },
    awaiting_refund: { payments: num(awaiting?.payments), amount: num(awaiting?.amount) },
    deposits,
  };
}

/**
 * Caution deposits, apart from revenue (docs/domain.md, "Reports"): what the company held at the
 * end of the period — each deposit paid by then, less its refunds processed and the deductions of
 * its move-out recorded by then — the deductions kept at move-outs recorded in the period, and the
 * deposits' refunds processed in it (what the refunds report counts beside the revenue's refunds).
 */
async function depositsAt(db: Deps['db'], period: ReportPeriod): Promise<RevenueReport['deposits']> {
  const end = periodEnd(period);
  const held = sql`greatest(0, ${payments.amount}
    - coalesce((select sum(r.amount) from ${refunds} r
        where r.payment_id = ${payments.id} and r.status = 'processed' and r.processed_at < ${end}), 0)
    - coalesce((select sum(d.amount) from ${tenancyDeductions} d
        join ${tenancies} t on t.id = d.tenancy_id
        where t.deposit_payment_id = ${payments.id} and t.move_out_recorded_at < ${end}), 0))`;
  const [atEnd] = await db
    .select({
      deposits: sql`count(*) filter (where ${held} > 0)`,
      amount: sql`coalesce(sum(${held}), 0)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'caution_fee'),
        eq(payments.status, 'success'),
        eq(payments.needsRefund, false),
        sql`${payments.paidAt} < ${end}`,
      ),
    );
  const [kept] = await db
    .select({ amount: sql`coalesce(sum(${tenancyDeductions.amount}), 0)` })
    .from(tenancyDeductions)
    .innerJoin(tenancies, eq(tenancies.id, tenancyDeductions.tenancyId))
    .where(instantInPeriod(tenancies.moveOutRecordedAt, period));
  const [returned] = await db
    .select({ amount: sql`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.status, 'processed'),
        eq(payments.kind, 'caution_fee'),
        instantInPeriod(refunds.processedAt, period),
      ),
    );
  return {
    held_at_end: num(atEnd?.amount),
    held_count: num(atEnd?.deposits),
    deductions_kept: num(kept?.amount),
    returned: num(returned?.amount),
  };
}
