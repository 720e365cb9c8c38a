import type { RevenueReport } from '@studynest/contracts';
import { formatNaira } from '@studynest/contracts/format';
import { useMemo } from 'react';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { MonthChart } from './month-chart.tsx';
import { monthColumn } from './period.ts';
import { revenueFigures } from './revenue-figures.ts';

/**
 * Money received per month and refunds as separate bars, the net as a line, with the same numbers
 * as a table (agent fees and rent apart there).
 */
export function RevenueSection({ report }: { report: RevenueReport }) {
  const months = useMemo(() => report.months.map((m) => m.month), [report]);
  const { series, totals } = useMemo(() => revenueFigures(report), [report]);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Received" value={formatNaira(totals.received)} />
        <Figure label="Refunded" value={formatNaira(totals.refunded)} />
        <Figure label="Net of refunds" value={formatNaira(totals.net)} />
        <Figure label="Payments" value={String(report.totals.payments)} />
      </dl>
      {report.awaiting_refund.payments > 0 && (
        <p className="text-sm text-warn-700">
          {report.awaiting_refund.payments} {report.awaiting_refund.payments === 1 ? 'payment' : 'payments'} (
          {formatNaira(report.awaiting_refund.amount)} left on them) included above must still be refunded.
        </p>
      )}
      <p className="text-sm text-muted" data-testid="deposits-line">
        Caution deposits are held, not earned, so neither they nor their refunds are counted above:{' '}
        {formatNaira(report.deposits.held_at_end)} held at the end of the period ({report.deposits.held_count}{' '}
        {report.deposits.held_count === 1 ? 'deposit' : 'deposits'}); in the period{' '}
        {formatNaira(report.deposits.returned)} given back and {formatNaira(report.deposits.deductions_kept)}{' '}
        kept as move-out deductions.
      </p>
      <MonthChart months={months} series={series} format={formatNaira} />
      <AdminTable
        columns={[
          monthColumn(),
          { header: 'Agent fees', className: 'whitespace-nowrap', cell: (m) => formatNaira(m.agent_fees) },
          { header: 'Rent', className: 'whitespace-nowrap', cell: (m) => formatNaira(m.rent) },
          {
            header: 'Refunds',
            className: 'whitespace-nowrap',
            cell: (m) => (m.refunds > 0 ? `−${formatNaira(m.refunds)}` : formatNaira(0)),
          },
          { header: 'Net', className: 'whitespace-nowrap font-semibold', cell: (m) => formatNaira(m.total) },
          { header: 'Payments', cell: (m) => m.payments },
        ]}
        label="Revenue by month"
        caption="Revenue by month, in naira"
        minWidth="min-w-[36rem]"
        rows={report.months}
        rowKey={(m) => m.month}
      />
    </>
  );
}

/** A headline number with its label. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-subtle p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-bold break-words">{value}</dd>
    </div>
  );
}
