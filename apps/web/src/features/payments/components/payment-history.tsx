import type { PaymentHistoryItem } from '@studynest/contracts';
import { PAYMENT_CHANNEL_LABELS } from '@studynest/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLagosDate, formatNaira } from '../../../lib/format.ts';
import { paymentQueries, useReceiptDownload } from '../api/payment-queries.ts';

const STATUS: Record<PaymentHistoryItem['status'], string> = {
  success: 'Paid',
  pending: 'Waiting',
  failed: 'Failed',
  abandoned: 'Not completed',
};

/**
 * Profile → Payments → Payment history (the student's own profile; docs/domain.md, "Receipts"): every payment they
 * started, newest first, with a Download receipt button for each success (the server's PDF).
 * Cards rather than a table, so a 375 px phone shows every field without scrolling sideways.
 */
export function PaymentHistory() {
  const list = useQuery(paymentQueries.mine());
  return (
    <CardSection title="Payment history">
      {list.isPending ? (
        <Spinner label="Loading your payments…" />
      ) : list.isError ? (
        <QueryError error={list.error} retry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted">
          No payments yet. Your agent fee and rent payments will show here.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.map((p) => (
            <PaymentRow key={p.reference} payment={p} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}

/** How much of a payment has come back: refunded in full or in part, on its way, or still owed. */
function RefundNote({ payment: p }: { payment: PaymentHistoryItem }) {
  if (p.refund_state === 'refunded') return <span className="badge-ok">Refunded</span>;
  if (p.refund_state === 'partly_refunded') {
    return (
      <span className="text-xs font-semibold text-ok-700">
        {formatNaira(p.refunded_amount)} of {formatNaira(p.amount)} refunded
      </span>
    );
  }
  if (p.refund_state === 'pending') return <span className="text-xs text-muted">Refund on its way</span>;
  return p.needs_refund ? <span className="text-xs text-muted">To be refunded</span> : null;
}

function PaymentRow({ payment: p }: { payment: PaymentHistoryItem }) {
  const receipt = useReceiptDownload(p.reference, p.receipt_number);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3 sm:p-4" data-testid="payment-row">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {/* In words, as its receipt says: the API names it with the receipt's own paymentLabel. */}
        <span className="font-semibold">{p.label}</span>
        <span className="font-semibold">{formatNaira(p.amount)}</span>
      </div>
      <p className="text-sm text-muted">
        {formatLagosDate(p.paid_at ?? p.created_at)} · {p.hostel_name},{' '}
        <span className="capitalize">{p.room_number}</span>
        {p.channel && ` · ${PAYMENT_CHANNEL_LABELS[p.channel]}`}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={p.status === 'success' ? 'badge-ok' : 'badge-warn'}>{STATUS[p.status]}</span>
        <RefundNote payment={p} />
        {p.receipt_number && <span className="font-mono text-xs">Receipt {p.receipt_number}</span>}
      </div>
      {p.status === 'success' && (
        <button
          type="button"
          className="btn-secondary self-start"
          onClick={() => receipt.mutate()}
          disabled={receipt.isPending}
          // A success always has its receipt number (docs/domain.md, invariant 8).
          aria-label={`Download receipt ${p.receipt_number}`}
        >
          {receipt.isPending ? 'Preparing receipt…' : 'Download receipt'}
        </button>
      )}
      {receipt.error && (
        <Alert tone="error">The receipt could not be downloaded: {receipt.error.message}</Alert>
      )}
    </li>
  );
}
