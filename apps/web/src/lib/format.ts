// Money, Lagos dates and times of day are written and counted the same way by the API (e-mails,
// receipts) and the web, so the formatters and the calendar live in the contracts.

export { addDays, addMonths, lagosClock, todayInLagos } from '@studynest/contracts/calendar';
export {
  formatInspection,
  formatLagosDate,
  formatLagosDateTime,
  formatLagosTime,
  formatNaira,
} from '@studynest/contracts/format';
