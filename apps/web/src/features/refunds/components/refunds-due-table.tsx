import type { OwedPayment } from '@studynest/contracts';
import { PAYMENT_KIND_LABELS, PAYMENT_KIND_OF, REFUND_REASON_LABELS } from '@studynest/contracts/constants';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { canKeepRest } from './keep-rest-dialog.tsx';

/**
 * Payments owed back, oldest first (the server's order). On a phone the student, the amount and the
 * Refund button come first.
 */
export function RefundsDueTable({
  items,
  onRefund,
  onKeepRest,
}: {
  items: OwedPayment[];
  onRefund: (p: OwedPayment) => void;
  /** Close a partly refunded payment, keeping the rest (offered only where the server allows it). */
  onKeepRest: (p: OwedPayment) => void;
}) {
  const who = (p: OwedPayment) => `${p.user.first_name} ${p.user.last_name}`;
  return (
    <AdminTable
      columns={[
        {
          header: 'Student',
          cell: (p) => (
            <>
              <span className="block font-medium capitalize">{who(p)}</span>
              <a href={`tel:${p.user.phone_number}`} className="block text-xs text-brand-700 underline">
                {p.user.phone_number}
              </a>
            </>
          ),
        },
        {
          header: 'To refund',
          className: 'whitespace-nowrap',
          cell: (p) => (
            <>
              <span className="block font-semibold">{formatNaira(p.remaining)}</span>
              {p.remaining !== p.amount && (
                <span className="block text-xs text-muted">of {formatNaira(p.amount)}</span>
              )}
              <button
                type="button"
                className="btn-primary mt-1"
                aria-label={`Refund ${who(p)} (${formatNaira(p.remaining)})`}
                onClick={() => onRefund(p)}
              >
                Refund
              </button>
              {canKeepRest(p) && (
                <button
                  type="button"
                  className="btn-secondary mt-1 block"
                  aria-label={`Keep the rest of ${who(p)}'s payment (${formatNaira(p.remaining)})`}
                  onClick={() => onKeepRest(p)}
                >
                  Keep the rest
                </button>
              )}
            </>
          ),
        },
        { header: 'Reason', cell: (p) => REFUND_REASON_LABELS[p.reason] },
        {
          header: 'Age',
          className: 'whitespace-nowrap',
          cell: (p) => (p.age_days === 0 ? 'Today' : `${p.age_days} ${p.age_days === 1 ? 'day' : 'days'}`),
        },
        {
          header: 'Payment',
          cell: (p) => (
            <>
              <span className="block">{PAYMENT_KIND_LABELS[PAYMENT_KIND_OF[p.payment_type]]}</span>
              <span className="block text-xs text-muted">
                {p.hostel.hostel_name}, <span className="capitalize">{p.room.room_number}</span>
              </span>
              <span className="block font-mono text-xs break-all">{p.reference}</span>
            </>
          ),
        },
      ]}
      label="Payments to refund"
      minWidth="min-w-[40rem]"
      rows={items}
      empty="Nothing is owed back to anyone."
    />
  );
}
