// Money and Lagos dates are written and counted the same way by the API (e-mails, receipts) and the
// web, so the formatters and the calendar live in the contracts; this module adds what only the
// browser needs.

export { addDays, addMonths, todayInLagos } from '@studynest/contracts/calendar';
export {
  formatInspection,
  formatLagosDate,
  formatLagosDateTime,
  formatNaira,
} from '@studynest/contracts/format';
