import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProviderName } from '@studynest/contracts';

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
  /** The provider's answer, kept with the payment for support. */
  raw: unknown;
};

/**
 * What the provider says about a refund: still being worked on, paid back, or refused. A provider
 * that cannot be reached throws (AppError 502) instead.
 */
export type RefundResult = {
  status: 'pending' | 'processed' | 'failed';
  /** The provider's own id for the refund, to follow it with. */
  providerRefundId: string | null;
  failureReason?: string;
  raw: unknown;
};

/** `reference` is the payment's, for refund events too (Paystack's `transaction_reference`). */
export type WebhookEvent = { event: string; reference: string };

/** The one seam between our payment rules and whoever moves the money. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  initialize(input: InitializeInput): Promise<{ checkoutLink: string }>;
  verify(reference: string): Promise<VerifyResult>;
  /** Give back `amountNaira` of the payment with this reference. */
  refund(input: { reference: string; amountNaira: number; reason: string }): Promise<RefundResult>;
  /** Where a refund the provider accepted has got to. */
  refundStatus(providerRefundId: string): Promise<RefundResult>;
  /** Null for well-signed events that carry nothing we act on; throws 401 for a bad signature. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookEvent | null;
}
