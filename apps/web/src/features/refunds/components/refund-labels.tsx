import type { RefundStatus } from '@studynest/contracts';

const STATUS: Record<RefundStatus, { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'badge-warn' },
  // The provider did not answer: it may have paid. Followed up on its own; no retry until settled.
  unknown: { label: 'Checking with provider', tone: 'badge-warn' },
  processed: { label: 'Processed', tone: 'badge-ok' },
  failed: { label: 'Failed', tone: 'badge-danger' },
};

/** A refund's state, in words and colour (never colour alone). */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return <span className={STATUS[status].tone}>{STATUS[status].label}</span>;
}
