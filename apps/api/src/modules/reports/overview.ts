import { addDays, addMonths, todayInLagos } from '@studynest/contracts';
// Its own entry, not the barrel: the web's screens that load the barrel need not carry it.
import { type AdminOverview, AdminOverviewSchema } from '@studynest/contracts/admin-overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { countInspectionsOn, countUpcomingBookings } from '../bookings/index.ts';
import { maintenanceSummary } from '../maintenance/index.ts';
import { openDifferenceDays } from '../reconciliation/index.ts';
import { countOwedPayments } from '../refunds/index.ts';
import { countArrears } from '../rent/index.ts';
import { countTenants } from '../tenancies/index.ts';
import { revenueByMonth } from './revenue.report.ts';

/** How many unfinished repairs the home lists by name; the rest are behind the link to the queue. */
const REPAIRS_SHOWN = 5;

/**
 * The admin home (docs/domain.md, "The admin home"): each figure from the module that owns it, by
 * the rule of the list the card links to, so the card and the list cannot disagree. Each is a count
 * or a sum in SQL sharing its list's filter: the home never loads a whole list to count it.
 */
export async function adminOverview(
  deps: Pick<Deps, 'db' | 'storage'>,
  today = todayInLagos(),
): Promise<AdminOverview> {
  const tomorrow = addDays(today, 1);
  const lastMonthStart = addMonths(`${today.slice(0, 7)}-01`, -1);
  const [
    maintenance,
    refundsDue,
    arrears,
    [inspectionsToday = 0, inspectionsTomorrow = 0],
    upcoming,
    tenants,
    months,
    reconciliation,
  ] = await Promise.all([
    maintenanceSummary(deps, REPAIRS_SHOWN),
    countOwedPayments(deps),
    countArrears(deps, today),
    countInspectionsOn(deps, [today, tomorrow]),
    countUpcomingBookings(deps),
    countTenants(deps),
    revenueByMonth(deps, { from: lastMonthStart, to: today }),
    openDifferenceDays(deps),
  ]);
  const [lastMonth, thisMonth] = months;
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
    refunds_due: refundsDue,
    arrears,
    inspections: { today: inspectionsToday, tomorrow: inspectionsTomorrow, upcoming: upcoming.upcoming },
    tenants,
    reconciliation,
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
          "The admin home's figures: maintenance, refunds due, arrears, inspections today, tomorrow and upcoming, notices given, reconciliation days left to look at, income this month and last",
        response: { 200: AdminOverviewSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => adminOverview(app.deps),
  );
};
