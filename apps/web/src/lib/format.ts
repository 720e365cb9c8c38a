// Money and Lagos dates are written and counted the same way by the API (e-mails, receipts) and the
// web, so the formatters and the calendar live in the contracts; this module adds what only the
// browser needs: the time of day as Nigerians write it.

import { formatLagosDate } from '@studynest/contracts/format';

export { addDays, addMonths, todayInLagos } from '@studynest/contracts/calendar';
export { formatInspection, formatLagosDate, formatNaira } from '@studynest/contracts/format';

// Hours 0–23 and minutes only: the words around them are ours, not the locale data's. en-NG's own
// data writes "14:05" in some browsers and "2:05 pm" in others.
let clock: Intl.DateTimeFormat | undefined;
const lagosClock = () => {
  clock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return clock;
};

/** The time of day in Lagos as people write it: 2:05 pm, 12:00 am (midnight), 12:30 pm (noon). */
export function formatLagosTime(value: string | Date): string {
  const parts = lagosClock().formatToParts(new Date(value));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = parts.find((p) => p.type === 'minute')?.value;
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'am' : 'pm'}`;
}

/** An instant in Lagos time: 22 Nov 2026, 2:05 pm. Every time the web shows goes through here. */
export const formatLagosDateTime = (value: string | Date) =>
  `${formatLagosDate(value)}, ${formatLagosTime(value)}`;
