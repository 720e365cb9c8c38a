import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** One report's section: its heading, a spinner while it loads, the error with a retry, then its content. */
export function ReportPanel<T>({
  title,
  note,
  query,
  children,
}: {
  title: string;
  note?: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const headingId = `report-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="card flex min-w-0 flex-col gap-3">
      <div>
        <h2 id={headingId} className="text-lg">
          {title}
        </h2>
        {note && <p className="text-sm text-muted">{note}</p>}
      </div>
      {query.isPending && <Spinner label={`Loading ${title.toLowerCase()}…`} />}
      {query.isError && <QueryError error={query.error} retry={() => query.refetch()} />}
      {query.data !== undefined && children(query.data)}
    </section>
  );
}
