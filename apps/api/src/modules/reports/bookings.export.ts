import { and, eq } from 'drizzle-orm';
import { users } from '../auth/index.ts';
import { bookings } from '../bookings/index.ts';
import { hostels } from '../hostels/index.ts';
import { rooms } from '../rooms/index.ts';
import { type CsvExport, keyset } from './csv.ts';
import { whoAndWhereCells, whoAndWhereColumns, whoAndWhereHeader } from './export-columns.ts';
import { agentFeePaid } from './funnel.report.ts';
import { instantInPeriod, lagosDateTime } from './period.ts';

/** Every inspection booked in the period, oldest first, and whether its agent fee was paid. */
export const bookingsExport: CsvExport = {
  columns: [
    'booking_id',
    'booked_at',
    'inspection_date',
    'inspection_slot',
    'status',
    'agent_fee_paid',
    ...whoAndWhereHeader,
  ],
  async batch(db, period, after, limit) {
    const k = keyset(bookings.createdAt, bookings.id, 'timestamptz', after);
    const rows = await db
      .select({
        key: k.key,
        id: bookings.id,
        bookedAt: lagosDateTime(bookings.createdAt),
        inspectionDate: bookings.inspectionDate,
        inspectionSlot: bookings.inspectionSlot,
        status: bookings.status,
        feePaid: agentFeePaid,
        ...whoAndWhereColumns,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(hostels, eq(hostels.id, bookings.hostelId))
      .where(and(instantInPeriod(bookings.createdAt, period), k.after))
      .orderBy(...k.orderBy)
      .limit(limit);
    return rows.map((r) => ({
      key: r.key,
      cells: [
        r.id,
        r.bookedAt,
        r.inspectionDate,
        r.inspectionSlot,
        r.status,
        r.feePaid,
        ...whoAndWhereCells(r),
      ],
    }));
  },
};
