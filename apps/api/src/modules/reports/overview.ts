import { addDays, addMonths, todayInLagos } from '@studynest/contracts';
// Its own entry, not the barrel: the web's screens that load the barrel need not carry it.
import { type AdminOverview, AdminOverviewSchema } from '@studynest/contracts/admin-overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { countInspectionsOn } from '../bookings/index.ts';
import { maintenanceSummary } from '../maintenance/index.ts';
import { listOwedPayments } from '../refunds/index.ts';
import { listTenants } from '../tenancies/index.ts';
import { arrearsReport } from './arrears.report.ts';
import { revenueReport } from './revenue.report.ts';

/** How many unfinished repairs the home lists by name; the rest are behind the link to the queue. */
const REPAIRS_SHOWN = 5;

/**
 * The admin home (docs/domain.md, "The admin home"): each figure from the module that owns it, by
 * the rule of the list the card links to, so the card and the list cannot disagree.
 */
export async function adminOverview(
  deps: Pick<Deps, 'db' | 'storage'>,
  today = todayInLagos(),
): Promise<AdminOverview> {
  const tomorrow = addDays(today, 1);
  const lastMonthStart = addMonths(`${today.slice(0, 7)}-01`, -1);
  const [maintenance, owed, arrears, [inspectionsToday = 0, inspectionsTomorrow = 0], tenants, revenue] =
    await Promise.all([
      maintenanceSummary(deps, REPAIRS_SHOWN),
      listOwedPayments(deps),
      arrearsReport(deps, { from: today, to: today }),
      countInspectionsOn(deps, [today, tomorrow]),
      listTenants(deps),
      revenueReport(deps, { from: lastMonthStart, to: today }),
    ]);
  const [lastMonth, thisMonth] = revenue.months;
  return {
    today,
    tomorrow,
    maintenance: {
      ...maintenance,
      next: maintenance.next.map(({ _id, category, urgency, status, hostel, room, due_by, overdue }) => ({
        _id,
        category,
        urgency,
        status,
        hostel,
        room,
        due_by,
        overdue,
      })),
    },
    refunds_due: { payments: owed.length, amount: owed.reduce((sum, p) => sum + p.remaining, 0) },
    arrears: { tenants: arrears.tenants, amount_owed: arrears.amount_owed },
    inspections: { today: inspectionsToday, tomorrow: inspectionsTomorrow },
    tenants: { current: tenants.length, given_notice: tenants.filter((t) => t.notice).length },
    income: {
      this_month: { month: thisMonth?.month ?? today.slice(0, 7), total: thisMonth?.total ?? 0 },
      last_month: { month: lastMonth?.month ?? lastMonthStart.slice(0, 7), total: lastMonth?.total ?? 0 },
    },
  };
}

export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/overview',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          "The admin home's figures: maintenance, refunds due, arrears, inspections today and tomorrow, notices given, income this month and last",
        response: { 200: AdminOverviewSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => adminOverview(app.deps),
  );
};
