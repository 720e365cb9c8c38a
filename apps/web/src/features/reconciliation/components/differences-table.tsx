import type { ReconciliationDifference } from '@studynest/contracts';
import { RECONCILIATION_DIFFERENCE_LABELS } from '@studynest/contracts/reconciliation-kinds';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { formatLagosDate, formatNaira } from '../../../lib/format.ts';
import { SettledBadge } from './reconciliation-labels.tsx';

type Side = ReconciliationDifference['ours'];

/** One side's view of the money: its amount and status, or that it has no such record. */
function SideCell({ side, none }: { side: Side; none: string }) {
  if (!side) return <span className="text-muted">{none}</span>;
  return (
    <>
      <span className="block font-semibold">{formatNaira(side.amount)}</span>
      <span className="block text-xs text-muted capitalize">{side.status.replaceAll('_', ' ')}</span>
    </>
  );
}

/** The payment's reference (and the provider's refund id): whole on a line in the table, wrapped on a card. */
function Reference({ d, wrap = false }: { d: ReconciliationDifference; wrap?: boolean }) {
  const line = `block text-xs ${wrap ? 'break-all' : 'whitespace-nowrap'}`;
  return (
    <>
      <span className={`${line} font-mono`}>{d.reference}</span>
      {d.provider_refund_id && <span className={`${line} text-muted`}>Refund {d.provider_refund_id}</span>}
    </>
  );
}

const OURS_NONE = 'No record';
const THEIRS_NONE = 'Not listed';

/**
 * What one reconciliation run found for its day: each difference with its kind, the reference,
 * the amount on each side, what to do and whether the run settled it itself. Cards on phones.
 */
export function DifferencesTable({ day, items }: { day: string; items: ReconciliationDifference[] }) {
  return (
    <AdminTable
      label={`Differences on ${formatLagosDate(day)}`}
      minWidth="min-w-[56rem]"
      rows={items}
      empty={`No differences on ${formatLagosDate(day)}.`}
      columns={[
        {
          header: 'Difference',
          rowHeader: true,
          className: 'font-medium',
          cell: (d) => RECONCILIATION_DIFFERENCE_LABELS[d.kind],
        },
        { header: 'Reference', cell: (d) => <Reference d={d} /> },
        {
          header: 'StudyNest',
          className: 'whitespace-nowrap',
          cell: (d) => <SideCell side={d.ours} none={OURS_NONE} />,
        },
        {
          header: 'Provider',
          className: 'whitespace-nowrap',
          cell: (d) => <SideCell side={d.theirs} none={THEIRS_NONE} />,
        },
        { header: 'What to do', className: 'min-w-[16rem] text-sm', cell: (d) => d.what_to_do },
        {
          header: 'State',
          className: 'whitespace-nowrap',
          cell: (d) => <SettledBadge settled={d.settled} />,
        },
      ]}
      cards={{
        label: `Differences on ${formatLagosDate(day)}`,
        render: (d) => (
          <>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="text-base font-semibold">{RECONCILIATION_DIFFERENCE_LABELS[d.kind]}</h3>
              <SettledBadge settled={d.settled} />
            </div>
            <Reference d={d} wrap />
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted">StudyNest</dt>
                <dd>
                  <SideCell side={d.ours} none={OURS_NONE} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Provider</dt>
                <dd>
                  <SideCell side={d.theirs} none={THEIRS_NONE} />
                </dd>
              </div>
            </dl>
            <p className="text-sm">
              <span className="font-semibold">What to do: </span>
              {d.what_to_do}
            </p>
          </>
        ),
      }}
    />
  );
}
