// The tenancies module's public surface (docs/decisions/0020-boundaries.md): the tenancy lifecycle,
// which only this module writes, and who may live in a room — its tenant, or the student whose
// agent fee books it — with their caution deposit (docs/domain.md, "Lifecycles").
export { conditionExportOf } from './condition.service.ts';
export { latestMoveOut, moveOut } from './move-out.service.ts';
export {
  nextUnpaidPart,
  paidUpTo,
  paidUpToSql,
  quoteRent,
  type RentDue,
  type RentPartRow,
  type RentQuote,
  rentDueOf,
  rentOwedSql,
  rentPartsWordsOf,
  rentPlanState,
  rentYearColumns,
  rentYearStartOf,
  yearPartsOf,
} from './rent-parts.ts';
export { tenanciesRoutes } from './tenancies.routes.ts';
export {
  conditionItems,
  conditionPhotos,
  conditionReports,
  rentPartPayments,
  rentParts,
  tenancies,
  tenancyDeductions,
} from './tenancies.schema.ts';
export { giveNotice } from './tenancy-notice.service.ts';
export {
  applyDeposit,
  applyRent,
  checkRoomPayment,
  type RoomPaymentKind,
} from './tenancy-payments.ts';
export {
  bookedBy,
  bookedHostelJsonOf,
  bookingFeeOf,
  depositHeldAmount,
  feeSpent,
  feeUsed,
  hasMovedOut,
  hasRunningTenancy,
  type RunningTenancyJson,
  renewalOf,
  rentReminderKeyPrefix,
  runningTenancyJsonOf,
  runningTenancyOf,
  tenancyRunning,
  toNotice,
  toTenancyDates,
  unsettledDeposit,
} from './tenancy-rules.ts';
export { countTenants, listTenants } from './tenants.service.ts';
