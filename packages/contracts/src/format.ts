/**
 * How money and Lagos dates are written, for the API (messages, e-mails, receipts) and the web alike.
 * Formatters are made on first use, not when this module loads: creating one costs a phone tens of
 * milliseconds (locale and time-zone data), and the landing page imports this file but rarely formats.
 */
import { lagosClock } from './lagos-date.ts';
import { lazy } from './lazy.ts';

const naira = lazy(
  () => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 }),
);

/** Whole naira, en-NG, no decimals: ₦650,000. */
export const formatNaira = (amount: number) => naira().format(amount);

/** A date formatter for Lagos time, made on first use. */
const lagosFormat = (options: Intl.DateTimeFormatOptions) =>
  lazy(() => new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', ...options }));

const lagosDate = lagosFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const lagosWeekdayDate = lagosFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date has no time zone: pin it to Lagos noon so it never shifts a day. */
const lagosNoon = (date: string) => new Date(`${date}T12:00:00+01:00`);

/** A UTC instant or a calendar date ('2026-11-22') shown as a Lagos date: 22 Nov 2026. */
export function formatLagosDate(value: string | Date): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return lagosDate().format(lagosNoon(value));
  return lagosDate().format(new Date(value));
}

/**
 * The time of day in Lagos as people write it: 2:05 pm, 12:00 am (midnight), 12:30 pm (noon). The
 * words around the hour are ours, not the locale data's: en-NG's own data writes "14:05" in some
 * runtimes and "2:05 pm" in others.
 */
export function formatLagosTime(value: string | Date): string {
  const parts = lagosClock().formatToParts(new Date(value));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = parts.find((p) => p.type === 'minute')?.value;
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * An instant in Lagos time: 22 Nov 2026, 2:05 pm. Every time shown anywhere (the web, e-mails,
 * receipts, messages) goes through here.
 */
export const formatLagosDateTime = (value: string | Date) =>
  `${formatLagosDate(value)}, ${formatLagosTime(value)}`;

/** A calendar date with its weekday: Saturday, 14 March 2026. */
export const formatLagosLongDate = (date: string) =>
  CALENDAR_DATE.test(date) ? lagosWeekdayDate().format(lagosNoon(date)) : date;

/**
 * A booking's inspection_date_time ('2026-03-14_10:00am - 10:30am': date and slot joined by '_')
 * as people read it: { date: 'Saturday, 14 March 2026', slot: '10:00am - 10:30am' }.
 */
export function formatInspection(value: string): { date: string; slot: string; text: string } {
  const cut = value.indexOf('_');
  const date = formatLagosLongDate(cut === -1 ? value : value.slice(0, cut));
  const slot = cut === -1 ? '' : value.slice(cut + 1);
  return { date, slot, text: slot ? `${date}, ${slot}` : date };
}
