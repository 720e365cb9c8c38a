import { payments } from '../payments/index.ts';
import { rentPartsWordsOf } from '../tenancies/index.ts';
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
    // A rent of a year on a plan: which part(s) it paid, "part 2 of 2" (docs/domain.md, "Rent plans").
    rent_part: rentPartsWordsOf(payments.id),
    needs_refund: payments.needsRefund,
    started_at: lagosDateTime(payments.createdAt),
    paid_at: lagosDateTime(payments.paidAt),
    receipt_number: payments.receiptNumber,
  },
});
