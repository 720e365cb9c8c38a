import type { OwedPayment } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { refundQueries } from '../../../features/refunds/api/refund-queries.ts';
import { ClosuresTable } from '../../../features/refunds/components/closures-table.tsx';
import { KeepRestDialog } from '../../../features/refunds/components/keep-rest-dialog.tsx';
import { RefundDialog } from '../../../features/refunds/components/refund-dialog.tsx';
import { RefundsDueTable } from '../../../features/refunds/components/refunds-due-table.tsx';
import { RefundsMadeTable } from '../../../features/refunds/components/refunds-made-table.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/**
 * /admin-refunds: payments owed back (oldest first) with Refund and, once part is refunded, Keep the
 * rest; the refunds made; and the payments closed with the rest kept.
 */
export function Component() {
  useDocumentTitle('Refunds');
  const overview = useQuery(refundQueries.overview());
  const [refunding, setRefunding] = useState<OwedPayment | null>(null);
  const [keeping, setKeeping] = useState<OwedPayment | null>(null);
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
          <p className="text-sm text-muted">
            {due.length} {due.length === 1 ? 'payment' : 'payments'}, {formatNaira(owed)} in all.
          </p>
          <RefundsDueTable items={due} onRefund={setRefunding} onKeepRest={setKeeping} />
          <h2 className="text-xl">Refunds made</h2>
          <RefundsMadeTable items={overview.data.refunds} />
          <h2 className="text-xl">Closed, rest kept</h2>
          <ClosuresTable items={overview.data.closures} />
        </>
      )}
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
      <KeepRestDialog payment={keeping} onClose={() => setKeeping(null)} />
    </section>
  );
}
