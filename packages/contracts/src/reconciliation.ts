import * as z from 'zod/mini';
import { isCalendarDate } from './calendar.ts';
import { RECONCILIATION_DIFFERENCES, RECONCILIATION_RUN_STATUSES } from './reconciliation-kinds.ts';

export * from './reconciliation-kinds.ts';

/**
 * The daily reconciliation (docs/domain.md, "Reconciliation"): what StudyNest believes about one
 * Lagos day's money against what the provider settled, and every difference with what to do.
 */

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
