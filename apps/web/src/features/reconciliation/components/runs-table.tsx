import type { ReconciliationRun } from '@studynest/contracts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { formatLagosDate, formatLagosDateTime } from '../../../lib/format.ts';
import { countDifferences, RunStatusBadge } from './reconciliation-labels.tsx';

function DifferenceCount({ run }: { run: ReconciliationRun }) {
  if (run.status === 'failed' || run.status === 'running') return <span className="text-muted">—</span>;
  const { open, settled } = countDifferences(run.differences);
  if (open + settled === 0) return <span className="text-muted">None</span>;
  return (
    <>
      {open > 0 && <span className="block font-semibold">{open} to do</span>}
      {settled > 0 && <span className="block text-xs text-muted">{settled} settled automatically</span>}
    </>
  );
}

/** The latest runs, newest first; choosing one shows what it found. */
export function RunsTable({
  runs,
  selectedId,
  onSelect,
}: {
  runs: ReconciliationRun[];
  selectedId: string | undefined;
  onSelect: (run: ReconciliationRun) => void;
}) {
  return (
    <AdminTable
      label="Latest reconciliation runs"
      minWidth="min-w-[34rem]"
      rows={runs}
      empty="No reconciliation has run yet. The first runs at 01:00 (Lagos time) for the day before."
      // Every cell, the row header's grey included, so the chosen row reads as one.
      rowClassName={(run) => (run._id === selectedId ? '[&>*]:bg-brand-50!' : undefined)}
      columns={[
        {
          header: 'Day',
          rowHeader: true,
          cell: (run) => (
            <button
              type="button"
              className="font-semibold whitespace-nowrap text-brand-700 underline"
              aria-pressed={run._id === selectedId}
              aria-label={`Show the run for ${formatLagosDate(run.day)} started ${formatLagosDateTime(run.started_at)}`}
              onClick={() => onSelect(run)}
            >
              {formatLagosDate(run.day)}
            </button>
          ),
        },
        { header: 'Result', cell: (run) => <RunStatusBadge status={run.status} /> },
        { header: 'Differences', cell: (run) => <DifferenceCount run={run} /> },
        {
          header: 'Ran',
          className: 'whitespace-nowrap',
          cell: (run) => <time dateTime={run.started_at}>{formatLagosDateTime(run.started_at)}</time>,
        },
      ]}
    />
  );
}
