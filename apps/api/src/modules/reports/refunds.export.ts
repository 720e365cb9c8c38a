import { and, eq } from 'drizzle-orm';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { payments } from '../payments/index.ts';
import { refunds } from '../refunds/index.ts';
import { rooms } from '../rooms/index.ts';
import { type CsvExport, keyset } from './csv.ts';
import { whoAndWhereCells, whoAndWhereColumns, whoAndWhereHeader } from './export-columns.ts';
import { instantInPeriod, lagosDateTime } from './period.ts';
import { refundReason } from './refunds.report.ts';

/** Every refund asked for in the period (each attempt its own row), oldest first, with its payment. */
export const refundsExport: CsvExport = {
  columns: [
    'refund_id',
    'status',
    'amount',
    'reason',
    'note',
    'requested_at',
    'processed_at',
    'payment_reference',
    'payment_kind',
    'payment_amount',
    ...whoAndWhereHeader,
  ],
  async batch(db, period, after, limit) {
    const k = keyset(refunds.createdAt, refunds.id, 'timestamptz', after);
    const rows = await db
      .select({
        key: k.key,
        id: refunds.id,
        status: refunds.status,
        amount: refunds.amount,
        reason: refundReason,
        note: refunds.reason,
        requestedAt: lagosDateTime(refunds.createdAt),
        processedAt: lagosDateTime(refunds.processedAt),
        reference: payments.reference,
        kind: payments.kind,
        paid: payments.amount,
        ...whoAndWhereColumns,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(users, eq(users.id, payments.userId))
      .innerJoin(rooms, eq(rooms.id, payments.roomId))
      .innerJoin(hostels, eq(hostels.id, payments.hostelId))
      .where(and(instantInPeriod(refunds.createdAt, period), k.after))
      .orderBy(...k.orderBy)
      .limit(limit);
    return rows.map((r) => ({
      key: r.key,
      cells: [
        r.id,
        r.status,
        r.amount,
        r.reason,
        r.note,
        r.requestedAt,
        r.processedAt,
        r.reference,
        r.kind,
        r.paid,
        ...whoAndWhereCells(r),
      ],
    }));
  },
};
