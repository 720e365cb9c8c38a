import type { RefundsReport } from '@studynest/contracts';
import { REFUND_REASON_LABELS } from '@studynest/contracts/constants';
import { formatNaira } from '@studynest/contracts/format';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
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
      <ScrollTable label="Refunds processed, by reason" tableClassName="min-w-[20rem]">
        <caption className="sr-only">Refunds processed in the period, by reason, in naira</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col">Refunds</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {report.by_reason.map((r) => (
            <tr key={r.reason}>
              <th scope="row" className="font-medium">
                {REASON_LABELS[r.reason]}
              </th>
              <td>{r.refunds}</td>
              <td className="whitespace-nowrap">{formatNaira(r.amount)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </>
  );
}
