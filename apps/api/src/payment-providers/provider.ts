import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentChannel, PaymentProviderName } from '@studynest/contracts';
import { AppError } from '../lib/errors.ts';

export type InitializeInput = {
  /** Our own unique reference; the provider echoes it back. */
  reference: string;
  amountNaira: number;
  email: string;
  /** Where the provider sends the browser afterwards (with ?reference=…&trxref=…). */
  callbackUrl: string;
  /** What is being paid for, in words (the sandbox's checkout page shows it; Paystack keeps it in metadata). */
  description: string;
  metadata: Record<string, unknown>;
};

export type VerifyStatus = 'success' | 'failed' | 'abandoned' | 'pending';

export type VerifyResult = {
  status: VerifyStatus;
  /** What the provider says was charged, in naira (may be fractional if the provider says so). */
  amountNaira: number;
  currency: string;
  paidAt?: Date;
  /** How it was paid, when the provider says and it is one we know. */
  channel?: PaymentChannel;
  /**
   * A transfer to a dedicated account (channel `dedicated_nuban`): whose account it reached (the
   * provider's customer code and the account number) and who sent it, as the provider says.
   */
  transfer?: { customerCode: string | null; accountNumber: string | null; sender: string | null };
  /** The provider's answer, kept with the payment for support. */
  raw: unknown;
};

/** Who a dedicated account is for, as the provider's customer. */
export type CustomerInput = { email: string; firstName: string; lastName: string; phone: string | null };

/** A dedicated account's number, as the provider gives it. */
export type AssignedAccount = {
  providerAccountId: string | null;
  bankName: string;
  accountNumber: string;
  accountName: string;
};

/**
 * What the provider said to "give this customer an account number": here it is, it is coming (a
 * webhook will say), the business may not have them at all, or it refused this one.
 */
export type DedicatedAccountAnswer =
  | { state: 'assigned'; account: AssignedAccount }
  | { state: 'requested' }
  | { state: 'unavailable'; message: string }
  | { state: 'failed'; message: string };

/**
 * What the provider says about a refund: still being worked on, paid back, or refused. A provider
 * that cannot be reached, does not answer in time or fails on its side (5xx) throws
 * `ProviderUnreachable` instead: the outcome is then unknown, never a refusal.
 */
export type RefundResult = {
  status: 'pending' | 'processed' | 'failed';
  /** The provider's own id for the refund, to follow it with. */
  providerRefundId: string | null;
  failureReason?: string;
  raw: unknown;
};

/** A refund as the provider lists those of one transaction. */
export type ListedRefund = RefundResult & { providerRefundId: string; amountNaira: number };

/** A successful transaction as the provider lists those of a period (the daily reconciliation). */
export type SettledTransaction = { reference: string; amountNaira: number; currency: string; paidAt: Date };

/** A refund as the provider lists those made in a period, with the transaction it gave back from. */
export type PeriodRefund = ListedRefund & { reference: string; createdAt: Date };

/** A period of instants: from (included) to (excluded). */
export type Period = { from: Date; to: Date };

/**
 * `reference` is the payment's, for refund events too (Paystack's `transaction_reference`); a
 * refund event also names the refund (`refundId`, when the provider sends it) and its amount, so
 * an attempt whose id we never learned can be matched. Only the provider's own answers are trusted.
 */
export type WebhookEvent = {
  event: string;
  reference: string;
  refundId?: string;
  amountNaira?: number;
  /** `charge.success`: the channel the body names (a transfer to a dedicated account is re-verified all the same). */
  channel?: string;
  /** `dedicatedaccount.assign.*`: whose account, and the account when assigned, or why not. */
  customerCode?: string;
  account?: AssignedAccount;
  failure?: string;
};

/** The one seam between our payment rules and whoever moves the money. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  initialize(input: InitializeInput): Promise<{ checkoutLink: string }>;
  verify(reference: string): Promise<VerifyResult>;
  /** Give back `amountNaira` of the payment with this reference. */
  refund(input: { reference: string; amountNaira: number; reason: string }): Promise<RefundResult>;
  /** Where a refund the provider accepted has got to. */
  refundStatus(providerRefundId: string): Promise<RefundResult>;
  /** The refunds the provider has of one payment (its reference), newest first. */
  listRefunds(reference: string): Promise<ListedRefund[]>;
  /** Every successful transaction paid in the period (all pages). */
  listSettledTransactions(period: Period): Promise<SettledTransaction[]>;
  /** Every refund made in the period (all pages). */
  listRefundsMade(period: Period): Promise<PeriodRefund[]>;
  /**
   * Dedicated accounts (docs/domain.md, "Bank transfers"): offered at all on this server, the
   * customer to hold one (an existing code is kept), and asking for one for that customer.
   */
  readonly dedicatedAccounts: { offered: true } | { offered: false; message: string };
  createCustomer(input: CustomerInput): Promise<{ customerCode: string }>;
  requestDedicatedAccount(customerCode: string): Promise<DedicatedAccountAnswer>;
  /** Null for well-signed events that carry nothing we act on; throws 401 for a bad signature. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookEvent | null;
}

/**
 * The provider did not answer (unreachable, too slow) or failed on its side (5xx): what it did is
 * unknown — it may have done the work. Never read as a refusal (docs/domain.md, "Refunds").
 */
export class ProviderUnreachable extends AppError {
  constructor() {
    super(502, 'The payment provider is not answering. Please try again.');
  }
}
