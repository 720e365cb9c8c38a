import type { RevenueReport } from '@studynest/contracts';
import type { ChartSeries } from './month-chart.tsx';

/**
 * What the revenue chart draws and the headline figures above it, from one reading of the report
 * (docs/domain.md, "Reports"): money received (agent fees and rent) and refunds as separate bars of
 * each month, so a refund is never read as part of the income, and the net as a line. Each headline
 * figure is the sum of the series it names, so the two always agree.
 */
export function revenueFigures(report: RevenueReport) {
  const received = report.months.map((m) => m.agent_fees + m.rent);
  const refunded = report.months.map((m) => m.refunds);
  const net = report.months.map((m) => m.total);
  const series: ChartSeries[] = [
    { label: 'Received', values: received, color: '#0f5f55', kind: 'bars' },
    { label: 'Refunded', values: refunded, color: '#b91c1c', kind: 'bars' },
    { label: 'Net', values: net, color: '#b45309', kind: 'line' },
  ];
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
  return {
    series,
    totals: { received: sum(received), refunded: sum(refunded), net: sum(net) },
  };
}
