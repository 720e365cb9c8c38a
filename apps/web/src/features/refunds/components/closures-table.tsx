import type { RefundClosure } from '@studynest/contracts';
import { PAYMENT_KIND_LABELS, PAYMENT_KIND_OF } from '@studynest/contracts/constants';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { formatLagosDateTime, formatNaira } from '../../../lib/format.ts';

/** Payments closed with the rest kept, newest first: what went back, what was kept, nothing left to refund. */
export function ClosuresTable({ items }: { items: RefundClosure[] }) {
  return (
    <AdminTable
      columns={[
        {
          header: 'Student',
          cell: (c) => (
            <>
              <span className="block font-medium capitalize">
                {c.user.first_name} {c.user.last_name}
              </span>
              <span className="block text-xs text-muted">
                {PAYMENT_KIND_LABELS[PAYMENT_KIND_OF[c.payment_type]]} ·{' '}
                <span className="font-mono">{c.reference}</span>
              </span>
            </>
          ),
        },
        {
          header: 'Refunded',
          className: 'whitespace-nowrap',
          cell: (c) => (
            <>
              <span className="block">{formatNaira(c.refunded_amount)}</span>
              <span className="block text-xs text-muted">of {formatNaira(c.payment_amount)}</span>
            </>
          ),
        },
        { header: 'Kept', className: 'whitespace-nowrap', cell: (c) => formatNaira(c.kept_amount) },
        { header: 'To refund', className: 'whitespace-nowrap font-semibold', cell: () => formatNaira(0) },
        { header: 'Reason', className: 'break-words', cell: (c) => c.reason },
        {
          header: 'Closed',
          className: 'whitespace-nowrap',
          cell: (c) => (
            <>
              <time dateTime={c.closed_at}>{formatLagosDateTime(c.closed_at)}</time>
              {c.closed_by && <span className="block text-xs text-muted">{c.closed_by.email}</span>}
            </>
          ),
        },
      ]}
      label="Closed, rest kept"
      minWidth="min-w-[44rem]"
      rows={items}
      empty="No payment has been closed with the rest kept."
    />
  );
}
