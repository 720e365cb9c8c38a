import {
  BOOKING_STATUSES,
  type BookingStatus,
  INSPECTION_SLOTS,
  type InspectionSlot,
} from '@studynest/contracts';
import { check, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, inList, rowId } from '../../db/columns.ts';
import { whoAndWhere } from '../rooms/rooms.schema.ts';

/** Inspection bookings (docs/domain.md, "Lifecycles": booking). Owned by the bookings module. */

export const bookings = pgTable(
  'bookings',
  {
    id: rowId(),
    ...whoAndWhere(),
    inspectionDate: date('inspection_date', { mode: 'string' }).notNull(),
    inspectionSlot: text('inspection_slot').$type<InspectionSlot>().notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('pending'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('bookings_status_ck', inList('status', BOOKING_STATUSES)),
    check('bookings_slot_ck', inList('inspection_slot', INSPECTION_SLOTS)),
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_room_idx').on(t.roomId),
    index('bookings_status_date_idx').on(t.status, t.inspectionDate),
    // Reports: bookings of a period, and the CSV export's keyset order.
    index('bookings_created_idx').on(t.createdAt, t.id),
  ],
);
