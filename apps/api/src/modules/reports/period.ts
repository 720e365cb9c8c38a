import type { ReportPeriod } from '@studynest/contracts';
import { addDays, addMonths, todayInLagos } from '@studynest/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Periods are Lagos calendar dates, both included (docs/domain.md, "Reports"). Instants are
 * compared with the period's bounds as instants, so the indexes on timestamp columns serve.
 */
const LAGOS = 'Africa/Lagos';

/** Midnight in Lagos at the start of `date`, as a timestamptz. */
const lagosMidnight = (date: string) => sql`(${date}::date::timestamp at time zone ${sql.raw(`'${LAGOS}'`)})`;

/** The first instant after the period: midnight in Lagos at the start of the day after `to`. */
export const periodEnd = (p: ReportPeriod) => lagosMidnight(addDays(p.to, 1));

/** The instant column falls on one of the period's Lagos dates. */
export const instantInPeriod = (column: AnyPgColumn | SQL, p: ReportPeriod) =>
  and(sql`${column} >= ${lagosMidnight(p.from)}`, sql`${column} < ${periodEnd(p)}`);

/** The start of the Lagos calendar month of an instant column (group by this: cheaper than text). */
export const lagosMonthStart = (column: AnyPgColumn | SQL) =>
  sql`date_trunc('month', ${column} at time zone ${sql.raw(`'${LAGOS}'`)})`;

/** The Lagos calendar month (YYYY-MM) of an instant column. */
export const lagosMonth = (column: AnyPgColumn | SQL) =>
  sql<string>`to_char(${lagosMonthStart(column)}, 'YYYY-MM')`;

/** The Lagos calendar date of an instant column, as a date. */
export const lagosDay = (column: AnyPgColumn | SQL) =>
  sql`(${column} at time zone ${sql.raw(`'${LAGOS}'`)})::date`;

/** Every calendar month the period touches, YYYY-MM, oldest first. */
export function monthsOf(p: ReportPeriod): string[] {
  const months: string[] = [];
  for (let d = `${p.from.slice(0, 7)}-01`; d <= p.to; d = addMonths(d, 1)) months.push(d.slice(0, 7));
  return months;
}

/**
 * The day each month of the period is read at: its last day, or the period's end, or today,
 * whichever comes first (the future is not reported).
 */
export function monthReadingDays(p: ReportPeriod, today = todayInLagos()): { month: string; day: string }[] {
  const last = p.to < today ? p.to : today;
  return monthsOf(p)
    .map((month) => {
      const monthEnd = addDays(addMonths(`${month}-01`, 1), -1);
      return { month, day: monthEnd < last ? monthEnd : last };
    })
    .filter((m) => m.day >= `${m.month}-01`);
}

/** A rate in percent with one decimal; null when there is nothing to divide by. */
export const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** SQL sums and counts arrive as strings, bigints or numbers depending on the driver. */
export const num = (value: unknown) => Number(value ?? 0);

/** An instant column as Lagos wall-clock time, `YYYY-MM-DD HH:MM:SS` (what the CSV exports show). */
export const lagosDateTime = (column: AnyPgColumn | SQL) =>
  sql<string | null>`to_char(${column} at time zone ${sql.raw(`'${LAGOS}'`)}, 'YYYY-MM-DD HH24:MI:SS')`;
