import type { ReconciliationRun } from '@studynest/contracts';

const WEEK_MS = 7 * 24 * 60 * 60_000;

/**
 * The days whose differences still need an admin, for the dashboard's notice: the latest run of
 * each day (running the day again after putting things right replaces what an earlier run found),
 * among runs started in the last week, with differences not settled by the run itself. Older
 * findings stay on the Reconciliation page, not on the dashboard. Newest day first.
 */
export function openDifferenceDays(
  runs: readonly ReconciliationRun[],
  now = Date.now(),
): { day: string; open: number; runId: string }[] {
  const latest = new Map<string, ReconciliationRun>();
  // Runs come newest first: the first seen of a day is its latest.
  for (const run of runs) if (!latest.has(run.day)) latest.set(run.day, run);
  return [...latest.values()]
    .filter((run) => now - Date.parse(run.started_at) < WEEK_MS)
    .map((run) => ({ day: run.day, runId: run._id, open: run.differences.filter((d) => !d.settled).length }))
    .filter((d) => d.open > 0)
    .sort((a, b) => (a.day < b.day ? 1 : -1));
}
