import * as z from 'zod/mini';
import { IdSchema, queryFlag } from './common.ts';
import { BOOKING_STATUSES } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';

/** "YYYY-MM-DD_<slot>": the chosen date and slot text joined by an underscore (docs/domain.md, "Inspection slots"). */
export const InspectionDateTimeSchema = z
  .string({ error: 'Pick an inspection date and time' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Pick an inspection date and time' }),
    z.maxLength(40, { error: 'Pick an inspection date and time' }),
  );

export const BookingCreateSchema = z.object({
  hostel_id: IdSchema,
  room_id: IdSchema,
  inspection_date_time: InspectionDateTimeSchema,
});
export type BookingCreateInput = z.input<typeof BookingCreateSchema>;
export type BookingCreate = z.output<typeof BookingCreateSchema>;

/** POST /bookings → 201. */
export const BookingSchema = z.object({
  _id: z.string(),
  hostel_id: z.string(),
  room_id: z.string(),
  inspection_date_time: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** Until when the room is held for this student (ISO instant). */
  hold_expires_at: z.string(),
});
export type Booking = z.output<typeof BookingSchema>;

export const BOOKING_PAYMENT_STATUSES = ['success', 'pending', 'failed', 'none'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

/** A person as other resources mention them (who booked, who rents, who paid). */
export const PersonRefSchema = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});
export type PersonRef = z.output<typeof PersonRefSchema>;

export const RoomRefSchema = z.object({ _id: z.string(), room_number: z.string(), unit: z.string() });
export type RoomRef = z.output<typeof RoomRefSchema>;

/** GET /bookings (admins). */
export const BookingListItemSchema = z.object({
  _id: z.string(),
  student: PersonRefSchema,
  room: RoomRefSchema,
  hostel: HostelRefSchema,
  inspection_date_time: z.string(),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  created_at: z.string(),
});
export type BookingListItem = z.output<typeof BookingListItemSchema>;

export const BookingListQuerySchema = z.object({
  /** Only confirmed (agent fee paid) bookings whose inspection date is today or later in Lagos. */
  upcoming: z.optional(queryFlag),
});

export const BookingCountSchema = z.object({ upcoming: z.int() });
export type BookingCount = z.output<typeof BookingCountSchema>;
