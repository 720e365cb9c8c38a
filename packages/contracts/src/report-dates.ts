/**
 * The dates a report or an export may cover (docs/domain.md, "Reports"), and the rules a period
 * must keep, without zod: the reports screen checks its form with these (zod would put the
 * screen's downloads over their budget, bench/bundle-size.mjs) and takes its date inputs' `min` and
 * `max` from them, and the period schema (report-period.ts) is built on them, so both say alike.
 */
import { daysBetween, isCalendarDate, todayInLagos } from './calendar.ts';

/** The first date a period may start or end on: nothing the product keeps is older. */
export const REPORT_FIRST_DATE = '2000-01-01';

/** The longest period one report or export may cover, in days (two years and a leap day). */
export const REPORT_MAX_DAYS = 731;

/**
 * The last date a period may reach: 31 December of next year (Lagos), so a plan for the coming
 * year can be asked for, while a far-future date never reaches date arithmetic or the database.
 * Read at each check rather than once, so a long-running server moves on at the new year.
 */
export function reportLastDate(today: string = todayInLagos()): string {
  return `${Number(today.slice(0, 4)) + 1}-12-31`;
}

/** Whether a YYYY-MM-DD date lies within the reportable range (text order is date order here). */
export const isReportableDate = (date: string, today?: string) =>
  date >= REPORT_FIRST_DATE && date <= reportLastDate(today);

const SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with one date of a period (its field named in the message), or null. */
export function reportDateProblem(name: 'from' | 'to', value: string, today?: string): string | null {
  if (!SHAPE.test(value)) return `${name} must be a date written YYYY-MM-DD`;
  if (!isReportableDate(value, today)) {
    return `${name} must be between ${REPORT_FIRST_DATE} and ${reportLastDate(today)}`;
  }
  if (!isCalendarDate(value)) return `${name} must be a real date written YYYY-MM-DD`;
  return null;
}

/** What is wrong with a period of two good dates (it is said on `to`), or null. */
export function reportPeriodProblem(from: string, to: string): string | null {
  if (from > to) return 'to must be on or after from';
  if (daysBetween(from, to) >= REPORT_MAX_DAYS) return `A period can be at most ${REPORT_MAX_DAYS} days long`;
  return null;
}

/** Every problem of a period by field, as the API's 400 names them; empty when it is fine. */
export function reportPeriodProblems(
  from: string,
  to: string,
  today?: string,
): { from?: string; to?: string } {
  const problems = {
    from: reportDateProblem('from', from, today) ?? undefined,
    to: reportDateProblem('to', to, today) ?? undefined,
  };
  if (!problems.from && !problems.to) problems.to = reportPeriodProblem(from, to) ?? undefined;
  return Object.fromEntries(Object.entries(problems).filter(([, v]) => v)) as { from?: string; to?: string };
}
