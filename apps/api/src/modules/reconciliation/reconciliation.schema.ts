import {
  RECONCILIATION_DIFFERENCES,
  RECONCILIATION_RUN_STATUSES,
  type ReconciliationDifferenceKind,
  type ReconciliationRunStatus,
} from '@studynest/contracts';
import { boolean, check, date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo, inList, rowId } from '../../db/columns.ts';

/**
 * The daily reconciliation's record (docs/domain.md, "Reconciliation"): every run, kept, and what
 * it found. Owned by the reconciliation module.
 */

export type RunCounts = {
  ours_payments: number;
  theirs_payments: number;
  ours_refunds: number;
  theirs_refunds: number;
};

export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: rowId(),
    /** The Lagos calendar day compared. */
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider').notNull(),
    status: text('status').$type<ReconciliationRunStatus>().notNull().default('running'),
    counts: jsonb('counts')
      .$type<RunCounts>()
      .notNull()
      .default({ ours_payments: 0, theirs_payments: 0, ours_refunds: 0, theirs_refunds: 0 }),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('reconciliation_runs_status_ck', inList('status', RECONCILIATION_RUN_STATUSES)),
    index('reconciliation_runs_started_idx').on(t.startedAt),
  ],
);

export type Side = { status: string; amount: number };

export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: rowId(),
    runId: belongsTo('run_id', () => reconciliationRuns.id),
    kind: text('kind').$type<ReconciliationDifferenceKind>().notNull(),
    reference: text('reference').notNull(),
    providerRefundId: text('provider_refund_id'),
    ours: jsonb('ours').$type<Side | null>(),
    theirs: jsonb('theirs').$type<Side | null>(),
    whatToDo: text('what_to_do').notNull(),
    /** The run settled it itself (applied a success, followed a refund up). */
    settled: boolean('settled').notNull().default(false),
  },
  (t) => [
    check('reconciliation_differences_kind_ck', inList('kind', RECONCILIATION_DIFFERENCES)),
    index('reconciliation_differences_run_idx').on(t.runId),
  ],
);
