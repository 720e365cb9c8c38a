import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Pager, pageSummary } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  AUDIT_FILTER_NAMES,
  type AuditFilters,
  auditQueries,
} from '../../../features/audit/api/audit-queries.ts';
import { AuditFiltersForm } from '../../../features/audit/components/audit-filters.tsx';
import { AuditTable } from '../../../features/audit/components/audit-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const PAGE_SIZE = 50;

/**
 * /admin-activity: every admin write in words, newest first, a page at a time. The filters and the
 * page are in the address (?person=&kind=&from=&to=&offset=), so a filtered view can be shared
 * and Back returns to the one before.
 */
export function Component() {
  useDocumentTitle('Activity log');
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(AUDIT_FILTER_NAMES.map((n) => [n, params.get(n) ?? ''])) as AuditFilters;
  const offset = Math.max(0, Math.floor(Number(params.get('offset')) || 0));
  const filtered = AUDIT_FILTER_NAMES.some((n) => filters[n]);
  const show = (next: AuditFilters, nextOffset = 0) =>
    setParams(
      Object.fromEntries(
        [
          ...AUDIT_FILTER_NAMES.map((n) => [n, next[n]]),
          ['offset', nextOffset ? String(nextOffset) : ''],
        ].filter(([, v]) => v),
      ),
    );
  // The page on screen stays while the next one loads, so the table does not jump.
  const log = useQuery({
    ...auditQueries.page(filters, PAGE_SIZE, offset),
    placeholderData: keepPreviousData,
  });
  const total = log.data?.total ?? 0;
  const shown = log.data?.items.length ?? 0;
  const fieldErrors = log.error instanceof ApiError ? log.error.fields : {};

  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Activity log</h1>
        <p className="text-sm text-muted">
          Every change an admin made, newest first, in the words of the moment it happened.
        </p>
      </div>
      <AuditFiltersForm filters={filters} errors={fieldErrors} onApply={(next) => show(next)} />
      {log.isPending && <Spinner label="Loading activity…" />}
      {log.isError && <QueryError error={log.error} retry={() => log.refetch()} />}
      {log.data &&
        !log.isError &&
        (total === 0 ? (
          <p className="card text-muted">
            {filtered ? 'No admin activity matches these filters.' : 'No admin activity yet.'}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {pageSummary(offset, shown, total)}
            </p>
            <AuditTable entries={log.data.items} />
            <Pager
              label="Activity log pages"
              offset={offset}
              pageSize={PAGE_SIZE}
              total={total}
              loading={log.isFetching}
              onChange={(next) => show(filters, next)}
              previous="Newer"
              next="Older"
            />
          </>
        ))}
    </section>
  );
}
