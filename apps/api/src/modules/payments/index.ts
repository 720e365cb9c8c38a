// The payments module's public surface (docs/decisions/0020-boundaries.md): the payment lifecycle's
// transitions, which only this module writes (docs/domain.md, "Lifecycles": payment).
export { recordPaymentNotice } from './payment-notices.ts';
export {
  abandonStalePayments,
  flagOwedBack,
  keepFromPayment,
  latestPaymentJson,
  lockPayment,
  type NewPayment,
  type PaymentRow,
  type ProviderAnswer,
  recordProviderAnswer,
  recordTransferPayment,
  STALE_PAYMENT_HOURS,
  standingAgentFee,
  standingAgentFeeAt,
  startPayment,
  type TransferPayment,
} from './payments.ledger.ts';
export { payments } from './payments.schema.ts';
export { RECEIPT_NUMBER } from './receipt-number.ts';
