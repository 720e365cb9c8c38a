import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { hostelQueries } from '../../../features/hostels/api/hostel-queries.ts';
import {
  type MaintenanceFilters as Filters,
  maintenanceQueries,
} from '../../../features/maintenance/api/maintenance-queries.ts';
import { MaintenanceFilters } from '../../../features/maintenance/components/maintenance-filters.tsx';
import { MaintenanceQueue } from '../../../features/maintenance/components/maintenance-queue.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /admin-maintenance: tenants' repair requests, unfinished first by deadline, overdue flagged. */
export function Component() {
  useDocumentTitle('Maintenance');
  const [filters, setFilters] = useState<Filters>({});
  // Closed hostels too: their tenants' requests still need answers.
  const hostels = useQuery(hostelQueries.adminList());
  const queue = useQuery({ ...maintenanceQueries.queue(filters), placeholderData: keepPreviousData });
  const items = queue.data ?? [];
  const overdue = items.filter((r) => r.overdue).length;

  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Maintenance</h1>
        <p className="text-sm text-muted">
          Tenants' repair requests, unfinished first by deadline: emergencies within 24 hours, others within 5
          business days.
        </p>
      </div>
      <MaintenanceFilters value={filters} onChange={setFilters} hostels={hostels.data} />
      {queue.isPending && <Spinner label="Loading maintenance requests…" />}
      {queue.isError && <QueryError error={queue.error} retry={() => queue.refetch()} />}
      {queue.data &&
        (items.length === 0 ? (
          <p className="card text-muted">No maintenance requests.</p>
        ) : (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {items.length} {items.length === 1 ? 'request' : 'requests'}
              {overdue > 0 && <span className="font-semibold text-danger-700">, {overdue} overdue</span>}
              {queue.isFetching && ' (updating…)'}
            </p>
            <MaintenanceQueue items={items} />
          </>
        ))}
    </section>
  );
}
