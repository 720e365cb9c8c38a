const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});

/** Whole naira, en-NG, no decimals: ₦650,000. */
export const formatNaira = (amount: number) => naira.format(amount);

const lagosDate = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const lagosDateTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
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
    return lagosDate.format(new Date(`${value}T12:00:00+01:00`));
  }
  return lagosDate.format(new Date(value));
}

export const formatLagosDateTime = (value: string | Date) => lagosDateTime.format(new Date(value));
