import * as z from 'zod/mini';
import { PersonRefSchema, RoomRefSchema } from './bookings.ts';
import { wholeNumber } from './common.ts';
import { HostelRefSchema } from './hostels.ts';

const MAX_ENTRIES = 8;

/** A list of whole days within [min, max], each at most once, at most 8 of them. */
const dayList = (label: string, min: number, max: number) =>
  z
    .array(
      wholeNumber(`${label} must be numbers of days`, `${label} must be whole days`).check(
        z.minimum(min, { error: `${label} must be between ${min} and ${max}` }),
        z.maximum(max, { error: `${label} must be between ${min} and ${max}` }),
      ),
      { error: `${label} must be a list of days` },
    )
    .check(
      z.maxLength(MAX_ENTRIES, { error: `${label}: at most ${MAX_ENTRIES} entries` }),
      z.refine((days) => new Set(days).size === days.length, { error: `${label}: each day at most once` }),
    );

/** GET/PUT /admin/settings: when tenants are reminded about rent, and whether by text too. */
export const AdminSettingsSchema = z.object({
  /** Days before the due date (0: on the due date) a reminder goes out. */
  reminder_days_before: dayList('Reminder days', 0, 365),
  /** Days after the due date an overdue notice goes out, while the rent is unpaid. */
  overdue_days_after: dayList('Overdue notice days', 1, 365),
  /** Reminders and overdue notices go by text too (to tenants who allow texts). */
  reminder_sms: z.boolean({ error: 'reminder_sms must be true or false' }),
  /**
   * A student may cancel an inspection booking until this many hours before its time (its agent fee
   * then goes to Refunds). Left out, it stays 24.
   */
  inspection_cancel_hours: z._default(
    wholeNumber(
      'Cancellation window must be a number of hours',
      'Cancellation window must be whole hours',
    ).check(
      z.minimum(0, { error: 'Cancellation window must be between 0 and 168 hours' }),
      z.maximum(168, { error: 'Cancellation window must be between 0 and 168 hours' }),
    ),
    24,
  ),
});
export type AdminSettingsInput = z.input<typeof AdminSettingsSchema>;
export type AdminSettings = z.output<typeof AdminSettingsSchema>;

/** What a new install starts with: a month, a week and a day ahead, the day itself, then three notices. */
export const DEFAULT_SETTINGS: AdminSettings = {
  reminder_days_before: [30, 7, 1, 0],
  overdue_days_after: [1, 7, 14],
  reminder_sms: true,
  inspection_cancel_hours: 24,
};

/** GET /admin/arrears: tenants past their due date, most overdue first. */
export const ArrearsItemSchema = z.object({
  user: PersonRefSchema,
  hostel: HostelRefSchema,
  room: RoomRefSchema,
  rentDueDate: z.string(),
  daysOverdue: z.int(),
  /** A year's rent for the room, in naira. */
  amountOwed: z.int(),
  /** When the last reminder or overdue notice went out (ISO instant), or null. */
  lastReminderAt: z.nullable(z.string()),
});
export type ArrearsItem = z.output<typeof ArrearsItemSchema>;
