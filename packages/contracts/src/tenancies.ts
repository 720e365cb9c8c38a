import * as z from 'zod/mini';
import { PersonRefSchema, RoomRefSchema } from './bookings.ts';
import { ConditionItemSchema } from './condition.ts';
import { MOVE_OUT_REASONS, REFUND_STATUSES } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';

// The requests live apart (move-out-requests.ts, tenant-requests.ts): a form loads only its own.
export {
  type Deduction,
  DeductionSchema,
  type MoveOut,
  type MoveOutDateContext,
  type MoveOutDateProblem,
  type MoveOutInput,
  MoveOutSchema,
  moveOutDateProblem,
} from './move-out-requests.ts';
export { type TenancyNoticeInput, TenancyNoticeSchema } from './tenant-requests.ts';

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
  deductions: z.array(
    z.object({
      description: z.string(),
      amount: z.int(),
      /** The move-in condition item it is for, with its photos (links signed for a while). */
      condition_item: z.nullable(ConditionItemSchema),
    }),
  ),
  deductions_total: z.int(),
  /** deposit_held − deductions_total: what goes back through a refund of the deposit payment. */
  deposit_returned: z.int(),
  refund: z.nullable(z.object({ _id: z.string(), amount: z.int(), status: z.enum(REFUND_STATUSES) })),
  /**
   * Rent of a year on a plan left unpaid: the parts due on or before the day she left, less what
   * was paid of them (docs/domain.md, "Rent plans"). An admin may deduct it from the deposit.
   */
  rent_unpaid: z.optional(z.int()),
  /** When the move-out was recorded (ISO instant). */
  recorded_at: z.string(),
});
export type MoveOutStatement = z.output<typeof MoveOutStatementSchema>;

/** A running tenancy's notice, as the tenant and admins see it. */
export const TenancyNoticeStateSchema = z.object({
  /** When the notice was given (ISO instant). */
  given_at: z.string(),
  move_out_on: z.string(),
});
export type TenancyNoticeState = z.output<typeof TenancyNoticeStateSchema>;
