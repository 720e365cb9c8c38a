import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { BookingSchema, PersonRefSchema, RoomRefSchema } from './bookings.ts';
import { IdSchema, prepared, requiredText } from './common.ts';
import {
  PAYMENT_CHANNELS,
  PAYMENT_REFUND_STATES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  REFUND_REASONS,
  REFUND_STATUSES,
} from './constants.ts';
import { HostelRefSchema } from './hostels.ts';
import { nairaSchema } from './naira.ts';
import { RentPlanSchema } from './rent-plans.ts';
import { TenancyNoticeStateSchema } from './tenancies.ts';

/** An optional field; a blank one (a form's empty input, a JSON null) counts as not sent. */
const blankOrMissing = <T extends $ZodType>(schema: T) =>
  z.optional(prepared((v) => (v === '' || v === null ? undefined : v), z.optional(schema)));
const optionalId = blankOrMissing(IdSchema);

const callbackUrlSchema = z
  .string({ error: 'callback_url is required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'callback_url is required' }),
    z.maxLength(2000, { error: 'callback_url is too long' }),
  );

/**
 * POST /payments/agent-fee/initiate and /payments/room-price/initiate. The booking says what is
 * paid for: the server knows its room, hostel and price. `room_id`, `hostel_id` and `amount` are
 * what older clients send; when present they must agree with the booking (`amount` is the price
 * the person saw: a different price is refused so nobody pays one unknowingly). Rent may name the
 * room instead of a booking (a tenant renewing).
 */
export const PaymentInitiateSchema = z.object({
  amount: blankOrMissing(nairaSchema('Amount')),
  room_id: optionalId,
  hostel_id: optionalId,
  booking_id: optionalId,
  callback_url: callbackUrlSchema,
  /**
   * Rent only: the plan chosen for a year not started yet (a first rent, a renewal): `full` or the
   * room's plan; left out, `full`. For a year already on a plan, `amount` is what she chooses to
   * pay now: at least the next part's balance, at most what is left of the year; left out, the
   * next part's balance (docs/domain.md, "Rent plans").
   */
  plan: blankOrMissing(RentPlanSchema),
});
export type PaymentInitiateInput = z.input<typeof PaymentInitiateSchema>;
export type PaymentInitiate = z.output<typeof PaymentInitiateSchema>;

export const PaymentInitiateResponseSchema = z.object({ checkoutLink: z.string(), reference: z.string() });
export type PaymentInitiateResponse = z.output<typeof PaymentInitiateResponseSchema>;

const referenceSchema = z
  .string({ error: 'reference is required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'reference is required' }),
    z.maxLength(100, { error: 'reference is too long' }),
  );

/** GET /payments/verify?reference= (a read) and POST /payments/verify { reference } (applies the result). */
export const PaymentVerifyQuerySchema = z.object({ reference: referenceSchema });
export const PaymentVerifyBodySchema = z.object({ reference: referenceSchema });

/** The room as a payment (and the profile's agent-fee payment) shows it: with every fee. */
export const PaymentRoomSchema = z.object({
  _id: z.string(),
  room_number: z.string(),
  unit: z.string(),
  agent_fee: z.int(),
  price: z.int(),
  caution_fee: z.int(),
  commission_fee: z.int(),
});
export type PaymentRoom = z.output<typeof PaymentRoomSchema>;

export const PaymentBookingRefSchema = z.object({ _id: z.string(), inspection_date_time: z.string() });

export const TenancyDatesSchema = z.object({ rentStartDate: z.string(), rentDueDate: z.string() });

/** GET /payments/verify → the payment with what it was for. */
export const PaymentDetailSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  payment_type: z.enum(PAYMENT_TYPES),
  purpose: z.enum(PAYMENT_TYPES),
  amount: z.int(),
  paid_at: z.nullable(z.string()),
  /** `SN-2026-000123`, given when the payment succeeded (null before). */
  receipt_number: z.nullable(z.string()),
  /** Paid after the room went to someone else: the money is to be given back. */
  needs_refund: z.boolean(),
  booking: z.nullable(PaymentBookingRefSchema),
  room: PaymentRoomSchema,
  hostel: HostelRefSchema,
  tenancy: z.nullable(TenancyDatesSchema),
  /** Who paid, as the receipt names them ("Chiamaka Okafor"). */
  payer_name: z.string(),
  /** A rent that went through: the first day (Lagos calendar date) of the months it paid for. */
  rent_period_start: z.nullable(z.string()),
  /**
   * A rent of a year on a plan: which part(s) of the year it paid, "part 2 of 2" or "parts 1–2 of
   * 3" (docs/domain.md, "Rent plans"); null for a full year's rent and other kinds.
   */
  rent_parts: z.optional(z.nullable(z.string())),
  /**
   * The inspection this payment's booking was for has taken place: the booking stands (confirmed or
   * inspected) and its slot has started. Only then has an agent shown the payer the room.
   */
  inspection_held: z.boolean(),
  /**
   * How it was paid, as the provider reported it ("Paid by bank transfer"); null when it did not say
   * (older payments, or not paid yet). See docs/domain.md, "Bank transfers".
   */
  channel: z.optional(z.nullable(z.enum(PAYMENT_CHANNELS))),
});
export type PaymentDetail = z.output<typeof PaymentDetailSchema>;

