// Money and Lagos dates are written the same way by the API (e-mails, receipts) and the web, so
// the formatters live in the contracts; this module adds what only the browser needs.
export {
  formatInspection,
  formatLagosDate,
  formatLagosDateTime,
  formatNaira,
} from '@studynest/contracts/format';

/** Today's calendar date in Lagos as YYYY-MM-DD (what date inputs and the API use). */
export const todayInLagos = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
