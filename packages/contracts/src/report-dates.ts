/**
 * The dates a report or an export may cover (docs/domain.md, "Reports"), without zod: the web's
 * date inputs read these as `min` and `max`, and the reports screen should not download the
 * schemas to know them. The period schema (report-period.ts) checks against the same values.
 */
import { todayInLagos } from './calendar.ts';

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
