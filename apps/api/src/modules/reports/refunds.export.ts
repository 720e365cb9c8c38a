import { eq } from 'drizzle-orm';
import { payments } from '../payments/index.ts';
import { refunds } from '../refunds/index.ts';
import { createdInPeriod, csvExport } from './csv-export.ts';
import { lagosDateTime } from './period.ts';
import { refundReason } from './refunds.report.ts';

/** Every refund asked for in the period (each attempt its own row), oldest first, with its payment. */
export const refundsExport = csvExport({
  ...createdInPeriod(refunds),
  through: { table: payments, on: eq(payments.id, refunds.paymentId) },
  people: payments,
  columns: {
    refund_id: refunds.id,
    status: refunds.status,
    amount: refunds.amount,
    reason: refundReason,
    note: refunds.reason,
    requested_at: lagosDateTime(refunds.createdAt),
    processed_at: lagosDateTime(refunds.processedAt),
    payment_reference: payments.reference,
    payment_kind: payments.kind,
    payment_amount: payments.amount,
  },
});
