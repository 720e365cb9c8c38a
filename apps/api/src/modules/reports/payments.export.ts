import { and, eq } from 'drizzle-orm';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { payments } from '../payments/index.ts';
import { rooms } from '../rooms/index.ts';
import { type CsvExport, keyset } from './csv.ts';
import { whoAndWhereCells, whoAndWhereColumns, whoAndWhereHeader } from './export-columns.ts';
import { instantInPeriod, lagosDateTime } from './period.ts';

/** Every payment started in the period, any kind and status, oldest first. */
export const paymentsExport: CsvExport = {
  columns: [
    'reference',
    'kind',
    'status',
    'amount',
    'needs_refund',
    'started_at',
    'paid_at',
    'receipt_number',
    ...whoAndWhereHeader,
  ],
  async batch(db, period, after, limit) {
    const k = keyset(payments.createdAt, payments.id, 'timestamptz', after);
    const rows = await db
      .select({
        key: k.key,
        reference: payments.reference,
        kind: payments.kind,
        status: payments.status,
        amount: payments.amount,
        needsRefund: payments.needsRefund,
        startedAt: lagosDateTime(payments.createdAt),
        paidAt: lagosDateTime(payments.paidAt),
        receiptNumber: payments.receiptNumber,
        ...whoAndWhereColumns,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .innerJoin(rooms, eq(rooms.id, payments.roomId))
      .innerJoin(hostels, eq(hostels.id, payments.hostelId))
      .where(and(instantInPeriod(payments.createdAt, period), k.after))
      .orderBy(...k.orderBy)
      .limit(limit);
    return rows.map((r) => ({
      key: r.key,
      cells: [
        r.reference,
        r.kind,
        r.status,
        r.amount,
        r.needsRefund,
        r.startedAt,
        r.paidAt,
        r.receiptNumber,
        ...whoAndWhereCells(r),
      ],
    }));
  },
};
