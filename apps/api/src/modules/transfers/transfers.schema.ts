import {
  CREDIT_STATUSES,
  type CreditStatus,
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
} from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList, naira, refersTo, rowId, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/**
 * Bank transfers to a student's own account number (docs/domain.md, "Bank transfers"). Owned by
 * the transfers module: her dedicated account, and every transfer that reached it.
 */

/** Where asking for her account number stands, as stored (none / not eligible are read, not stored). */
export const DEDICATED_ACCOUNT_ROW_STATES = ['requested', 'assigned', 'failed', 'unavailable'] as const;
export type DedicatedAccountRowState = (typeof DEDICATED_ACCOUNT_ROW_STATES)[number];

export const dedicatedAccounts = pgTable(
  'dedicated_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** The provider's customer she is (Paystack `CUS_…`): kept, so asking again reuses it. */
    customerCode: text('customer_code').notNull(),
    state: text('state').$type<DedicatedAccountRowState>().notNull(),
    providerAccountId: text('provider_account_id'),
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    /** Why it failed or is unavailable, in words she can read. */
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('dedicated_accounts_state_ck', inList('state', DEDICATED_ACCOUNT_ROW_STATES)),
    check('dedicated_accounts_provider_ck', inList('provider', PAYMENT_PROVIDERS)),
    check(
      'dedicated_accounts_assigned_ck',
      sql`${t.state} <> 'assigned' or (${t.accountNumber} is not null and ${t.bankName} is not null)`,
    ),
    index('dedicated_accounts_customer_idx').on(t.customerCode),
    index('dedicated_accounts_number_idx').on(t.accountNumber),
  ],
);

/** Where giving a credit back through the provider stands (null: never asked). */
export const CREDIT_REFUND_STATES = ['pending', 'unknown', 'processed', 'failed'] as const;
export type CreditRefundState = (typeof CREDIT_REFUND_STATES)[number];

/** Applied at once (it matched something owed exactly), or one of the credit's states. */
export type TransferStatus = 'applied' | CreditStatus;

/**
 * Every transfer that reached a student's account number, recorded once (unique on the provider's
 * reference, so the same webhook twice applies once). Its amount is always accounted for: what was
 * applied from it (payments recorded from it) + what is held + what was refunded.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: rowId(),
    /** The provider's own reference of the transfer (it is not one of our payments). */
    providerReference: text('provider_reference').notNull().unique(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    userId: refersTo('user_id', () => users.id),
    amount: naira('amount'),
    applied: integer('applied').notNull().default(0),
    held: integer('held').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    status: text('status').$type<TransferStatus>().notNull(),
    /** Why it was held, in words (empty for one applied at once). */
    reason: text('reason').notNull().default(''),
    sender: text('sender'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    refundState: text('refund_state').$type<CreditRefundState>(),
    providerRefundId: text('provider_refund_id'),
    refundFailure: text('refund_failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bank_transfers_status_ck', inList('status', ['applied', ...CREDIT_STATUSES])),
    check('bank_transfers_provider_ck', inList('provider', PAYMENT_PROVIDERS)),
    check('bank_transfers_refund_state_ck', inList('refund_state', CREDIT_REFUND_STATES)),
    // Nothing is ever dropped: every naira is applied, held or refunded, and none is negative.
    check(
      'bank_transfers_accounted_ck',
      sql`${t.applied} >= 0 and ${t.held} >= 0 and ${t.refunded} >= 0 and ${t.amount} = ${t.applied} + ${t.held} + ${t.refunded}`,
    ),
    check('bank_transfers_held_ck', sql`(${t.status} = 'held') = (${t.held} > 0)`),
    index('bank_transfers_user_idx').on(t.userId, t.receivedAt),
    index('bank_transfers_status_idx').on(t.status, t.receivedAt),
  ],
);
