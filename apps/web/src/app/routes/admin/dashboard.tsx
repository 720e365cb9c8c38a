import type { AdminOverview } from '@studynest/contracts/admin-overview';
// Straight from the contracts: re-exported by lib/format.ts it would ride in the chunk every screen shares.
import { formatLagosLongDate } from '@studynest/contracts/format';
import { Link } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { monthName, OverviewCard, plural } from '../../../features/admin-home/components/overview-card.tsx';
import { timeLeft } from '../../../features/admin-home/components/time-left.ts';
import { CATEGORY_SHORT } from '../../../features/maintenance/components/maintenance-labels.tsx';
import { OpenDifferencesNotice } from '../../../features/reconciliation/components/open-differences-notice.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOverview } from './layout.tsx';

/**
 * /admin-dashboard, the admin home: the day's work in cards, each counted by the rule of the list it
 * links to (docs/domain.md, "The admin home"); above them, a notice while a recent reconciliation
 * has differences to do. One request, the frame's GET /api/admin/overview, fills the whole page.
 */
export function Component() {
  useDocumentTitle('Today');
  // The frame's read, the same one the menu's counts come from.
  const overview = useOverview();
  return (
    <section className="flex flex-col gap-4">
      {overview.data && <OpenDifferencesNotice days={overview.data.reconciliation} />}
      <div>
        <h1 className="text-2xl">Today</h1>
        {overview.data && <p className="text-sm text-muted">{formatLagosLongDate(overview.data.today)}</p>}
      </div>
      {overview.isPending && <Spinner label="Loading the day's work…" />}
      {overview.isError && <QueryError error={overview.error} retry={() => overview.refetch()} />}
      {overview.data && <Cards o={overview.data} />}
    </section>
  );
}

function Cards({ o }: { o: AdminOverview }) {
  const m = o.maintenance;
  const unfinished = m.open + m.in_progress;
  const change = o.income.this_month.total - o.income.last_month.total;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <OverviewCard
        title="Maintenance"
        figure={unfinished}
        caption={
          unfinished === 0 ? (
            'No unfinished repairs.'
          ) : (
            <>
              <Link to={`${paths.admin.maintenance.getHref()}?status=open`} className="underline">
                {m.open} open
              </Link>
              {' · '}
              <Link to={`${paths.admin.maintenance.getHref()}?status=in_progress`} className="underline">
                {m.in_progress} in progress
              </Link>
              {m.emergencies > 0 && ` · ${plural(m.emergencies, 'emergency', 'emergencies')}`}
              {m.overdue > 0 && <strong className="text-danger-700"> · {m.overdue} overdue</strong>}
            </>
          )
        }
        link={{ to: paths.admin.maintenance.getHref(), label: 'Open the maintenance queue' }}
      >
        {m.next.length > 0 && (
          <ol className="flex flex-col gap-1 text-sm" aria-label="Next repairs, emergencies first">
            {m.next.map((r) => {
              const left = timeLeft(r.due_by);
              return (
                <li key={r._id} className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span>
                    {r.urgency === 'emergency' && <span className="badge-warn mr-1">Emergency</span>}
                    {CATEGORY_SHORT[r.category]}, {r.room.room_number}, {r.hostel.hostel_name}
                  </span>
                  <span className={left.overdue ? 'font-semibold text-danger-700' : 'text-muted'}>
                    {left.text}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </OverviewCard>
      <OverviewCard
        title="Refunds due"
        figure={o.refunds_due.payments}
        caption={
          o.refunds_due.payments === 0
            ? 'Nothing owed back.'
            : `${formatNaira(o.refunds_due.amount)} to give back on ${plural(o.refunds_due.payments, 'payment')}`
        }
        link={{ to: paths.admin.refunds.getHref(), label: 'Open refunds' }}
      />
      <OverviewCard
        title="Arrears"
        figure={o.arrears.tenants}
        caption={
          o.arrears.tenants === 0
            ? 'No tenant is past due.'
            : `${plural(o.arrears.tenants, 'tenant')} past due, ${formatNaira(o.arrears.amount_owed)} owed`
        }
        link={{ to: paths.admin.arrears.getHref(), label: 'Open arrears' }}
      />
      <OverviewCard
        title="Inspections"
        figure={o.inspections.today}
        caption={`today, and ${o.inspections.tomorrow} tomorrow (${formatLagosLongDate(o.tomorrow)}), agent fee paid`}
        link={{ to: paths.admin.bookings.getHref(), label: 'Open upcoming inspections' }}
      />
      <OverviewCard
        title="Notices given"
        figure={o.tenants.given_notice}
        caption={`of ${plural(o.tenants.current, 'current tenant')} ${o.tenants.given_notice === 1 ? 'has' : 'have'} given notice to move out`}
        link={{ to: paths.admin.tenants.getHref(), label: 'Open tenants' }}
      />
      <OverviewCard
        title="Income"
        figure={formatNaira(o.income.this_month.total)}
        caption={
          <>
            {monthName(o.income.this_month.month)} so far, against {formatNaira(o.income.last_month.total)} in{' '}
            {monthName(o.income.last_month.month)}
            {change !== 0 && ` (${change > 0 ? 'up' : 'down'} ${formatNaira(Math.abs(change))})`}
          </>
        }
        link={{
          to: `${paths.admin.reports.getHref()}?from=${o.income.last_month.month}-01&to=${o.today}`,
          label: 'Open reports',
        }}
      />
    </div>
  );
}