/** GET /payments/tenants (admins). */
export const TenantSchema = z.object({
  user: PersonRefSchema,
  hostel: HostelRefSchema,
  room: RoomRefSchema,
  rentStartDate: z.string(),
  rentDueDate: z.string(),
  daysLeft: z.int(),
  amountPaid: z.int(),
  /** The running tenancy (POST /admin/tenancies/{id}/move-out ends it). */
  tenancy_id: z.string(),
  /** The caution deposit the company holds for this tenancy, in naira: the most a move-out can deduct. */
  deposit_held: z.int(),
  /** The tenant's notice to leave, if given. */
  notice: z.nullable(TenancyNoticeStateSchema),
  /**
   * The parts of the running year's rent plan not fully paid, oldest first, with what is left of
   * each (`of`: the year's number of parts); empty when the year is paid. A move-out may deduct those
   * due by the day she left from the deposit (docs/domain.md, "Rent plans").
   */
  rent_parts_unpaid: z.array(
    z.object({ number: z.int(), of: z.int(), due_on: z.string(), balance: z.int() }),
  ),
});
export type Tenant = z.output<typeof TenantSchema>;

/**
 * GET /admin/refunds (admins): a successful payment flagged needs_refund — owed back (docs/domain.md,
 * "Refunds") — with why and how much of it is still to give back. Not a refund: a refund is one
 * attempt to give money back (RefundRecordSchema).
 */
export const OwedPaymentSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  amount: z.int(),
  status: z.enum(PAYMENT_STATUSES),
  paid_at: z.nullable(z.string()),
  user: PersonRefSchema,
  room: RoomRefSchema,
  hostel: HostelRefSchema,
  reason: z.enum(REFUND_REASONS),
  /** Whole days since it was paid (Lagos calendar). */
  age_days: z.int(),
  /** Given back already (processed refunds), in naira. */
  refunded_amount: z.int(),
  /** Asked of the provider and not yet answered (pending refunds), in naira. */
  pending_amount: z.int(),
  /** What may still be refunded: amount − refunded − pending. */
  remaining: z.int(),
});
export type OwedPayment = z.output<typeof OwedPaymentSchema>;

/** POST /admin/refunds: give back all or part of a successful payment. */
export const RefundCreateSchema = z.object({
  reference: referenceSchema,
  amount: nairaSchema('Amount').check(z.minimum(1, { error: 'Amount must be at least ₦1' })),
  reason: requiredText('Reason', 500),
});
export type RefundCreateInput = z.input<typeof RefundCreateSchema>;
export type RefundCreate = z.output<typeof RefundCreateSchema>;

