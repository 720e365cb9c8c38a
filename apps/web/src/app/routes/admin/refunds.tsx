import type { OwedPayment } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { refundQueries } from '../../../features/refunds/api/refund-queries.ts';
import { RefundDialog } from '../../../features/refunds/components/refund-dialog.tsx';
import { RefundsDueTable } from '../../../features/refunds/components/refunds-due-table.tsx';
import { RefundsMadeTable } from '../../../features/refunds/components/refunds-made-table.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /admin-refunds: payments owed back (oldest first) with a Refund button, and the refunds made. */
export function Component() {
  useDocumentTitle('Refunds');
  const overview = useQuery(refundQueries.overview());
  const [refunding, setRefunding] = useState<OwedPayment | null>(null);
  const due = overview.data?.due ?? [];
  const owed = due.reduce((sum, p) => sum + p.remaining, 0);

  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Refunds</h1>
        <p className="text-sm text-muted">
          Payments to give back: rooms taken by someone else, cancelled inspections and duplicate payments.
        </p>
      </div>
      {overview.isPending && <Spinner label="Loading refunds…" />}
      {overview.isError && <QueryError error={overview.error} retry={() => overview.refetch()} />}
      {overview.data && (
        <>
          <h2 className="text-xl">To refund</h2>
          {due.length > 0 && (
            <p className="text-sm text-muted">
              {due.length} {due.length === 1 ? 'payment' : 'payments'}, {formatNaira(owed)} in all.
            </p>
          )}
          <RefundsDueTable items={due} onRefund={setRefunding} />
          <h2 className="text-xl">Refunds made</h2>
          <RefundsMadeTable items={overview.data.refunds} />
        </>
      )}
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}
