import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Pager, pageSummary } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { auditQueries } from '../../../features/audit/api/audit-queries.ts';
import { AuditTable } from '../../../features/audit/components/audit-table.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const PAGE_SIZE = 50;

/** /admin-activity: every admin write with its outcome, newest first, a page at a time. */
export function Component() {
  useDocumentTitle('Activity log');
  const [offset, setOffset] = useState(0);
  // The page on screen stays while the next one loads, so the table does not jump.
  const log = useQuery({ ...auditQueries.page(PAGE_SIZE, offset), placeholderData: keepPreviousData });
  const total = log.data?.total ?? 0;
  const shown = log.data?.items.length ?? 0;

  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Activity log</h1>
        <p className="text-sm text-muted">Every change an admin made, newest first.</p>
      </div>
      {log.isPending && <Spinner label="Loading activity…" />}
      {log.isError && <QueryError error={log.error} retry={() => log.refetch()} />}
      {log.data &&
        (total === 0 ? (
          <p className="card text-muted">No admin activity yet.</p>
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
              onChange={setOffset}
              previous="Newer"
              next="Older"
            />
          </>
        ))}
    </section>
  );
}
