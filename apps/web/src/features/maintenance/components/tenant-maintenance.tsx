import type { MaintenanceRequest } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { maintenanceQueries } from '../api/maintenance-queries.ts';
import {
  CATEGORY_SHORT,
  Deadline,
  History,
  Photos,
  StatusBadge,
  URGENCY_TEXT,
} from './maintenance-labels.tsx';
import { ReportForm } from './report-form.tsx';

/**
 * The tenant's own profile: report a problem in the room, then follow every report. Shown only to
 * tenants (the server refuses anyone else with what to do instead, and that message is shown too).
 */
export function TenantMaintenance() {
  return (
    <CardSection
      title="Report a problem"
      intro="Something broken in your room or hostel? Tell us here: emergencies are fixed within 24 hours, other repairs within 5 business days."
      roomy
    >
      <ReportForm />
      <MyRequests />
    </CardSection>
  );
}

function MyRequests() {
  const mine = useQuery(maintenanceQueries.mine());
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="text-lg">Your requests</h3>
      {mine.isPending && <Spinner label="Loading your requests…" />}
      {mine.isError && <QueryError error={mine.error} retry={() => mine.refetch()} />}
      {mine.data &&
        (mine.data.length === 0 ? (
          <p className="text-sm text-muted">You have not reported any problem yet.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Your maintenance requests">
            {mine.data.map((r) => (
              <RequestCard key={r._id} request={r} />
            ))}
          </ul>
        ))}
    </div>
  );
}

function RequestCard({ request: r }: { request: MaintenanceRequest }) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {CATEGORY_SHORT[r.category]}{' '}
          <span className="font-normal text-muted">· {URGENCY_TEXT[r.urgency].label}</span>
        </p>
        <StatusBadge status={r.status} />
      </div>
      <p className="text-sm whitespace-pre-line break-words">{r.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Reported</dt>
        <dd>
          <time dateTime={r.created_at}>{formatLagosDateTime(r.created_at)}</time>
        </dd>
        <dt className="text-muted">{r.status === 'done' ? 'Was due by' : 'Due by'}</dt>
        <dd>
          <Deadline request={r} />
        </dd>
      </dl>
      <Photos photos={r.photos} label="Photos you sent" />
      <details className="text-sm" open={r.history.length > 1}>
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">
          History ({r.history.length})
        </summary>
        <History history={r.history} />
      </details>
    </li>
  );
}
