// The refunds module's public surface (docs/decisions/0020-boundaries.md): the refund lifecycle,
// which only this module writes (docs/domain.md, "Lifecycles": refund).
export { keptOnClose, openRefundAmount, refundedAmount, refundStateOf } from './refund-amounts.ts';
export { followDueRefunds, followRefund, followRefundsOf } from './refund-follow-up.ts';
export { startRefundJobs } from './refunds.jobs.ts';
export { refundsRoutes } from './refunds.routes.ts';
export { refundClosures, refunds } from './refunds.schema.ts';
export {
  countOwedPayments,
  listOwedPayments,
  owedBackTo,
  queueRefunds,
  recordRefund,
  requestRefund,
} from './refunds.service.ts';