/** One refund attempt of a payment, with its own state: pending → processed | failed. */
export const RefundRecordSchema = z.object({
  _id: z.string(),
  /** The refunded payment's reference. */
  reference: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  /** What this refund gives back, in naira. */
  amount: z.int(),
  /** What the payment was, in naira. */
  payment_amount: z.int(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** The provider's word on a failed refund. */
  failure_reason: z.nullable(z.string()),
  /** The failed refund this one tries again, if any. */
  retry_of: z.nullable(z.string()),
  requested_by: z.nullable(z.object({ _id: z.string(), email: z.string() })),
  created_at: z.string(),
  processed_at: z.nullable(z.string()),
  user: PersonRefSchema,
  room: RoomRefSchema,
  hostel: HostelRefSchema,
});
export type RefundRecord = z.output<typeof RefundRecordSchema>;

/**
 * POST /admin/refunds/close: close a partly refunded payment owed back, keeping the rest
 * (docs/domain.md, "Refunds": keep the rest). The reason is required: it is told to the student.
 */
export const RefundCloseSchema = z.object({
  reference: referenceSchema,
  reason: requiredText('Reason', 500),
});
export type RefundCloseInput = z.input<typeof RefundCloseSchema>;
export type RefundClose = z.output<typeof RefundCloseSchema>;

/** A payment owed back that an admin closed, keeping what was not refunded. */
export const RefundClosureSchema = z.object({
  _id: z.string(),
  /** The closed payment's reference. */
  reference: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  /** What the payment was, in naira. */
  payment_amount: z.int(),
  /** What its processed refunds gave back, in naira. */
  refunded_amount: z.int(),
  /** What was kept when it was closed, in naira. */
  kept_amount: z.int(),
  reason: z.string(),
  closed_by: z.nullable(z.object({ _id: z.string(), email: z.string() })),
  closed_at: z.string(),
  user: PersonRefSchema,
});
export type RefundClosure = z.output<typeof RefundClosureSchema>;

/**
 * GET /admin/refunds: payments still owed back (oldest first), the refunds made and the payments
 * closed with the rest kept (newest first).
 */
export const AdminRefundsSchema = z.object({
  due: z.array(OwedPaymentSchema),
  refunds: z.array(RefundRecordSchema),
  closures: z.array(RefundClosureSchema),
});
export type AdminRefunds = z.output<typeof AdminRefundsSchema>;

/** POST /bookings/{id}/cancel: the cancelled booking and what of its payments goes to Refunds. */
export const BookingCancelledSchema = z.object({
  booking: BookingSchema,
  /** The agent fee and caution deposit paid for it, now owed back, in naira (0 when none was paid). */
  refund_amount: z.int(),
});
export type BookingCancelled = z.output<typeof BookingCancelledSchema>;

export const WebhookAckSchema = z.object({ received: z.boolean() });

/**
 * GET /receipts/verify/{code} (public): what a genuine receipt says, for anyone holding a printout.
 * The payer is a first name and an initial; never an e-mail address or a phone number.
 */
export const ReceiptVerificationSchema = z.object({
  valid: z.literal(true),
  receipt_number: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  amount: z.int(),
  currency: z.literal('NGN'),
  paid_at: z.string(),
  hostel_name: z.string(),
  room_number: z.string(),
  unit: z.string(),
  payer: z.string(),
  /** "refunded" once any refund of it has been processed, in full or in part (`refunded_amount`). */
  status: z.enum(['paid', 'refunded']),
  refunded_amount: z.int(),
});
export type ReceiptVerification = z.output<typeof ReceiptVerificationSchema>;

export const ReceiptCodeParamsSchema = z.object({ code: z.string().check(z.maxLength(100)) });
export const PaymentReferenceParamsSchema = z.object({ reference: z.string().check(z.maxLength(100)) });

/**
 * GET /payments/mine (the caller's) and GET /user/{id}/payments (admins): every payment attempt,
 * any kind and status, newest first. `receipt_number` is null unless the payment succeeded.
 */
export const PaymentHistoryItemSchema = z.object({
  reference: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  amount: z.int(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
  receipt_number: z.nullable(z.string()),
  /** Paid after the room went to someone else: the money is to be given back. */
  needs_refund: z.boolean(),
  /** How much has been given back (processed refunds), in naira, and what that makes it. */
  refunded_amount: z.int(),
  refund_state: z.enum(PAYMENT_REFUND_STATES),
  hostel_name: z.string(),
  room_number: z.string(),
  /** A rent that went through: the first day (Lagos calendar date) of the months it paid for. */
  rent_period_start: z.nullable(z.string()),
  /** What it paid for in words, as its receipt says (`paymentLabel`): "Rent, 12 months from 26 Nov 2026". */
  label: z.string(),
  /** How it was paid, as the provider reported it; null when it did not say (or not paid yet). */
  channel: z.nullable(z.enum(PAYMENT_CHANNELS)),
});
export type PaymentHistoryItem = z.output<typeof PaymentHistoryItemSchema>;
export const PaymentHistorySchema = z.array(PaymentHistoryItemSchema);
