import { randomBytes } from 'node:crypto';
import {
  PAYMENT_TYPE_OF,
  type PaymentInitiateResponse,
  type PaymentKind,
  type PaymentProviderName,
  type PaymentStatus,
  type RefundReason,
  type RentPlanName,
} from '@studynest/contracts';
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { VerifyResult } from '../../payment-providers/provider.ts';
import { users } from '../auth/index.ts';
import { payments } from './payments.schema.ts';
import { assignReceiptNumber } from './receipt-number.ts';

/*
 * The payment lifecycle (docs/domain.md, "Lifecycles": payment): the only code that writes the
 * payments table. A payment is recorded pending, then moved by what the provider says —
 * success (once, with its receipt number), failed or abandoned — and a success that cannot be
 * honoured is flagged owed back. What a success *does* to a room, a booking or a tenancy is the
 * owners' business; the checkout process calls them in the same transaction.
 */

export type PaymentRow = typeof payments.$inferSelect;

/** Abandoned checkouts can still be completed later at Paystack, so they may still turn into a success. */
const OPEN_STATUSES: PaymentStatus[] = ['pending', 'abandoned'];

/** Merge keys into payments.provider_data without losing what is already there. */
const mergeProviderData = (extra: Record<string, unknown>) =>
  sql`coalesce(${payments.providerData}, '{}'::jsonb) || ${JSON.stringify(extra)}::jsonb`;

const REFERENCE_PREFIX: Record<PaymentKind, string> = { agent_fee: 'AF', rent: 'RR', caution_fee: 'CF' };
const newReference = (kind: PaymentKind) =>
  `SN-${REFERENCE_PREFIX[kind]}-${randomBytes(10).toString('hex').toUpperCase()}`;

/** What every new payment row records: who pays what, for which room, through whom. */
const newPaymentRow = (
  reference: string,
  payment: Pick<NewPayment, 'kind' | 'userId' | 'room' | 'bookingId' | 'amount'>,
  provider: PaymentProviderName,
) => ({
  reference,
  userId: payment.userId,
  kind: payment.kind,
  bookingId: payment.bookingId,
  roomId: payment.room.id,
  hostelId: payment.room.hostelId,
  amount: payment.amount,
  currency: 'NGN',
  provider,
});

export type NewPayment = {
  kind: PaymentKind;
  userId: string;
  room: { id: string; hostelId: string };
  bookingId: string | null;
  amount: number;
  callbackUrl: string;
  /** What is paid for, in words, for the provider's checkout page. */
  description: string;
  /** Rent only: the plan chosen for a year this payment starts (docs/domain.md, "Rent plans"). */
  rentPlan?: RentPlanName | null;
  /** With `rentPlan`: the year's rent the plan splits. */
  rentYear?: number | null;
};

/**
 * Record a pending payment with a fresh reference — inside one transaction with `prepare`, which
 * may take locks or holds the payment depends on — then ask the provider for a checkout link. A
 * checkout the provider would not start is closed as failed, so it never looks payable.
 */
export async function startPayment(
  deps: Pick<Deps, 'db' | 'payments'>,
  payment: NewPayment,
  prepare: (tx: Tx) => Promise<void> = async () => {},
): Promise<PaymentInitiateResponse> {
  const { db, payments: provider } = deps;
  const [payer] = await db.select({ email: users.email }).from(users).where(eq(users.id, payment.userId));
  if (!payer) throw notFound('Your account no longer exists');
  const reference = newReference(payment.kind);
  await db.transaction(async (tx) => {
    await prepare(tx);
    await tx.insert(payments).values({
      ...newPaymentRow(reference, payment, provider.name),
      status: 'pending',
      providerData: { callbackUrl: payment.callbackUrl },
      rentPlan: payment.rentPlan ?? null,
      rentYear: payment.rentYear ?? null,
    });
  });
  try {
    const { checkoutLink } = await provider.initialize({
      reference,
      amountNaira: payment.amount,
      email: payer.email,
      callbackUrl: payment.callbackUrl,
      description: payment.description,
      metadata: {
        payment_type: PAYMENT_TYPE_OF[payment.kind],
        room_id: payment.room.id,
        hostel_id: payment.room.hostelId,
        booking_id: payment.bookingId,
        user_id: payment.userId,
      },
    });
    return { checkoutLink, reference };
  } catch (err) {
    await db
      .update(payments)
      .set({
        status: 'failed',
        updatedAt: sql`now()`,
        providerData: mergeProviderData({
          failureReason: `initialize failed: ${err instanceof Error ? err.message : String(err)}`,
        }),
      })
      .where(and(eq(payments.reference, reference), eq(payments.status, 'pending')));
    throw err;
  }
}

