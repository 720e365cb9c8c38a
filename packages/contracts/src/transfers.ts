import * as z from 'zod/mini';
import { optionalText } from './common.ts';
import { PAYMENT_KINDS } from './constants.ts';
import { nairaSchema } from './naira.ts';

/*
 * Paying by bank transfer (docs/domain.md, "Bank transfers"): at the provider's checkout (card, bank
 * transfer or USSD, chosen there), or to an account number of her own (a dedicated virtual
 * account) whose incoming money is matched to what she owes, or held as her credit. The channels
 * and their labels are in constants.ts, so a screen can name one without downloading zod.
 */

/**
 * Where her own account number stands. `unavailable`: the provider account is not approved for
 * dedicated accounts (or the operator turned them off), `message` says so; `not_eligible`: she has
 * not booked yet; `none`: she may ask for one; `requested`: the provider is assigning it;
 * `assigned`: the bank, number and name are there; `failed`: the provider refused, `message` says why.
 */
export const DEDICATED_ACCOUNT_STATES = [
  'unavailable',
  'not_eligible',
  'none',
  'requested',
  'assigned',
  'failed',
] as const;
export type DedicatedAccountState = (typeof DEDICATED_ACCOUNT_STATES)[number];

/** GET /me/dedicated-account and POST /me/dedicated-account (ask for one). */
export const DedicatedAccountSchema = z.object({
  state: z.enum(DEDICATED_ACCOUNT_STATES),
  bank_name: z.nullable(z.string()),
  account_number: z.nullable(z.string()),
  account_name: z.nullable(z.string()),
  message: z.nullable(z.string()),
});
export type DedicatedAccount = z.output<typeof DedicatedAccountSchema>;

/** A transfer that matched nothing owed exactly: held for her until an admin allocates or refunds it. */
export const CREDIT_STATUSES = ['held', 'allocated', 'refunded'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

export const CreditSchema = z.object({
  _id: z.string(),
  /** What arrived, and what of it is still held (an allocation may use part of it). */
  amount: z.int(),
  held: z.int(),
  status: z.enum(CREDIT_STATUSES),
  received_at: z.string(),
  /** The provider's reference of the transfer. */
  reference: z.string(),
  /** Why it was held, in words: "₦50,000 does not match anything you owe (₦60,000 rent, part 2 of 2, is due)". */
  reason: z.string(),
  sender: z.nullable(z.string()),
  /** Receipt numbers of what it paid for when allocated. */
  receipts: z.array(z.string()),
});
export type Credit = z.output<typeof CreditSchema>;

/** GET /me/credits: hers. GET /admin/credits?status=held: everyone's, with who. */
export const AdminCreditSchema = z.extend(CreditSchema, {
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminCredit = z.output<typeof AdminCreditSchema>;

/** Something she owes now, oldest first, that a credit may pay (GET /admin/credits/{id}/dues). */
export const AmountDueSchema = z.object({
  key: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  label: z.string(),
  amount: z.int(),
  due_on: z.nullable(z.string()),
});
export type AmountDue = z.output<typeof AmountDueSchema>;

/** POST /admin/credits/{id}/allocate: pay one amount due from the credit (it must cover it). */
export const CreditAllocateSchema = z.object({
  due_key: z.string().check(z.minLength(1, { error: 'Choose what the credit pays for' })),
});
/** POST /admin/credits/{id}/refund: give what is held back to her, through the provider. */
export const CreditRefundSchema = z.object({ reason: z._default(optionalText('Reason', 500), '') });

/** POST /sandbox/transfers (sandbox only): pretend her bank sent this much to her account number. */
export const SandboxTransferSchema = z.object({
  amount: nairaSchema('Amount').check(z.minimum(1, { error: 'Amount must be at least ₦1' })),
});

/** What POST /sandbox/transfers did with the pretend transfer: paid what she owes, or held it as credit. */
export const SandboxTransferResultSchema = z.object({
  reference: z.string(),
  outcome: z.enum(['applied', 'held']),
});
export type SandboxTransferResult = z.output<typeof SandboxTransferResultSchema>;

/** GET /admin/credits?status= (all when left out). */
export const CreditListQuerySchema = z.object({ status: z.optional(z.enum(CREDIT_STATUSES)) });
