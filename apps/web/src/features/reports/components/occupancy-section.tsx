import type { OccupancyReport } from '@studynest/contracts';
import { useMemo } from 'react';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { formatLagosDate } from '../../../lib/format.ts';
import { type ChartSeries, MonthChart } from './month-chart.tsx';
import { formatPercent, monthColumn } from './period.ts';
import { Figure } from './revenue-section.tsx';

const asPercent = (v: number) => `${v}%`;

/**
 * The share of rooms rented (a tenancy running) on the report's day and at each month's end: one
 * definition, so the headline is the chart's last point. Available and booked are the status now.
 */
export function OccupancySection({ report }: { report: OccupancyReport }) {
  const months = useMemo(() => report.months.map((m) => m.month), [report]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'Rented',
        values: report.months.map((m) => m.rented_percent ?? 0),
        color: '#0f5f55',
        kind: 'line',
      },
    ],
    [report],
  );
  const o = report.overall;
  const asOf = formatLagosDate(report.as_of);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={`Rented on ${asOf}`} value={formatPercent(o.rented_percent)} />
        <Figure label="Rooms" value={String(o.rooms)} />
        <Figure label="Booked now" value={String(o.booked)} />
        <Figure label="Available now" value={String(o.available)} />
      </dl>
      <MonthChart months={months} series={series} format={asPercent} height={200} />
      <AdminTable
        columns={[
          monthColumn(),
          { header: 'Rooms', cell: (m) => m.rooms },
          { header: 'Rented', cell: (m) => m.rented },
          { header: '% rented', cell: (m) => formatPercent(m.rented_percent) },
        ]}
        label="Rooms rented at each month's end"
        caption="Rooms rented at the end of each month"
        minWidth="min-w-[22rem]"
        rows={report.months}
        rowKey={(m) => m.month}
      />
      <AdminTable
        columns={[
          { header: 'Hostel', rowHeader: true, cell: (h) => h.hostel.hostel_name },
          { header: 'Rooms', cell: (h) => h.rooms },
          { header: 'Available now', cell: (h) => h.available },
          { header: 'Booked now', cell: (h) => h.booked },
          { header: `Rented on ${asOf}`, cell: (h) => h.rented },
          { header: '% rented', cell: (h) => formatPercent(h.rented_percent) },
        ]}
        label="Rooms per hostel"
        caption={`Rooms per open hostel: rented on ${asOf} (a tenancy running), available and booked now`}
        minWidth="min-w-[34rem]"
        rows={report.hostels}
        rowKey={(h) => h.hostel._id}
        footer={
          <tr className="font-semibold">
            <th scope="row">All open hostels</th>
            <td>{o.rooms}</td>
            <td>{o.available}</td>
            <td>{o.booked}</td>
            <td>{o.rented}</td>
            <td>{formatPercent(o.rented_percent)}</td>
          </tr>
        }
      />
    </>
  );
}
