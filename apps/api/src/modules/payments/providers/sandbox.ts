import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { payments } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import type { PaymentProvider, RefundResult, VerifyResult } from './provider.ts';

/** The sandbox pays every refund back at once. */
const processed = (providerRefundId: string): RefundResult => ({
  status: 'processed',
  providerRefundId,
  raw: { sandbox: 'processed' },
});

/** What the sandbox checkout page decided, kept in payments.provider_data.sandbox. */
export type SandboxDecision = { outcome: 'paid' | 'cancelled'; decidedAt: string };

export function sandboxDecisionOf(providerData: unknown): SandboxDecision | undefined {
  const s = (providerData as { sandbox?: SandboxDecision } | null)?.sandbox;
  return s && (s.outcome === 'paid' || s.outcome === 'cancelled') ? s : undefined;
}

/**
 * The offline provider (default): our own checkout page stands in for Paystack and records its
 * decision on the payment row, so "asking the provider" reads that row back.
 */
export function createSandboxProvider(opts: { publicUrl: string; db: Db }): PaymentProvider {
  return {
    name: 'sandbox',

    async initialize({ reference }) {
      return { checkoutLink: `${opts.publicUrl}/sandbox/checkout/${encodeURIComponent(reference)}` };
    },

    async verify(reference): Promise<VerifyResult> {
      const [row] = await opts.db
        .select({ amount: payments.amount, currency: payments.currency, providerData: payments.providerData })
        .from(payments)
        .where(eq(payments.reference, reference))
        .limit(1);
      const decision = row ? sandboxDecisionOf(row.providerData) : undefined;
      if (!row || !decision)
        return { status: 'pending', amountNaira: 0, currency: 'NGN', raw: { sandbox: null } };
      return decision.outcome === 'paid'
        ? {
            status: 'success',
            amountNaira: row.amount,
            currency: row.currency,
            paidAt: new Date(decision.decidedAt),
            raw: { sandbox: decision },
          }
        : { status: 'abandoned', amountNaira: 0, currency: row.currency, raw: { sandbox: decision } };
    },

    async refund() {
      return processed(`sandbox-${randomUUID()}`);
    },

    async refundStatus(providerRefundId) {
      return processed(providerRefundId);
    },

    parseWebhook() {
      throw notFound('This server does not take Paystack webhooks (the sandbox provider is in use)');
    },
  };
}
