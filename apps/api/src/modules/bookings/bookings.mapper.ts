import type { Booking, BookingStatus } from '@studynest/contracts';
import { lagosInstant } from '@studynest/contracts';
import type { bookings } from './bookings.schema.ts';

type BookingRow = typeof bookings.$inferSelect;

/** The spec's one-string form of an inspection time: "YYYY-MM-DD_<slot>". */
export const inspectionDateTime = (b: Pick<BookingRow, 'inspectionDate' | 'inspectionSlot'>) =>
  `${b.inspectionDate}_${b.inspectionSlot}`;

/** A pending booking whose hold ran out is shown as expired without a background job. */
export function effectiveStatus(
  b: Pick<BookingRow, 'status' | 'holdExpiresAt'>,
  now = new Date(),
): BookingStatus {
  return b.status === 'pending' && b.holdExpiresAt.getTime() <= now.getTime() ? 'expired' : b.status;
}

export const toBooking = (b: BookingRow): Booking => ({
  _id: b.id,
  hostel_id: b.hostelId,
  room_id: b.roomId,
  inspection_date_time: inspectionDateTime(b),
  status: effectiveStatus(b),
  hold_expires_at: b.holdExpiresAt.toISOString(),
});

/** The booking as a payment mentions it. */
export const toBookingRef = (b: Pick<BookingRow, 'id' | 'inspectionDate' | 'inspectionSlot'>) => ({
  _id: b.id,
  inspection_date_time: inspectionDateTime(b),
});

/** When the inspection starts: its date and the start of its slot ("02:00pm - …"), Lagos time. */
export function inspectionStartsAt(b: Pick<BookingRow, 'inspectionDate' | 'inspectionSlot'>): Date {
  const [, hh = '0', mm = '00', half = 'am'] = /^(\d{2}):(\d{2})(am|pm)/i.exec(b.inspectionSlot) ?? [];
  const hours = (Number(hh) % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
  return lagosInstant(b.inspectionDate, `${String(hours).padStart(2, '0')}:${mm}`);
}
