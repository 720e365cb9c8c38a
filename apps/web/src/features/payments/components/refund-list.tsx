import type { Refund } from '@studynest/contracts';
import { formatLagosDateTime, formatNaira } from '../../../lib/format.ts';

/**
 * Payments that arrived after their room went to someone else: the money must be returned by
 * hand, so the admin sees who to refund, how much and the provider reference.
 */
export function RefundList({ refunds }: { refunds: Refund[] }) {
  if (refunds.length === 0) return null;
  return (
    <section
      aria-labelledby="refunds-heading"
      className="card flex flex-col gap-3 border-accent-600/40 bg-warn-50"
    >
      <h2 id="refunds-heading" className="text-lg text-warn-700">
        Needs refund ({refunds.length})
      </h2>
      <p className="text-sm text-muted">
        These students paid after their room had gone to someone else. Refund them through the payment
        provider using the reference.
      </p>
      <ul className="flex flex-col gap-2">
        {refunds.map((r) => (
          <li key={r._id} className="rounded-lg border border-line bg-white p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold capitalize">
                {r.user.first_name} {r.user.last_name}
              </span>
              <span className="font-bold">{formatNaira(r.amount)}</span>
            </div>
            <p className="text-muted">
              {{ AGENT_FEE: 'Agent fee', ROOM_RENT: 'Rent', CAUTION_FEE: 'Caution deposit' }[r.payment_type]}{' '}
              · {r.hostel.hostel_name}, <span className="capitalize">{r.room.room_number}</span>
              {r.paid_at && <> · paid {formatLagosDateTime(r.paid_at)}</>}
            </p>
            <p className="text-muted">
              <span className="break-all">{r.user.email}</span> · {r.user.phone_number} · Ref{' '}
              <span className="font-mono break-all">{r.reference}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
