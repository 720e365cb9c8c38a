import {
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
  REFUND_STATUSES,
  type RefundStatus,
} from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, inList, naira, refersTo, rowId, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';
import { payments } from '../payments/payments.schema.ts';

/** Refunds, one row per attempt (docs/domain.md, "Lifecycles": refund). Owned by the refunds module. */

/**
 * Money given back from a successful payment (docs/domain.md, "Refunds"): one row per attempt,
 * pending → processed | failed, or unknown while the provider's answer is missing. At most one
 * attempt per payment is open (pending or unknown) at a time, and the open and processed ones never
 * add up to more than the payment (checked under the payment's row lock when one is added).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: rowId(),
    paymentId: refersTo('payment_id', () => payments.id),
    amount: naira('amount'),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** The provider's id for the refund (Paystack's numeric id, as text), once it has one. */
    providerRefundId: text('provider_refund_id'),
    providerData: jsonb('provider_data'),
    /** When it was handed to the provider: set once, by the one worker that sends it. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    failureReason: text('failure_reason'),
    /** The failed attempt this one tries again. */
    retryOf: uuid('retry_of'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Following an open refund with the provider: when it was last asked, how many times, and when
     * to ask next (backing off); null once it is settled or there is nothing more to ask.
     */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_status_ck', inList('status', REFUND_STATUSES)),
    check('refunds_provider_ck', inList('provider', PAYMENT_PROVIDERS)),
    check('refunds_amount_ck', sql`${t.amount} > 0`),
    uniqueIndex('refunds_one_open_uq').on(t.paymentId).where(sql`${t.status} in ('pending', 'unknown')`),
    index('refunds_next_check_idx').on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null`),
    index('refunds_payment_idx').on(t.paymentId, t.createdAt),
    index('refunds_created_idx').on(t.createdAt),
  ],
);

/**
 * A payment owed back that an admin closed with the rest kept (docs/domain.md, "Refunds": keep the
 * rest): once per payment, after part of it was refunded and while no refund of it is open. What
 * was kept is the payment less what its processed refunds (and a move-out) gave back or kept then;
 * nothing more of it may be refunded. Owned by the refunds module.
 */
export const refundClosures = pgTable(
  'refund_closures',
  {
    id: rowId(),
    paymentId: refersTo('payment_id', () => payments.id),
    keptAmount: naira('kept_amount'),
    reason: text('reason').notNull(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('refund_closures_kept_ck', sql`${t.keptAmount} > 0`),
    uniqueIndex('refund_closures_payment_uq').on(t.paymentId),
  ],
);
