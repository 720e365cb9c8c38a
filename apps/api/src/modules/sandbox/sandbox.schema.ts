import type { PaymentChannel } from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * The built-in sandbox provider's own book of checkouts, as Paystack keeps its transactions: it
 * knows nothing of our payments table and answers `verify` from here (docs/domain.md, "Sandbox
 * payments"). Owned by the sandbox module.
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    /** Our payment's reference, as Paystack's transactions carry it. */
    reference: text('reference').primaryKey(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('NGN'),
    email: text('email').notNull(),
    /** Where the page sends the browser back; null for checkouts older than this table (the site's home). */
    callbackUrl: text('callback_url'),
    description: text('description').notNull(),
    /** The payer's decision on the checkout page: set once, by the first press. */
    outcome: text('outcome').$type<'paid' | 'cancelled'>(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** How the payer paid on the page (card, bank transfer, USSD), or `dedicated_nuban` for a transfer to her account number. */
    channel: text('channel').$type<PaymentChannel>(),
    /** A transfer to a dedicated account: the account number it reached. */
    accountNumber: text('account_number'),
    createdAt: createdAt(),
  },
  (t) => [
    check('sandbox_checkouts_outcome_ck', sql`${t.outcome} in ('paid', 'cancelled')`),
    check('sandbox_checkouts_decided_ck', sql`(${t.outcome} is null) = (${t.decidedAt} is null)`),
  ],
);

/** The sandbox's refunds, as Paystack lists a transaction's: each paid back at once. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  /** `sandbox-<uuid>`: the provider's id we keep with our refund. */
  id: text('id').primaryKey(),
  /** The refunded checkout's reference. */
  reference: text('reference')
    .notNull()
    .references(() => sandboxCheckouts.reference),
  amount: integer('amount').notNull(),
  createdAt: createdAt(),
});

/**
 * The sandbox's dedicated accounts, as Paystack keeps its customers and their account numbers: one
 * per customer, assigned at once (docs/domain.md, "Bank transfers").
 */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  /** `CUS_sandbox_…`: the customer code we keep with the student's account. */
  customerCode: text('customer_code').primaryKey(),
  email: text('email').notNull().unique(),
  /** Ten digits, like a NUBAN; given when the account is asked for. */
  accountNumber: text('account_number').unique(),
  createdAt: createdAt(),
});
