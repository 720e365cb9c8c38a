import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { PersonRefSchema, RoomRefSchema } from './bookings.ts';
import { IdSchema, nairaSchema, prepared } from './common.ts';
import { PAYMENT_STATUSES, PAYMENT_TYPES } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';

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
});
export type Tenant = z.output<typeof TenantSchema>;

/** GET /payments/refunds (admins): successful payments whose room had gone to someone else. */
export const RefundSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  amount: z.int(),
  status: z.enum(PAYMENT_STATUSES),
  paid_at: z.nullable(z.string()),
  user: PersonRefSchema,
  room: RoomRefSchema,
  hostel: HostelRefSchema,
});
export type Refund = z.output<typeof RefundSchema>;

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
  /** Always "paid" for now: refunds are flagged (needs_refund) but not yet recorded as made. */
  status: z.enum(['paid', 'refunded']),
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
  hostel_name: z.string(),
  room_number: z.string(),
});
export type PaymentHistoryItem = z.output<typeof PaymentHistoryItemSchema>;
export const PaymentHistorySchema = z.array(PaymentHistoryItemSchema);
