// The refunds module's public surface (docs/decisions/0020-boundaries.md): the refund lifecycle,
// which only this module writes (docs/domain.md, "Lifecycles": refund).
export { hasRefund, pendingRefundAmount, refundedAmount, refundStateOf } from './refund-amounts.ts';
export { startRefundJobs } from './refunds.jobs.ts';
export { refundsRoutes } from './refunds.routes.ts';
export { refunds } from './refunds.schema.ts';
export { followRefundsOf, queueRefunds, recordRefund } from './refunds.service.ts';
