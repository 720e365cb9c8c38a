import type { ArrearsReport, ReportPeriod } from '@studynest/contracts';
import { todayInLagos } from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { amountOwed, inArrears, listArrears, overdueSince } from '../rent/index.ts';
import { rooms } from '../rooms/index.ts';
import { tenancies } from '../tenancies/index.ts';
import { num } from './period.ts';

/** The day arrears are counted at: the period's end, or today when the period runs into the future. */
export const arrearsDay = (period: ReportPeriod, today = todayInLagos()) =>
  period.to < today ? period.to : today;

/**
 * Arrears (docs/domain.md, "Reports"): the rent module's arrears (running tenancies past their due
 * date) on the period's last day, counted and summed in SQL and split by days overdue, with the
 * most overdue tenants listed.
 */
export async function arrearsReport(deps: Pick<Deps, 'db'>, period: ReportPeriod): Promise<ArrearsReport> {
  const asOf = arrearsDay(period);
  const overdue = sql`(${asOf}::date - ${overdueSince})`;
  const owed = amountOwed(asOf);
  const [totals] = await deps.db
    .select({
      tenants: sql`count(*)`,
      owed: sql`coalesce(sum(${owed}), 0)`,
      t30: sql`count(*) filter (where ${overdue} <= 30)`,
      o30: sql`coalesce(sum(${owed}) filter (where ${overdue} <= 30), 0)`,
      t90: sql`count(*) filter (where ${overdue} between 31 and 90)`,
      o90: sql`coalesce(sum(${owed}) filter (where ${overdue} between 31 and 90), 0)`,
      tMore: sql`count(*) filter (where ${overdue} > 90)`,
      oMore: sql`coalesce(sum(${owed}) filter (where ${overdue} > 90), 0)`,
    })
    .from(tenancies)
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .where(inArrears(asOf));
  return {
    kind: 'arrears',
    from: period.from,
    to: period.to,
    as_of: asOf,
    tenants: num(totals?.tenants),
    amount_owed: num(totals?.owed),
    buckets: [
      { days_overdue: '1-30', tenants: num(totals?.t30), amount_owed: num(totals?.o30) },
      { days_overdue: '31-90', tenants: num(totals?.t90), amount_owed: num(totals?.o90) },
      { days_overdue: '91+', tenants: num(totals?.tMore), amount_owed: num(totals?.oMore) },
    ],
    items: await listArrears(deps, asOf),
  };
}
