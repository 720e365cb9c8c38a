import type { ReconciliationDifference, ReconciliationRun } from '@studynest/contracts';

/** What the reconciliation tests render: each changes only what it is about. */
export const openDifference: ReconciliationDifference = {
  _id: 'd1',
  kind: 'unknown_to_us',
  reference: 'SN-AF-NOT-OURS',
  provider_refund_id: null,
  ours: null,
  theirs: { status: 'success', amount: 15_000 },
  what_to_do:
    "The provider took ₦15,000 with a reference StudyNest never started. Find the payer in the provider's dashboard and refund it there.",
  settled: false,
};

export const settledDifference: ReconciliationDifference = {
  _id: 'd2',
  kind: 'missing_ours',
  reference: 'SN-AF-LOST-1',
  provider_refund_id: null,
  ours: { status: 'pending', amount: 20_000 },
  theirs: { status: 'success', amount: 20_000 },
  what_to_do: 'Applied now: the payment is a success.',
  settled: true,
};

export const run = (overrides: Partial<ReconciliationRun> = {}): ReconciliationRun => ({
  _id: 'run-1',
  day: '2026-11-21',
  status: 'differences',
  counts: { ours_payments: 3, theirs_payments: 5, ours_refunds: 0, theirs_refunds: 0 },
  error: null,
  started_at: '2026-11-22T00:00:05.000Z',
  finished_at: '2026-11-22T00:00:09.000Z',
  differences: [openDifference, settledDifference],
  ...overrides,
});
