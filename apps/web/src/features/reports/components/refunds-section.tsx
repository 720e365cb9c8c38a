import type { RefundsReport } from '@studynest/contracts';
import { REFUND_REASON_LABELS } from '@studynest/contracts/constants';
import { formatNaira } from '@studynest/contracts/format';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { Figure } from './revenue-section.tsx';

const REASON_LABELS: Record<RefundsReport['by_reason'][number]['reason'], string> = {
  ...REFUND_REASON_LABELS,
  other: 'Other (an admin’s choice)',
};

/** Refunds processed in the period, by why the money was owed; those still pending or failed. */
export function RefundsSection({ report }: { report: RefundsReport }) {
  const count = (n: number) => `${n} ${n === 1 ? 'refund' : 'refunds'}`;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure
          label="Processed"
          value={`${count(report.processed.refunds)} · ${formatNaira(report.processed.amount)}`}
        />
        <Figure
          label="Pending"
          value={`${count(report.pending.refunds)} · ${formatNaira(report.pending.amount)}`}
        />
        <Figure
          label="Failed"
          value={`${count(report.failed.refunds)} · ${formatNaira(report.failed.amount)}`}
        />
      </dl>
      <AdminTable
        columns={[
          { header: 'Reason', rowHeader: true, cell: (r) => REASON_LABELS[r.reason] },
          { header: 'Refunds', cell: (r) => r.refunds },
          { header: 'Amount', className: 'whitespace-nowrap', cell: (r) => formatNaira(r.amount) },
        ]}
        label="Refunds processed, by reason"
        caption="Refunds processed in the period, by reason, in naira"
        minWidth="min-w-[20rem]"
        rows={report.by_reason}
        rowKey={(r) => r.reason}
      />
    </>
  );
}
