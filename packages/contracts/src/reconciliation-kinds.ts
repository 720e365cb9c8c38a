/**
 * The daily reconciliation's kinds of difference and run outcomes, with their words: no zod here,
 * so the web's admin page imports them without the schemas (`./reconciliation.ts` has those).
 */

/** The kinds of difference a daily reconciliation can find (docs/domain.md, "Reconciliation"). */
export const RECONCILIATION_DIFFERENCES = [
  'unknown_to_us',
  'missing_ours',
  'missing_theirs',
  'amount_differs',
  'refund_unknown_to_us',
  'refund_missing_theirs',
  'refund_status_differs',
  'refunded_more_than_once',
] as const;
export type ReconciliationDifferenceKind = (typeof RECONCILIATION_DIFFERENCES)[number];

/** What each kind means, for the admins' page and e-mail. */
export const RECONCILIATION_DIFFERENCE_LABELS: Record<ReconciliationDifferenceKind, string> = {
  unknown_to_us: 'Paid at the provider, unknown to StudyNest',
  missing_ours: 'Paid at the provider, not recorded as paid here',
  missing_theirs: 'Recorded as paid here, not paid at the provider',
  amount_differs: 'Amounts differ',
  refund_unknown_to_us: 'Refunded at the provider, unknown to StudyNest',
  refund_missing_theirs: 'Refunded here, not at the provider',
  refund_status_differs: 'Refund settled differently',
  refunded_more_than_once: 'Refunded more than once',
};

/** A run is running until it has compared everything; a process that dies leaves it so (shown as such). */
export const RECONCILIATION_RUN_STATUSES = ['running', 'agreed', 'differences', 'failed'] as const;
export type ReconciliationRunStatus = (typeof RECONCILIATION_RUN_STATUSES)[number];
