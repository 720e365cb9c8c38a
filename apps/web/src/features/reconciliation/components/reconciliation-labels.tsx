import type { ReconciliationDifference, ReconciliationRunStatus } from '@studynest/contracts';

const STATUS: Record<ReconciliationRunStatus, { label: string; tone: string }> = {
  // Until it has compared everything; a process that died leaves it so.
  running: { label: 'Running', tone: 'badge-muted' },
  agreed: { label: 'Agreed', tone: 'badge-ok' },
  differences: { label: 'Differences', tone: 'badge-warn' },
  // The provider did not answer: nothing was compared.
  failed: { label: 'Failed', tone: 'badge-danger' },
};

/** A run's outcome, in words and colour (never colour alone). */
export function RunStatusBadge({ status }: { status: ReconciliationRunStatus }) {
  return <span className={STATUS[status].tone}>{STATUS[status].label}</span>;
}

/** Whether a difference still needs an admin, or the run settled it itself. */
export function SettledBadge({ settled }: { settled: boolean }) {
  return settled ? (
    <span className="badge-ok">Settled automatically</span>
  ) : (
    <span className="badge-warn">To do</span>
  );
}

/** How many differences of a run are left to do, and how many the run settled. */
export function countDifferences(differences: readonly ReconciliationDifference[]) {
  const open = differences.filter((d) => !d.settled).length;
  return { open, settled: differences.length - open };
}
