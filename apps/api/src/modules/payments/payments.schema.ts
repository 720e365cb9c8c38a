import {
  PAYMENT_CHANNELS,
  PAYMENT_KINDS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type PaymentChannel,
  type PaymentKind,
  type PaymentProviderName,
  type PaymentStatus,
  REFUND_REASONS,
  type RefundReason,
} from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList, naira, rowId, updatedAt } from '../../db/columns.ts';
import { bookings } from '../bookings/bookings.schema.ts';
import { whoAndWhere } from '../rooms/rooms.schema.ts';

/** Payments and their receipt numbers (docs/domain.md, "Lifecycles": payment). Owned by the payments module. */

export const payments = pgTable(
  'payments',
  {
    id: rowId(),
    /** Our own unique reference per attempt; the provider echoes it back. */
    reference: text('reference').notNull().unique(),
    ...whoAndWhere(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    amount: naira('amount'),
    currency: text('currency').notNull().default('NGN'),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** A success that arrived after the room went to someone else: money to give back. */
    needsRefund: boolean('needs_refund').notNull().default(false),
    /**
     * What the company kept of it, in naira: a caution deposit's deductions at move-out (docs/domain.md,
     * "Move-out"). Never given back, so never refundable.
     */
    keptAmount: integer('kept_amount').notNull().default(0),
    /** Why it is owed back, set with `needs_refund`. */
    refundReason: text('refund_reason').$type<RefundReason>(),
    providerData: jsonb('provider_data'),
    /** How it was paid, as the provider reported it (card, bank transfer, USSD, her own account number). */
    channel: text('channel').$type<PaymentChannel>(),
    /**
     * The provider's reference of the bank transfer it was paid from (docs/domain.md, "Bank
     * transfers"): set on payments recorded from a transfer to her account number, null otherwise.
     */
    transferReference: text('transfer_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** `SN-<Lagos year>-<6 digits>`, given once when the payment turns success (docs/domain.md, Receipts). */
    receiptNumber: text('receipt_number').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_kind_ck', inList('kind', PAYMENT_KINDS)),
    check('payments_status_ck', inList('status', PAYMENT_STATUSES)),
    check('payments_provider_ck', inList('provider', PAYMENT_PROVIDERS)),
    check('payments_channel_ck', inList('channel', PAYMENT_CHANNELS)),
    check('payments_currency_ck', sql`${t.currency} = 'NGN'`),
    check('payments_amount_ck', sql`${t.amount} >= 0`),
    check('payments_kept_ck', sql`${t.keptAmount} between 0 and ${t.amount}`),
    check('payments_agent_fee_booking_ck', sql`${t.kind} <> 'agent_fee' or ${t.bookingId} is not null`),
    check('payments_refund_reason_ck', inList('refund_reason', REFUND_REASONS)),
    check('payments_needs_refund_reason_ck', sql`not ${t.needsRefund} or ${t.refundReason} is not null`),
    index('payments_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    index('payments_room_idx').on(t.roomId),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_transfer_idx').on(t.transferReference),
    // Reports (docs/domain.md, "Reports"), each read from its index alone: successes by when they
    // were paid (revenue); standing agent fees by booking and standing rents by student and room
    // (the funnel); the CSV export's keyset order.
    index('payments_paid_success_idx')
      .on(t.paidAt, t.kind, t.amount, t.needsRefund)
      .where(sql`${t.status} = 'success'`),
    index('payments_standing_fee_idx')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'agent_fee' and ${t.status} = 'success' and not ${t.needsRefund}`),
    index('payments_standing_rent_idx')
      .on(t.userId, t.roomId, t.paidAt)
      .where(sql`${t.kind} = 'rent' and ${t.status} = 'success' and not ${t.needsRefund}`),
    index('payments_created_idx').on(t.createdAt, t.id),
    // Deposits held at a period's end (the revenue report) and a tenant's unsettled deposit.
    index('payments_deposits_idx')
      .on(t.paidAt)
      .where(sql`${t.kind} = 'caution_fee' and ${t.status} = 'success' and not ${t.needsRefund}`),
  ],
);

/**
 * The last receipt number given in each Lagos year. Taking the next one is one upsert inside the
 * transaction that turns the payment into a success, so numbers are gap-free (a rolled-back
 * transaction gives its number back) and concurrent successes queue on the year's row.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    year: integer('year').primaryKey(),
    last: integer('last').notNull(),
  },
  (t) => [check('receipt_counters_last_ck', sql`${t.last} > 0`)],
);
