import * as z from 'zod/mini';
import { isCalendarDate } from './calendar.ts';

/**
 * The daily reconciliation (docs/domain.md, "Reconciliation"): what StudyNest believes about one
 * Lagos day's money against what the provider settled, and every difference with what to do.
 */

/** The kinds of difference a run can find. */
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

export const ReconciliationDifferenceSchema = z.object({
  _id: z.string(),
  kind: z.enum(RECONCILIATION_DIFFERENCES),
  /** The payment's reference (ours, which the provider echoes). */
  reference: z.string(),
  /** The provider's refund id, for a refund difference. */
  provider_refund_id: z.nullable(z.string()),
  ours: z.nullable(z.object({ status: z.string(), amount: z.int() })),
  theirs: z.nullable(z.object({ status: z.string(), amount: z.int() })),
  /** What an admin should do, in words. */
  what_to_do: z.string(),
  /** Settled by the run itself (a success applied, a refund followed up): nothing left to do. */
  settled: z.boolean(),
});
export type ReconciliationDifference = z.output<typeof ReconciliationDifferenceSchema>;

export const ReconciliationRunSchema = z.object({
  _id: z.string(),
  /** The Lagos calendar day compared. */
  day: z.string(),
  status: z.enum(RECONCILIATION_RUN_STATUSES),
  /** How many payments and refunds each side listed for the day. */
  counts: z.object({
    ours_payments: z.int(),
    theirs_payments: z.int(),
    ours_refunds: z.int(),
    theirs_refunds: z.int(),
  }),
  /** Why a failed run failed (the provider did not answer). */
  error: z.nullable(z.string()),
  started_at: z.string(),
  finished_at: z.nullable(z.string()),
  differences: z.array(ReconciliationDifferenceSchema),
});
export type ReconciliationRun = z.output<typeof ReconciliationRunSchema>;

/** POST /admin/reconciliation: compare one day now (an admin's "run again"). */
export const ReconcileDaySchema = z.object({
  date: z
    .string({ error: 'date is required (YYYY-MM-DD)' })
    .check(z.refine(isCalendarDate, { error: 'date must be a date written YYYY-MM-DD' })),
});
export type ReconcileDay = z.output<typeof ReconcileDaySchema>;
