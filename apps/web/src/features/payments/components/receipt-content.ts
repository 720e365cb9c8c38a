// The receipt's words live in the contracts: the API's PDF and this screen say the same (docs/domain.md, Receipts).
export {
  buildReceipt,
  paymentLabel,
  RECEIPT_SUBTITLE,
  RECEIPT_TITLE,
  type ReceiptDocument,
  type ReceiptValue,
} from '@studynest/contracts/receipt';
