import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentProvider, RefundResult, VerifyResult } from '../../payment-providers/provider.ts';
import { sandboxCheckouts, sandboxRefunds } from './sandbox.schema.ts';

/** The sandbox pays every refund back at once. */
const processed = (providerRefundId: string): RefundResult => ({
  status: 'processed',
  providerRefundId,
  raw: { sandbox: 'processed' },
});

/**
 * The offline provider (default): our own checkout page (sandbox.routes.ts) stands in for
 * Paystack's and records the payer's decision in the sandbox's own table, so "asking the provider"
 * reads that row back — as asking Paystack reads Paystack's.
 */
export function createSandboxProvider(opts: { publicUrl: string; db: Db }): PaymentProvider {
  return {
    name: 'sandbox',

    async initialize({ reference, amountNaira, email, callbackUrl, description }) {
      await opts.db
        .insert(sandboxCheckouts)
        .values({ reference, amount: amountNaira, email, callbackUrl, description })
        .onConflictDoNothing();
      return { checkoutLink: `${opts.publicUrl}/sandbox/checkout/${encodeURIComponent(reference)}` };
    },

    async verify(reference): Promise<VerifyResult> {
      const [row] = await opts.db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.reference, reference))
        .limit(1);
      if (!row?.outcome)
        return { status: 'pending', amountNaira: 0, currency: 'NGN', raw: { sandbox: null } };
      const decision = { outcome: row.outcome, decidedAt: row.decidedAt?.toISOString() };
      return row.outcome === 'paid'
        ? {
            status: 'success',
            amountNaira: row.amount,
            currency: row.currency,
            paidAt: row.decidedAt ?? new Date(),
            raw: { sandbox: decision },
          }
        : { status: 'abandoned', amountNaira: 0, currency: row.currency, raw: { sandbox: decision } };
    },

    async refund({ reference, amountNaira }) {
      const id = `sandbox-${randomUUID()}`;
      await opts.db.insert(sandboxRefunds).values({ id, reference, amount: amountNaira });
      return processed(id);
    },

    async refundStatus(providerRefundId) {
      return processed(providerRefundId);
    },

    async listRefunds(reference) {
      const rows = await opts.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.reference, reference))
        .orderBy(desc(sandboxRefunds.createdAt));
      return rows.map((r) => ({ ...processed(r.id), providerRefundId: r.id, amountNaira: r.amount }));
    },

    async listSettledTransactions({ from, to }) {
      const rows = await opts.db
        .select()
        .from(sandboxCheckouts)
        .where(
          and(
            eq(sandboxCheckouts.outcome, 'paid'),
            gte(sandboxCheckouts.decidedAt, from),
            lt(sandboxCheckouts.decidedAt, to),
          ),
        );
      return rows.map((r) => ({
        reference: r.reference,
        amountNaira: r.amount,
        currency: r.currency,
        paidAt: r.decidedAt!,
      }));
    },

    async listRefundsMade({ from, to }) {
      const rows = await opts.db
        .select()
        .from(sandboxRefunds)
        .where(and(gte(sandboxRefunds.createdAt, from), lt(sandboxRefunds.createdAt, to)));
      return rows.map((r) => ({
        ...processed(r.id),
        providerRefundId: r.id,
        amountNaira: r.amount,
        reference: r.reference,
        createdAt: r.createdAt,
      }));
    },

    parseWebhook() {
      throw notFound('This server does not take Paystack webhooks (the sandbox provider is in use)');
    },
  };
}

/**
 * Record the payer's decision on a checkout; the first one stands. `at` is when they decided: now
 * for the checkout page; the demo data's payment history passes earlier days, which the provider
 * then reports as the payment's paid_at, as Paystack reports its own.
 */
export async function decideCheckout(
  db: Db,
  reference: string,
  outcome: 'paid' | 'cancelled',
  at?: Date,
): Promise<void> {
  await db
    .update(sandboxCheckouts)
    .set({ outcome, decidedAt: at ?? sql`now()` })
    .where(and(eq(sandboxCheckouts.reference, reference), isNull(sandboxCheckouts.outcome)));
}
