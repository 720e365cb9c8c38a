import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { PaymentChannel } from '@studynest/contracts';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentProvider, RefundResult, VerifyResult } from '../../payment-providers/provider.ts';
import { sandboxAccounts, sandboxCheckouts, sandboxRefunds } from './sandbox.schema.ts';

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
      const decision = {
        outcome: row.outcome,
        decidedAt: row.decidedAt?.toISOString(),
        channel: row.channel,
      };
      if (row.outcome === 'paid' && row.channel === 'dedicated_nuban') {
        const [account] = await opts.db
          .select({ customerCode: sandboxAccounts.customerCode })
          .from(sandboxAccounts)
          .where(eq(sandboxAccounts.accountNumber, row.accountNumber ?? ''))
          .limit(1);
        return {
          status: 'success',
          amountNaira: row.amount,
          currency: row.currency,
          paidAt: row.decidedAt ?? new Date(),
          channel: 'dedicated_nuban',
          transfer: {
            customerCode: account?.customerCode ?? null,
            accountNumber: row.accountNumber,
            sender: SANDBOX_SENDER,
          },
          raw: { sandbox: decision },
        };
      }
      return row.outcome === 'paid'
        ? {
            status: 'success',
            amountNaira: row.amount,
            currency: row.currency,
            paidAt: row.decidedAt ?? new Date(),
            ...(row.channel ? { channel: row.channel } : {}),
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

    // The sandbox always offers account numbers: they cost nothing and show the whole journey.
    dedicatedAccounts: { offered: true },
    async createCustomer({ email }) {
      const customerCode = `CUS_sandbox_${randomBytes(6).toString('hex')}`;
      const [row] = await opts.db
        .insert(sandboxAccounts)
        .values({ customerCode, email })
        .onConflictDoUpdate({ target: sandboxAccounts.email, set: { email } })
        .returning({ customerCode: sandboxAccounts.customerCode });
      return { customerCode: row!.customerCode };
    },
    async requestDedicatedAccount(customerCode) {
      const [row] = await opts.db
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.customerCode, customerCode))
        .limit(1);
      if (!row) return { state: 'failed', message: 'The sandbox does not know this customer' };
      let accountNumber = row.accountNumber;
      // Ten digits beginning 99, which no real bank gives; another try on the rare clash.
      for (let attempt = 0; !accountNumber && attempt < 5; attempt++) {
        const candidate = `99${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
        const [set] = await opts.db
          .update(sandboxAccounts)
          .set({ accountNumber: candidate })
          .where(and(eq(sandboxAccounts.customerCode, customerCode), isNull(sandboxAccounts.accountNumber)))
          .returning({ accountNumber: sandboxAccounts.accountNumber })
          .catch(() => []);
        accountNumber = set?.accountNumber ?? null;
      }
      if (!accountNumber) return { state: 'failed', message: 'The sandbox could not make an account number' };
      return {
        state: 'assigned',
        account: {
          providerAccountId: customerCode,
          bankName: SANDBOX_BANK,
          accountNumber,
          accountName: 'StudyNest Sandbox',
        },
      };
    },
    parseWebhook() {
      throw notFound('This server does not take Paystack webhooks (the sandbox provider is in use)');
    },
  };
}

export const SANDBOX_BANK = 'StudyNest Sandbox Bank';
const SANDBOX_SENDER = 'Test sender, StudyNest Sandbox Bank';

/**
 * Pretend her bank sent `amount` to this sandbox account number: recorded in the sandbox's book
 * as Paystack records a transfer to a dedicated account, with a reference of the provider's own.
 * Returns that reference (to be handled as Paystack's webhook would be), or null for a number the
 * sandbox never gave.
 */
export async function recordSandboxTransfer(
  db: Db,
  accountNumber: string,
  amount: number,
): Promise<string | null> {
  const [account] = await db
    .select()
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.accountNumber, accountNumber))
    .limit(1);
  if (!account) return null;
  const reference = `SBX-TRF-${randomBytes(8).toString('hex').toUpperCase()}`;
  await db.insert(sandboxCheckouts).values({
    reference,
    amount,
    email: account.email,
    description: `Bank transfer to ${accountNumber}`,
    outcome: 'paid',
    decidedAt: sql`now()`,
    channel: 'dedicated_nuban',
    accountNumber,
  });
  return reference;
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
  channel?: PaymentChannel,
): Promise<void> {
  await db
    .update(sandboxCheckouts)
    .set({ outcome, decidedAt: at ?? sql`now()`, ...(channel && outcome === 'paid' ? { channel } : {}) })
    .where(and(eq(sandboxCheckouts.reference, reference), isNull(sandboxCheckouts.outcome)));
}
