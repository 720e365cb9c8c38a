import { z } from 'zod';
import { PersonRefSchema, RoomRefSchema } from './bookings.ts';
import { IdSchema, nairaSchema } from './common.ts';
import { PAYMENT_STATUSES } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';

/** What the API and receipts call the two kinds of payment (stored as agent_fee / room_rent). */
export const PAYMENT_TYPES = ['AGENT_FEE', 'ROOM_RENT'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), IdSchema.optional());

const callbackUrlSchema = z
  .string({ error: 'callback_url is required' })
  .trim()
  .min(1, { error: 'callback_url is required' })
  .max(2000, { error: 'callback_url is too long' });

/**
 * POST /payments/agent-fee/initiate and /payments/room-price/initiate. The server decides the
 * amount; `amount` is the price the person saw, checked so they never pay a different one unknowingly.
 */
export const PaymentInitiateSchema = z.object({
  amount: z.preprocess((v) => (v === '' || v === null ? undefined : v), nairaSchema('Amount').optional()),
  room_id: IdSchema,
  hostel_id: IdSchema,
  booking_id: optionalId,
  callback_url: callbackUrlSchema,
});
export type PaymentInitiateInput = z.input<typeof PaymentInitiateSchema>;

export const PaymentInitiateResponseSchema = z.object({ checkoutLink: z.string(), reference: z.string() });
export type PaymentInitiateResponse = z.infer<typeof PaymentInitiateResponseSchema>;

export const PaymentVerifyQuerySchema = z.object({
  reference: z
    .string({ error: 'reference is required' })
    .trim()
    .min(1, { error: 'reference is required' })
    .max(100, { error: 'reference is too long' }),
});

export const PaymentRoomSchema = z.object({
  _id: z.string(),
  room_number: z.string(),
  unit: z.string(),
  agent_fee: z.number().int(),
  price: z.number().int(),
  caution_fee: z.number().int(),
  commission_fee: z.number().int(),
});

export const TenancyDatesSchema = z.object({ rentStartDate: z.string(), rentDueDate: z.string() });

/** GET /payments/verify → the payment with what it was for. */
export const PaymentDetailSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  payment_type: z.enum(PAYMENT_TYPES),
  purpose: z.enum(PAYMENT_TYPES),
  amount: z.number().int(),
  paid_at: z.string().nullable(),
  /** Paid after the room went to someone else: the money is to be given back. */
  needs_refund: z.boolean(),
  booking: z.object({ _id: z.string(), inspection_date_time: z.string() }).nullable(),
  room: PaymentRoomSchema,
  hostel: HostelRefSchema,
  tenancy: TenancyDatesSchema.nullable(),
});
export type PaymentDetail = z.infer<typeof PaymentDetailSchema>;

/** GET /payments/tenants (admins). */
export const TenantSchema = z.object({
  user: PersonRefSchema,
  hostel: HostelRefSchema,
  room: RoomRefSchema,
  rentStartDate: z.string(),
  rentDueDate: z.string(),
  daysLeft: z.number().int(),
  amountPaid: z.number().int(),
});
export type Tenant = z.infer<typeof TenantSchema>;

/** GET /payments/refunds (admins): successful payments whose room had gone to someone else. */
export const RefundSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  paid_at: z.string().nullable(),
  user: PersonRefSchema,
  room: RoomRefSchema,
  hostel: HostelRefSchema,
});
export type Refund = z.infer<typeof RefundSchema>;

export const WebhookAckSchema = z.object({ received: z.boolean() });