export type ProviderAnswer =
  | { outcome: 'pending' | 'unsuccessful' | 'mismatch' | 'already' }
  | { outcome: 'succeeded'; payment: PaymentRow };

/**
 * Record what the provider said about a payment, in the caller's transaction. Only one caller —
 * a callback, a webhook or a repeated check, on any number of processes — turns an open payment
 * into a success (one conditional update); it gets the payment back, numbered, to apply its effect
 * in the same transaction. The provider's amount and currency must be ours, or the payment fails.
 */
export async function recordProviderAnswer(
  tx: Tx,
  reference: string,
  result: VerifyResult,
): Promise<ProviderAnswer> {
  if (result.status === 'pending') return { outcome: 'pending' };
  const [payment] = await tx.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  if (!payment) return { outcome: 'pending' };
  const open = and(eq(payments.reference, reference), inArray(payments.status, OPEN_STATUSES));

  if (result.status !== 'success') {
    // Failed is final; abandoned only replaces pending (an abandoned checkout may still be paid).
    const from: PaymentStatus[] = result.status === 'failed' ? OPEN_STATUSES : ['pending'];
    await tx
      .update(payments)
      .set({
        status: result.status,
        updatedAt: sql`now()`,
        providerData: mergeProviderData({ verification: result.raw }),
      })
      .where(and(eq(payments.reference, reference), inArray(payments.status, from)));
    return { outcome: 'unsuccessful' };
  }

  const expectedKobo = payment.amount * 100;
  const paidKobo = Math.round(result.amountNaira * 100);
  const currency = result.currency.toUpperCase();
  const problem =
    paidKobo !== expectedKobo
      ? `amount mismatch: expected ${expectedKobo} kobo, provider reported ${paidKobo} kobo`
      : currency !== payment.currency
        ? `currency mismatch: expected ${payment.currency}, provider reported ${currency || 'none'}`
        : null;
  if (problem) {
    const [marked] = await tx
      .update(payments)
      .set({
        status: 'failed',
        updatedAt: sql`now()`,
        providerData: mergeProviderData({ verification: result.raw, failureReason: problem }),
      })
      .where(open)
      .returning({ id: payments.id });
    return { outcome: marked ? 'mismatch' : 'already' };
  }

  const [flipped] = await tx
    .update(payments)
    .set({
      status: 'success',
      paidAt: result.paidAt ?? new Date(),
      channel: result.channel ?? null,
      updatedAt: sql`now()`,
      providerData: mergeProviderData({ verification: result.raw }),
    })
    .where(open)
    .returning();
  if (!flipped) return { outcome: 'already' };
  const receiptNumber = await assignReceiptNumber(tx, flipped.id, flipped.paidAt ?? new Date());
  return { outcome: 'succeeded', payment: { ...flipped, receiptNumber } };
}

/** A payment made from a bank transfer to her own account number (docs/domain.md, "Bank transfers"). */
export type TransferPayment = {
  kind: PaymentKind;
  userId: string;
  room: { id: string; hostelId: string };
  bookingId: string | null;
  amount: number;
  provider: PaymentProviderName;
  /** The provider's reference of the transfer it comes from. */
  transferReference: string;
  paidAt: Date;
} & Pick<NewPayment, 'rentPlan' | 'rentYear'>;

/**
 * Record, in the caller's transaction, a success paid from a bank transfer: there was no checkout,
 * so it is born a success, with its own reference and receipt number, to be applied by the caller
 * in the same transaction. The transfer's own record (the transfers module) makes it happen once.
 */
