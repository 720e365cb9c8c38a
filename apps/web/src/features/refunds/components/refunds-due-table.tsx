import type { OwedPayment } from '@studynest/contracts';
import { PAYMENT_KIND_LABELS, PAYMENT_KIND_OF, REFUND_REASON_LABELS } from '@studynest/contracts/constants';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { formatNaira } from '../../../lib/format.ts';

/**
 * Payments owed back, oldest first (the server's order). Like the other admin tables it scrolls
 * sideways in its own box on a phone; the student, the amount and the Refund button come first.
 */
export function RefundsDueTable({
  items,
  onRefund,
}: {
  items: OwedPayment[];
  onRefund: (p: OwedPayment) => void;
}) {
  return (
    <ScrollTable label="Payments to refund" tableClassName="min-w-[40rem]">
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">To refund</th>
          <th scope="col">Reason</th>
          <th scope="col">Age</th>
          <th scope="col">Payment</th>
        </tr>
      </thead>
      <tbody>
        {items.map((p) => {
          const who = `${p.user.first_name} ${p.user.last_name}`;
          return (
            <tr key={p._id}>
              <td>
                <span className="block font-medium capitalize">{who}</span>
                <a href={`tel:${p.user.phone_number}`} className="block text-xs text-brand-700 underline">
                  {p.user.phone_number}
                </a>
              </td>
              <td className="whitespace-nowrap">
                <span className="block font-semibold">{formatNaira(p.remaining)}</span>
                {p.remaining !== p.amount && (
                  <span className="block text-xs text-muted">of {formatNaira(p.amount)}</span>
                )}
                <button
                  type="button"
                  className="btn-primary mt-1"
                  aria-label={`Refund ${who} (${formatNaira(p.remaining)})`}
                  onClick={() => onRefund(p)}
                >
                  Refund
                </button>
              </td>
              <td>{REFUND_REASON_LABELS[p.reason]}</td>
              <td className="whitespace-nowrap">
                {p.age_days === 0 ? 'Today' : `${p.age_days} ${p.age_days === 1 ? 'day' : 'days'}`}
              </td>
              <td>
                <span className="block">{PAYMENT_KIND_LABELS[PAYMENT_KIND_OF[p.payment_type]]}</span>
                <span className="block text-xs text-muted">
                  {p.hostel.hostel_name}, <span className="capitalize">{p.room.room_number}</span>
                </span>
                <span className="block font-mono text-xs break-all">{p.reference}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
