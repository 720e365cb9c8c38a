import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProviderName } from '@studynest/contracts';
import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import { createPaystackProvider } from './paystack.ts';
import { createSandboxProvider } from './sandbox.ts';

export type InitializeInput = {
  /** Our own unique reference; the provider echoes it back. */
  reference: string;
  amountNaira: number;
  email: string;
  /** Where the provider sends the browser afterwards (with ?reference=…&trxref=…). */
  callbackUrl: string;
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

/** Built once per app (app.ts) and handed to services as `deps.payments`. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.payments.provider === 'paystack') {
    const secretKey = config.payments.paystackSecretKey;
    if (!secretKey) throw new Error('PAYSTACK_SECRET_KEY is required for the paystack provider');
    return createPaystackProvider({ secretKey, baseUrl: config.payments.paystackBaseUrl });
  }
  return createSandboxProvider({ publicUrl: config.publicUrl, db });
}
