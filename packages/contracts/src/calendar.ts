/**
 * Calendar dates as people in Nigeria see them, for the API, the web, the browser tests and the
 * benchmarks alike: the date arithmetic here, today's Lagos date and the Lagos clock in
 * lagos-date.ts (exported here too).
 */
import { DATE_PATTERN, isCalendarDate, lagosClock, lagosDateOf } from './lagos-date.ts';

export { isCalendarDate, lagosClock, lagosDateOf, todayInLagos } from './lagos-date.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function parts(date: string): [number, number, number] {
  const m = DATE_PATTERN.exec(date);
  if (!m || !isCalendarDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Add calendar months. A day that does not exist in the target month is clamped to its last day
 * (31 Jan + 1 month = 28/29 Feb; 29 Feb + 12 months = 28 Feb), the way leases are usually read.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = index - ty * 12; // 0-based
  const lastDay = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return `${pad(ty, 4)}-${pad(tm + 1)}-${pad(Math.min(d, lastDay))}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS);
}

/** Add calendar days (negative to go back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/**
 * `days` working days (Monday to Friday on the Lagos calendar) after an instant, at the same time
 * of day. Lagos keeps UTC+1 all year, so whole days are whole multiples of 24 hours.
 */
export function addBusinessDays(instant: Date, days: number): Date {
  let date = lagosDateOf(instant);
  let left = days;
  let shift = 0;
  while (left > 0) {
    date = addDays(date, 1);
    shift += 1;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(instant.getTime() + shift * DAY_MS);
}

/** The instant a Lagos wall-clock time (YYYY-MM-DD, HH:MM) names. */
export function lagosInstant(date: string, time: string): Date {
  const asUtc = new Date(`${date}T${time}:00Z`);
  const wall = new Date(`${lagosDateOf(asUtc)}T${lagosClock().format(asUtc)}:00Z`);
  return new Date(asUtc.getTime() - (wall.getTime() - asUtc.getTime()));
}
