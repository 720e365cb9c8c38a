import * as z from 'zod/mini';
import { PersonRefSchema, RoomRefSchema } from './bookings.ts';
import { isCalendarDate } from './calendar.ts';
import { nairaSchema, optionalText, requiredText } from './common.ts';
import { MAX_DEDUCTIONS, MOVE_OUT_REASONS, REFUND_STATUSES } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .check(z.refine(isCalendarDate, { error: `${label} must be a date written YYYY-MM-DD` }));

export const DeductionSchema = z.object({
  description: requiredText('Each deduction needs a description', 200),
  amount: nairaSchema('Deduction amount').check(
    z.minimum(1, { error: 'Each deduction must be at least ₦1' }),
  ),
});
export type Deduction = z.output<typeof DeductionSchema>;

/** POST /admin/tenancies/{id}/move-out. */
export const MoveOutSchema = z.object({
  /** The Lagos calendar day the tenant left: today or earlier. */
  date: calendarDate('Move-out date'),
  reason: z.enum(MOVE_OUT_REASONS, {
    error: `Reason must be one of: ${MOVE_OUT_REASONS.join(', ')}`,
  }),
  note: z.optional(optionalText('Note', 500)),
  deductions: z._default(
    z
      .array(DeductionSchema, { error: 'Deductions must be a list' })
      .check(z.maxLength(MAX_DEDUCTIONS, { error: `At most ${MAX_DEDUCTIONS} deductions` })),
    [],
  ),
});
export type MoveOutInput = z.input<typeof MoveOutSchema>;
export type MoveOut = z.output<typeof MoveOutSchema>;

/** What happened to a tenancy's caution deposit and the tenancy itself when the tenant left. */
export const MoveOutStatementSchema = z.object({
  tenancy_id: z.string(),
  user: PersonRefSchema,
  hostel: HostelRefSchema,
  room: RoomRefSchema,
  start_date: z.string(),
  /** The Lagos calendar day the tenant left. */
  moved_out_on: z.string(),
  reason: z.enum(MOVE_OUT_REASONS),
  note: z.nullable(z.string()),
  /** The caution deposit the company held when the tenant left, in naira (0 when none was paid). */
  deposit_held: z.int(),
  deductions: z.array(z.object({ description: z.string(), amount: z.int() })),
  deductions_total: z.int(),
  /** deposit_held − deductions_total: what goes back through a refund of the deposit payment. */
  deposit_returned: z.int(),
  refund: z.nullable(z.object({ _id: z.string(), amount: z.int(), status: z.enum(REFUND_STATUSES) })),
  /** When the move-out was recorded (ISO instant). */
  recorded_at: z.string(),
});
export type MoveOutStatement = z.output<typeof MoveOutStatementSchema>;

/** POST /tenancy/notice: the tenant's written notice to end the tenancy. */
export const TenancyNoticeSchema = z.object({
  /** The Lagos calendar day the tenant means to leave: at least the notice period from today. */
  move_out_on: calendarDate('Move-out date'),
});
export type TenancyNoticeInput = z.input<typeof TenancyNoticeSchema>;

/** A running tenancy's notice, as the tenant and admins see it. */
export const TenancyNoticeStateSchema = z.object({
  /** When the notice was given (ISO instant). */
  given_at: z.string(),
  move_out_on: z.string(),
});
export type TenancyNoticeState = z.output<typeof TenancyNoticeStateSchema>;
