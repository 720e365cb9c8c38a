import type { MaintenanceStatus } from '@studynest/contracts';
import { MAINTENANCE_LIMITS, MAINTENANCE_STATUSES } from '@studynest/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Pager, pageSummary } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { hostelQueries } from '../../../features/hostels/api/hostel-queries.ts';
import {
  adminMaintenanceQueries,
  type MaintenanceFilters as Filters,
} from '../../../features/maintenance/api/maintenance-admin-queries.ts';
import { MaintenanceFilters } from '../../../features/maintenance/components/maintenance-filters.tsx';
import { MaintenanceQueue } from '../../../features/maintenance/components/maintenance-queue.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const PAGE_SIZE = MAINTENANCE_LIMITS.pageSize;

/**
 * /admin-maintenance: tenants' repair requests a page at a time, unfinished first with emergencies
 * ahead of other repairs, overdue flagged.
 */
export function Component() {
  useDocumentTitle('Maintenance');
  // ?status= (the admin home's links) picks the first filter; an unknown one is ignored.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => {
    const status = params.get('status');
    return MAINTENANCE_STATUSES.includes(status as MaintenanceStatus)
      ? { status: status as MaintenanceStatus }
      : {};
  });
  const [offset, setOffset] = useState(0);
  // Closed hostels too: their tenants' requests still need answers.
  const hostels = useQuery(hostelQueries.adminList());
  // The page on screen stays while the next one loads, so the table does not jump.
  const queue = useQuery({
    ...adminMaintenanceQueries.queue(filters, { limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  const items = queue.data?.items ?? [];
  const total = queue.data?.total ?? 0;
  const overdue = items.filter((r) => r.overdue).length;
  // New filters start again at their first page.
  const filter = (next: Filters) => {
    setFilters(next);
    setOffset(0);
  };

  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Maintenance</h1>
        <p className="text-sm text-muted">
          Tenants' repair requests, unfinished first, emergencies before other repairs, each by deadline:
          emergencies within 24 hours, others within 5 business days.
        </p>
      </div>
      <MaintenanceFilters value={filters} onChange={filter} hostels={hostels.data} />
      {queue.isPending && <Spinner label="Loading maintenance requests…" />}
      {queue.isError && <QueryError error={queue.error} retry={() => queue.refetch()} />}
      {queue.data &&
        (total === 0 ? (
          <p className="card text-muted">No maintenance requests.</p>
        ) : (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {pageSummary(offset, items.length, total, total === 1 ? 'request' : 'requests')}
              {overdue > 0 && (
                <span className="font-semibold text-danger-700">, {overdue} overdue on this page</span>
              )}
              {queue.isFetching && ' (updating…)'}
            </p>
            <MaintenanceQueue items={items} />
            <Pager
              label="Maintenance pages"
              offset={offset}
              pageSize={PAGE_SIZE}
              total={total}
              loading={queue.isFetching}
              onChange={setOffset}
            />
          </>
        ))}
    </section>
  );
}
