import type { RefundRecord } from '@studynest/contracts';
import { PAYMENT_KIND_LABELS, PAYMENT_KIND_OF } from '@studynest/contracts/constants';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { formatLagosDateTime, formatNaira } from '../../../lib/format.ts';
import { RefundStatusBadge } from './refund-labels.tsx';

/** The refunds made, newest first, each with its state (pending → processed | failed). */
export function RefundsMadeTable({ items }: { items: RefundRecord[] }) {
  return (
    <AdminTable
      columns={[
        {
          header: 'Student',
          cell: (r) => (
            <>
              <span className="block font-medium capitalize">
                {r.user.first_name} {r.user.last_name}
              </span>
              <span className="block text-xs text-muted">
                {PAYMENT_KIND_LABELS[PAYMENT_KIND_OF[r.payment_type]]} ·{' '}
                <span className="font-mono">{r.reference}</span>
              </span>
            </>
          ),
        },
        {
          header: 'Amount',
          className: 'whitespace-nowrap',
          cell: (r) => (
            <>
              <span className="block font-semibold">{formatNaira(r.amount)}</span>
              <span className="block text-xs text-muted">of {formatNaira(r.payment_amount)}</span>
            </>
          ),
        },
        {
          header: 'Status',
          cell: (r) => (
            <>
              <RefundStatusBadge status={r.status} />
              {r.failure_reason && (
                <span className="mt-1 block text-xs text-danger-700">{r.failure_reason}</span>
              )}
              {r.retry_of && <span className="mt-1 block text-xs text-muted">A second try</span>}
            </>
          ),
        },
        { header: 'Reason', className: 'break-words', cell: (r) => r.reason },
        {
          header: 'Asked',
          className: 'whitespace-nowrap',
          cell: (r) => (
            <>
              <time dateTime={r.created_at}>{formatLagosDateTime(r.created_at)}</time>
              {r.requested_by && <span className="block text-xs text-muted">{r.requested_by.email}</span>}
            </>
          ),
        },
      ]}
      label="Refunds made"
      minWidth="min-w-[40rem]"
      rows={items}
      empty="No refunds yet."
    />
  );
}
