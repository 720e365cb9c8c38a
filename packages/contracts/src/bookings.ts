import { z } from 'zod';
import { IdSchema } from './common.ts';
import { BOOKING_STATUSES } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';

/** "YYYY-MM-DD_<slot>": the chosen date and slot text joined by an underscore (spec §6). */
export const InspectionDateTimeSchema = z
  .string({ error: 'Pick an inspection date and time' })
  .trim()
  .min(1, { error: 'Pick an inspection date and time' })
  .max(40, { error: 'Pick an inspection date and time' });

export const BookingCreateSchema = z.object({
  hostel_id: IdSchema,
  room_id: IdSchema,
  inspection_date_time: InspectionDateTimeSchema,
});
export type BookingCreateInput = z.input<typeof BookingCreateSchema>;

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
export type Booking = z.infer<typeof BookingSchema>;

export const BOOKING_PAYMENT_STATUSES = ['success', 'pending', 'failed', 'none'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

export const PersonRefSchema = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});
export type PersonRef = z.infer<typeof PersonRefSchema>;

export const RoomRefSchema = z.object({ _id: z.string(), room_number: z.string(), unit: z.string() });
export type RoomRef = z.infer<typeof RoomRefSchema>;

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
export type BookingListItem = z.infer<typeof BookingListItemSchema>;

const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase()) : v),
  z.boolean(),
);

export const BookingListQuerySchema = z.object({
  /** Only confirmed (agent fee paid) bookings whose inspection date is today or later in Lagos. */
  upcoming: flag.optional(),
});

export const BookingCountSchema = z.object({ upcoming: z.number().int() });
export type BookingCount = z.infer<typeof BookingCountSchema>;
