/**
 * Formatters are made on first use, not when this module loads: creating one costs a phone tens of
 * milliseconds (locale and time-zone data), and the landing page imports this file but rarely formats.
 */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

const naira = lazy(
  () => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 }),
);

/** Whole naira, en-NG, no decimals: ₦650,000. */
export const formatNaira = (amount: number) => naira().format(amount);

/** A date formatter for Lagos time, made on first use. */
const lagosFormat = (options: Intl.DateTimeFormatOptions) =>
  lazy(() => new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', ...options }));

const lagosDate = lagosFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const lagosDateTime = lagosFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A UTC instant or a calendar date ('2026-11-22') shown as a Lagos date: 22 Nov 2026. */
export function formatLagosDate(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar date has no time zone: pin it to Lagos noon so it never shifts a day.
    return lagosDate().format(new Date(`${value}T12:00:00+01:00`));
  }
  return lagosDate().format(new Date(value));
}

export const formatLagosDateTime = (value: string | Date) => lagosDateTime().format(new Date(value));

const lagosWeekdayDate = lagosFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A booking's inspection_date_time ('2026-03-14_10:00am - 10:30am': date and slot joined by '_')
 * as people read it: { date: 'Saturday, 14 March 2026', slot: '10:00am - 10:30am' }.
 */
export function formatInspection(value: string): { date: string; slot: string; text: string } {
  const cut = value.indexOf('_');
  const day = cut === -1 ? value : value.slice(0, cut);
  const slot = cut === -1 ? '' : value.slice(cut + 1);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? lagosWeekdayDate().format(new Date(`${day}T12:00:00+01:00`))
    : day;
  return { date, slot, text: slot ? `${date}, ${slot}` : date };
}

/** Today's calendar date in Lagos as YYYY-MM-DD (what date inputs and the API use). */
export const todayInLagos = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
