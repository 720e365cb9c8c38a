import * as z from 'zod/mini';
import { CONDITION_REPORT_STATUSES } from './condition-constants.ts';
import { BOOKING_STATUSES } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';
import { PaymentBookingRefSchema, PaymentRoomSchema } from './payments.ts';
import { RentPlanStateSchema } from './rent-plans.ts';
import { MoveOutStatementSchema, TenancyNoticeStateSchema } from './tenancies.ts';
import { EmergencyContactSchema, UserSchema } from './users.ts';

/*
 * GET /user/{id}: the profile. Apart from users.ts, so the sign-up, login and profile forms load
 * their checks without the payment and tenancy shapes the profile answer carries.
 */

export const RentDetailsSchema = z.object({
  /** The running tenancy: its condition report is at /tenancies/{id}/condition. */
  tenancy_id: z.string(),
  /**
   * Where the room's move-in condition report stands (docs/domain.md, "The room's condition"): the
   * latest version's status, and when it was confirmed; `not_recorded` before anyone records it.
   */
  condition: z.object({
    status: z.enum(['not_recorded', ...CONDITION_REPORT_STATUSES]),
    confirmed_at: z.nullable(z.string()),
  }),
  rentStartDate: z.string(),
  rentDueDate: z.string(),
  /** The running year's rent: its plan, parts, what is paid and due (docs/domain.md, "Rent plans"). */
  plan: RentPlanStateSchema,
  countdown: z.int(),
  /** The tenant's notice to leave (POST /tenancy/notice), or null. */
  notice: z.nullable(TenancyNoticeStateSchema),
  /** The earliest move-out day a notice given today may name (today + the notice period in the terms). */
  earliestMoveOut: z.string(),
  /**
   * Whether the next year's rent may be paid now (docs/domain.md, "Tenancy"): from `opens_on`, the
   * due date less the renewal window, and never while notice is given. When closed, `message` says
   * why in words for the tenant; the API refuses a renewal then (409).
   */
  renewal: z.object({
    open: z.boolean(),
    opens_on: z.string(),
    message: z.nullable(z.string()),
  }),
});

/** The profile's agent-fee payment: what was paid, for which booking, room and hostel. */
export const AgentFeePaymentSchema = z.object({
  status: z.string(),
  payment_type: z.string(),
  amount: z.int(),
  reference: z.string(),
  booking: PaymentBookingRefSchema,
  room: PaymentRoomSchema,
  hostel: HostelRefSchema,
  booking_status: z.enum(BOOKING_STATUSES),
  /**
   * Until when (ISO instant) the student may cancel this inspection (POST /bookings/{id}/cancel):
   * the admins' window before its time. Null unless the booking is confirmed and still to come.
   */
  cancel_until: z.nullable(z.string()),
});

/**
 * The profile's rent payment (`roomPricePayment` on the wire): the latest for the room of the
 * agent-fee payment, a success preferred over later attempts that did not go through.
 */
export const RentPaymentSchema = z.object({ status: z.string(), amount: z.int(), reference: z.string() });

export const ProfileSchema = z.extend(UserSchema, {
  emergency_contact: EmergencyContactSchema,
  hostel: z.nullable(HostelRefSchema),
  agentFeePayment: z.nullable(AgentFeePaymentSchema),
  roomPricePayment: z.nullable(RentPaymentSchema),
  /** The latest caution deposit payment for the booked room, a success preferred (docs/domain.md, "Caution deposit"). */
  cautionFeePayment: z.nullable(RentPaymentSchema),
  rentDetails: z.nullable(RentDetailsSchema),
  /** The statement of the student's latest move-out (docs/domain.md, "Move-out"), or null. */
  moveOutStatement: z.nullable(MoveOutStatementSchema),
  /** Whether optional service messages go by e-mail and by text (only the owner and admins see a profile). */
  notify_email: z.boolean(),
  notify_sms: z.boolean(),
  /** Whether she said yes to news and offers by e-mail and by text (docs/domain.md, "Consent"). */
  marketing_email: z.boolean(),
  marketing_sms: z.boolean(),
});
export type Profile = z.output<typeof ProfileSchema>;
