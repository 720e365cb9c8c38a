/**
 * Lagos dates and the Lagos clock: today's date, whether a text is a real date, hours and minutes.
 * What the formatters (format.ts) and the forms' date checks need, apart from the date arithmetic in
 * calendar.ts (which exports these too), so a screen that only shows or checks dates does not
 * download the arithmetic. Africa/Lagos has no daylight saving (UTC+1 all year), but we still ask
 * Intl rather than hard-coding the offset, so the rule lives in one place. Formatters are made on
 * first use (a phone pays tens of milliseconds for each).
 */
import { lazy } from './lazy.ts';

const lagosDate = lazy(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Lagos',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Lagos calendar date of an instant, as YYYY-MM-DD. */
export function lagosDateOf(instant: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return lagosDate().format(instant);
}

/** Today in Lagos, as YYYY-MM-DD. */
export function todayInLagos(now: Date = new Date()): string {
  return lagosDateOf(now);
}

/**
 * True for a real calendar date written YYYY-MM-DD (so 2025-02-30 is false), in the years 1900 to
 * 9999: no date this product keeps lies outside them.
 */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 9999) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Lagos hours (0–23) and minutes, made on first use: for wall-clock arithmetic and for writing times. */
export const lagosClock = lazy(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);