export async function recordTransferPayment(tx: Tx, payment: TransferPayment): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      ...newPaymentRow(newReference(payment.kind), payment, payment.provider),
      status: 'success',
      channel: 'dedicated_nuban',
      transferReference: payment.transferReference,
      paidAt: payment.paidAt,
      rentPlan: payment.rentPlan ?? null,
      rentYear: payment.rentYear ?? null,
      providerData: { transferReference: payment.transferReference },
    })
    .returning();
  const receiptNumber = await assignReceiptNumber(tx, row!.id, payment.paidAt);
  return { ...row!, receiptNumber };
}

/**
 * Successes that cannot be honoured are owed back, with why (docs/domain.md, "Refunds"): only a
 * success not flagged yet, matching `where`. The caller's guard decides which; this is the one
 * statement that sets the flag. Returns what is now owed, per payment.
 */
export async function flagOwedBack(
  tx: DbOrTx,
  where: SQL | undefined,
  reason: RefundReason,
): Promise<{ id: string; kind: PaymentKind; amount: number }[]> {
  return tx
    .update(payments)
    .set({ needsRefund: true, refundReason: reason, updatedAt: sql`now()` })
    .where(and(eq(payments.status, 'success'), eq(payments.needsRefund, false), where))
    .returning({ id: payments.id, kind: payments.kind, amount: payments.amount });
}

/**
 * A move-out keeps these deductions of a caution deposit (docs/domain.md, "Move-out"): recorded on
 * the payment, so no refund can give back money the company kept. In the move-out's transaction,
 * with the payment's row locked.
 */
export async function keepFromPayment(tx: Tx, paymentId: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  await tx
    .update(payments)
    .set({ keptAmount: sql`${payments.keptAmount} + ${amount}`, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}

/** A checkout left this long is taken as abandoned (Paystack's own links last far less). */
export const STALE_PAYMENT_HOURS = 2;

/**
 * Pending payments nobody finished become `abandoned`. That is still an open status: a late
 * success from the provider is applied as usual, so nothing is lost; lists and the profile just
 * stop showing a payment "in progress" forever.
 */
export async function abandonStalePayments({ db }: Pick<Deps, 'db'>): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ status: 'abandoned', updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.createdAt, sql`now() - make_interval(hours => ${STALE_PAYMENT_HOURS})`),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}

/** Lock a payment's row for the rest of the caller's transaction (refunds and move-outs take turns on it). */
export async function lockPayment(tx: Tx, where: SQL): Promise<PaymentRow | undefined> {
  const [payment] = await tx.select().from(payments).where(where).limit(1).for('update');
  return payment;
}

/**
 * A standing agent fee: paid, and not owed back (those were overtaken by someone else's, or their
 * inspection was cancelled). Its payer has the room booked (docs/domain.md, "Payments"). SQL on
 * a payments row of the query, by its name or alias.
 */
export const standingAgentFeeAt = (row: SQL | ReturnType<typeof sql.identifier>) =>
  sql`(${row}.kind = 'agent_fee' and ${row}.status = 'success' and not ${row}.needs_refund)`;

/** The same, of the `payments` table in the query (not aliased). */
export const standingAgentFee = standingAgentFeeAt(sql.identifier('payments'));

/**
 * A student's latest payment of a kind — for a room, when the SQL given names one — a success preferred
 * over later attempts that did not go through: `{ status, amount, reference }` as JSON, or null.
 * What the profile shows for rent and the caution deposit.
 */
export const latestPaymentJson = (userId: string, kind: PaymentKind, roomId?: SQL) => sql<{
  status: PaymentStatus;
  amount: number;
  reference: string;
} | null>`(
  select json_build_object('status', lp.status, 'amount', lp.amount, 'reference', lp.reference)
  from ${payments} lp
  where lp.user_id = ${userId} and lp.kind = ${kind}${roomId ? sql` and (${roomId} is null or lp.room_id = ${roomId})` : sql``}
  order by (lp.status = 'success') desc, lp.created_at desc
  limit 1)`;
