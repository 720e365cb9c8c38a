// The payments module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { getPaymentProfile, type PaymentProfile } from './payment-profile.service.ts';
export {
  pendingRefundAmount,
  refundedAmount,
  unsettledDeposit,
} from './payment-rules.ts';
export { startPaymentJobs } from './payments.jobs.ts';
export { toNotice } from './payments.mapper.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { createPaymentProvider, type PaymentProvider } from './providers/provider.ts';
export { receiptPageRoutes } from './receipt-page.routes.ts';
export { receiptsRoutes } from './receipts.routes.ts';
export { refundsRoutes } from './refunds.routes.ts';
export { queueRefunds, recordRefund } from './refunds.service.ts';
export { sandboxRoutes } from './sandbox.routes.ts';
