import type { ReportPeriod } from '@studynest/contracts';
import type { Column } from '../../../components/ui/admin-table.tsx';

export const PERIOD_PRESETS = ['this-month', 'last-12-months', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The first day of the month `back` months before `date`'s month (YYYY-MM-DD). */
function monthStart(date: string, back: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** A preset's period ending today (Lagos): this calendar month, or it and the 11 before it. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): ReportPeriod {
  return { from: monthStart(today, preset === 'this-month' ? 0 : 11), to: today };
}

/** "2026-03" as "Mar 2026" (a calendar month has no time zone). */
/** A report table's first column: the month, naming its row. */
export const monthColumn = <T extends { month: string }>(): Column<T> => ({
  header: 'Month',
  rowHeader: true,
  className: 'whitespace-nowrap font-medium',
  cell: (row) => monthLabel(row.month, 'long'),
});

export const monthLabel = (month: string, style: 'short' | 'long' = 'short') =>
  new Intl.DateTimeFormat('en-NG', { month: style, year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** A percentage as people read it, or a dash when there was nothing to count. */
export const formatPercent = (value: number | null) => (value === null ? '—' : `${value}%`);
