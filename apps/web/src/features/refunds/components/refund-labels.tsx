import type { RefundStatus } from '@studynest/contracts';

const STATUS: Record<RefundStatus, { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'bg-warn-50 text-warn-700 ring-accent-600/30' },
  processed: { label: 'Processed', tone: 'bg-ok-50 text-ok-700 ring-ok-700/25' },
  failed: { label: 'Failed', tone: 'bg-danger-50 text-danger-700 ring-danger-700/25' },
};

/** A refund's state, in words and colour (never colour alone). */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const s = STATUS[status];
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${s.tone}`}>
      {s.label}
    </span>
  );
}
