import type { OccupancyReport } from '@studynest/contracts';
import { useMemo } from 'react';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { type ChartSeries, MonthChart } from './month-chart.tsx';
import { formatPercent, monthLabel } from './period.ts';
import { Figure } from './revenue-section.tsx';

const asPercent = (v: number) => `${v}%`;

/** Rooms by status per hostel now, and the share rented at each month's end. */
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
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Rented now" value={formatPercent(o.rented_percent)} />
        <Figure label="Rooms" value={String(o.rooms)} />
        <Figure label="Booked" value={String(o.booked)} />
        <Figure label="Available" value={String(o.available)} />
      </dl>
      <MonthChart months={months} series={series} format={asPercent} height={200} />
      <ScrollTable label="Rooms rented at each month's end" tableClassName="min-w-[22rem]">
        <caption className="sr-only">Rooms rented at the end of each month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Rooms</th>
            <th scope="col">Rented</th>
            <th scope="col">% rented</th>
          </tr>
        </thead>
        <tbody>
          {report.months.map((m) => (
            <tr key={m.month}>
              <th scope="row" className="whitespace-nowrap font-medium">
                {monthLabel(m.month, 'long')}
              </th>
              <td>{m.rooms}</td>
              <td>{m.rented}</td>
              <td>{formatPercent(m.rented_percent)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <ScrollTable label="Rooms per hostel now" tableClassName="min-w-[34rem]">
        <caption className="sr-only">Rooms per open hostel as they stand now</caption>
        <thead>
          <tr>
            <th scope="col">Hostel</th>
            <th scope="col">Rooms</th>
            <th scope="col">Available</th>
            <th scope="col">Booked</th>
            <th scope="col">Rented</th>
            <th scope="col">% rented</th>
          </tr>
        </thead>
        <tbody>
          {report.hostels.map((h) => (
            <tr key={h.hostel._id}>
              <th scope="row" className="font-medium">
                {h.hostel.hostel_name}
              </th>
              <td>{h.rooms}</td>
              <td>{h.available}</td>
              <td>{h.booked}</td>
              <td>{h.rented}</td>
              <td>{formatPercent(h.rented_percent)}</td>
            </tr>
          ))}
          <tr className="font-semibold">
            <th scope="row">All open hostels</th>
            <td>{o.rooms}</td>
            <td>{o.available}</td>
            <td>{o.booked}</td>
            <td>{o.rented}</td>
            <td>{formatPercent(o.rented_percent)}</td>
          </tr>
        </tbody>
      </ScrollTable>
    </>
  );
}
