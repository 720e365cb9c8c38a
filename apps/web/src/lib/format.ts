// Money, Lagos dates and times of day are written and counted the same way by the API (e-mails,
// receipts) and the web, so the formatters and the calendar live in the contracts.

export {
  formatInspection,
  formatLagosDate,
  formatLagosDateTime,
  formatLagosTime,
  formatNaira,
} from '@studynest/contracts/format';
// The date arithmetic (addDays, addMonths…) is imported from @studynest/contracts/calendar where it
// is used, so the screens that only show dates do not download it.
export { lagosClock, todayInLagos } from '@studynest/contracts/lagos-date';
