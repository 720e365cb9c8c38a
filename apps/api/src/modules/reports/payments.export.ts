import { payments } from '../payments/index.ts';
import { createdInPeriod, csvExport } from './csv-export.ts';
import { lagosDateTime } from './period.ts';

/** Every payment started in the period, any kind and status, oldest first. */
export const paymentsExport = csvExport({
  ...createdInPeriod(payments),
  columns: {
    reference: payments.reference,
    kind: payments.kind,
    status: payments.status,
    amount: payments.amount,
    needs_refund: payments.needsRefund,
    started_at: lagosDateTime(payments.createdAt),
    paid_at: lagosDateTime(payments.paidAt),
    receipt_number: payments.receiptNumber,
  },
});
