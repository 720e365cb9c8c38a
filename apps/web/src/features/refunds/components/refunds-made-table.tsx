import type { RefundRecord } from '@studynest/contracts';
import { PAYMENT_KIND_LABELS, PAYMENT_KIND_OF } from '@studynest/contracts/constants';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { formatLagosDateTime, formatNaira } from '../../../lib/format.ts';
import { RefundStatusBadge } from './refund-labels.tsx';

/** The refunds made, newest first, each with its state (pending → processed | failed). */
export function RefundsMadeTable({ items }: { items: RefundRecord[] }) {
  return (
    <ScrollTable label="Refunds made" tableClassName="min-w-[40rem]">
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
          <th scope="col">Reason</th>
          <th scope="col">Asked</th>
        </tr>
      </thead>
      <tbody>
        {items.map((r) => (
          <tr key={r._id}>
            <td>
              <span className="block font-medium capitalize">
                {r.user.first_name} {r.user.last_name}
              </span>
              <span className="block text-xs text-muted">
                {PAYMENT_KIND_LABELS[PAYMENT_KIND_OF[r.payment_type]]} ·{' '}
                <span className="font-mono">{r.reference}</span>
              </span>
            </td>
            <td className="whitespace-nowrap">
              <span className="block font-semibold">{formatNaira(r.amount)}</span>
              <span className="block text-xs text-muted">of {formatNaira(r.payment_amount)}</span>
            </td>
            <td>
              <RefundStatusBadge status={r.status} />
              {r.failure_reason && (
                <span className="mt-1 block text-xs text-danger-700">{r.failure_reason}</span>
              )}
              {r.retry_of && <span className="mt-1 block text-xs text-muted">A second try</span>}
            </td>
            <td className="break-words">{r.reason}</td>
            <td className="whitespace-nowrap">
              <time dateTime={r.created_at}>{formatLagosDateTime(r.created_at)}</time>
              {r.requested_by && <span className="block text-xs text-muted">{r.requested_by.email}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
