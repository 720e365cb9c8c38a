import type { RevenueReport } from '@studynest/contracts';
import { describe, expect, it } from 'vitest';
import { revenueFigures } from './revenue-figures.ts';

const month = (m: string, agent_fees: number, rent: number, refunds: number) => ({
  month: m,
  agent_fees,
  rent,
  refunds,
  total: agent_fees + rent - refunds,
  payments: 1,
});

const report: RevenueReport = {
  kind: 'revenue',
  from: '2026-01-01',
  to: '2026-02-28',
  months: [month('2026-01', 50_000, 600_000, 100_000), month('2026-02', 20_000, 0, 5_000)],
  totals: { agent_fees: 70_000, rent: 600_000, refunds: 105_000, total: 565_000, payments: 2 },
  awaiting_refund: { payments: 0, amount: 0 },
  deposits: { held_at_end: 0, held_count: 0, deductions_kept: 0, returned: 0 },
};

describe('revenueFigures: what the revenue chart draws and the headline above it', () => {
  it('draws refunds as bars of their own beside the money received, never inside it, and the net as a line', () => {
    const { series } = revenueFigures(report);
    const bars = series.filter((s) => s.kind === 'bars');
    // The chart places two bar series left and right of their month; a third was drawn over the second.
    expect(bars.map((s) => s.label)).toEqual(['Received', 'Refunded']);
    expect(bars[0]?.values).toEqual([650_000, 20_000]);
    expect(bars[1]?.values).toEqual([100_000, 5_000]);
    expect(series.find((s) => s.kind === 'line')).toMatchObject({ label: 'Net', values: [550_000, 15_000] });
  });

  it('each headline figure is the sum of the series it names, and agrees with the report', () => {
    const { series, totals } = revenueFigures(report);
    const sumOf = (label: string) => series.find((s) => s.label === label)!.values.reduce((a, b) => a + b, 0);
    expect(totals).toEqual({ received: sumOf('Received'), refunded: sumOf('Refunded'), net: sumOf('Net') });
    expect(totals).toEqual({ received: 670_000, refunded: 105_000, net: 565_000 });
    expect(totals.net).toBe(report.totals.total);
    expect(totals.refunded).toBe(report.totals.refunds);
  });
});
