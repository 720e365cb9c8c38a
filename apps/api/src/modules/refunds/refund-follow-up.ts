import { formatNaira, PAYMENT_KIND_LABELS } from '@studynest/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { ListedRefund, RefundResult } from '../../payment-providers/provider.ts';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { dispatch, recordMessages } from '../messages/index.ts';
import { payments } from '../payments/index.ts';
import { joinWhoAndWhere, rooms } from '../rooms/index.ts';
import { refundedAmount } from './refund-amounts.ts';
import { refunds } from './refunds.schema.ts';

/*
 * A refund with the provider (docs/domain.md, "Refunds"): handed over once, then followed until the
 * provider's own word settles it. A call that gets no answer (a timeout, a dropped connection, a
 * 5xx) leaves its outcome unknown — the provider may have paid it — never failed: only the provider
 * refusing it, failing it, or listing no such refund makes it failed, and only a failed one may be
 * tried again.
 */

type RefundDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'jobs'>;
type RefundRow = typeof refunds.$inferSelect;

/** A refund not settled yet: recorded or with the provider (pending), or its fate unknown. */
export const OPEN_REFUND_STATUSES = ['pending', 'unknown'] as const;
const isOpen = inArray(refunds.status, [...OPEN_REFUND_STATUSES]);

/**
 * How long to wait before asking the provider again, by how many times it was asked: soon at
 * first (most refunds settle in minutes), then less and less often, never more than six hours.
 */
const FOLLOW_UP_MINUTES = [1, 2, 5, 15, 30, 60, 120, 240, 360];
const nextCheck = (checks: number) =>
  sql`now() + make_interval(mins => ${FOLLOW_UP_MINUTES[Math.min(checks, FOLLOW_UP_MINUTES.length - 1)]})`;

/**
 * Paystack settles a refund within days; past this, asking again will not help: the refund is left
 * as it is for the daily reconciliation to show an admin.
 */
const FOLLOW_UP_DAYS = 30;

/** A refund the provider has no record of is failed only once it has had time to list it. */
const LISTING_GRACE_MINUTES = 10;

/**
 * The job: hand a pending refund to the provider once. The claim (`sent_at` set where it was null)
 * lets one worker of any process send it; a duplicate job finds nothing to claim. No answer leaves
 * it unknown, to be followed up.
 */
export async function sendRefund(deps: RefundDeps, id: string): Promise<void> {
  const [claimed] = await deps.db
    .update(refunds)
    .set({ sentAt: sql`now()`, nextCheckAt: nextCheck(0), updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending'), isNull(refunds.sentAt)))
    .returning();
  if (!claimed) return;
  const [payment] = await deps.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(eq(payments.id, claimed.paymentId))
    .limit(1);
  if (!payment) return;
  let result: RefundResult;
  try {
    result = await deps.payments.refund({
      reference: payment.reference,
      amountNaira: claimed.amount,
      reason: claimed.reason,
    });
  } catch (err) {
    await markUnknown(deps, id, err);
    return;
  }
  await settleRefund(deps, id, result);
}

/** The provider did not answer: what it did is unknown until it is asked. */
async function markUnknown(deps: Pick<Deps, 'db'>, id: string, err: unknown): Promise<void> {
  await deps.db
    .update(refunds)
    .set({
      status: 'unknown',
      providerData: { unanswered: err instanceof Error ? err.message : String(err) },
      updatedAt: sql`now()`,
    })
    .where(and(eq(refunds.id, id), isOpen));
}

/**
 * Record what the provider said. Only an open refund moves, and only once to a final state: the
 * conditional update lets one caller (the job, a follow-up, a webhook, an admin's check) turn it
 * processed or failed, and only that caller e-mails the student. A late answer moves any open
 * state, unknown included.
 */
export async function settleRefund(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  id: string,
  result: RefundResult,
): Promise<void> {
  let notices: string[] = [];
  await deps.db.transaction(async (tx) => {
    const known = {
      ...(result.providerRefundId ? { providerRefundId: result.providerRefundId } : {}),
      providerData: result.raw,
      updatedAt: sql`now()`,
    };
    const openOne = and(eq(refunds.id, id), isOpen);
    if (result.status === 'pending') {
      // With the provider and not paid yet: pending again (a late answer to an unknown one too).
      await tx
        .update(refunds)
        .set({ ...known, status: 'pending' })
        .where(openOne);
      return;
    }
    const [settled] = await tx
      .update(refunds)
      .set({
        ...known,
        status: result.status,
        nextCheckAt: null,
        processedAt: result.status === 'processed' ? sql`now()` : null,
        failureReason:
          result.status === 'failed' ? (result.failureReason ?? 'The provider refused it') : null,
      })
      .where(openOne)
      .returning();
    if (settled?.status === 'processed') notices = await recordRefundNotice(tx, deps, settled);
  });
  await dispatch(deps, notices);
}

/** The student's e-mail once money is on its way back: keyed by the refund, so it goes once. */
function recordRefundNotice(tx: Tx, deps: Pick<Deps, 'config'>, refund: RefundRow): Promise<string[]> {
  return recordPaymentEmail(tx, deps, refund.paymentId, ({ payment, what, place, refunded }) => ({
    subject: `StudyNest: ${formatNaira(refund.amount)} refunded`,
    text: `We have refunded ${formatNaira(refund.amount)} of your ${what} of ${formatNaira(payment.amount)} for ${place}${refunded >= payment.amount ? ' (the whole payment)' : ''}. Your bank may take a few working days to show it.`,
    reason: refund.reason,
    key: `refund-notice:${refund.id}:email`,
  }));
}

type PaymentEmailFacts = {
  payment: typeof payments.$inferSelect;
  /** The payment's kind as people say it, lowercased ("agent fee"). */
  what: string;
  /** "Room 01, Akoka Royal Lodge". */
  place: string;
  /** What its processed refunds gave back. */
  refunded: number;
};

/**
 * An e-mail to the payer about their payment's refunds (a refund processed, the rest kept): the
 * greeting, the message, the reason, the reference and the link to their payments, keyed so it
 * goes once.
 */
export async function recordPaymentEmail(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  paymentId: string,
  compose: (facts: PaymentEmailFacts) => { subject: string; text: string; reason: string; key: string },
): Promise<string[]> {
  const [row] = await joinWhoAndWhere(
    tx
      .select({
        payment: payments,
        email: users.email,
        firstName: users.firstName,
        roomNumber: rooms.roomNumber,
        hostelName: hostels.hostelName,
        refunded: refundedAmount(payments.id),
      })
      .from(payments)
      .$dynamic(),
    payments,
  )
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row) return [];
  const { payment } = row;
  const email = compose({
    payment,
    what: PAYMENT_KIND_LABELS[payment.kind].toLowerCase(),
    place: `${row.roomNumber}, ${row.hostelName}`,
    refunded: Number(row.refunded),
  });
  return recordMessages(tx, [
    {
      channel: 'email',
      to: row.email,
      userId: payment.userId,
      topic: 'payment',
      subject: email.subject,
      text: [
        `Hello ${row.firstName},`,
        '',
        email.text,
        '',
        `Reason: ${email.reason}`,
        `Payment reference: ${payment.reference}`,
        `Your payments: ${deps.config.publicUrl}/profile`,
      ].join('\n'),
      key: email.key,
    },
  ]);
}

/**
 * The provider's refund that this attempt is, among those it lists for the payment: the one with
 * its id, else one of the same amount that no other attempt of ours has claimed.
 */
async function findListed(
  deps: Pick<Deps, 'db'>,
  refund: RefundRow,
  listed: ListedRefund[],
): Promise<ListedRefund | undefined> {
  if (refund.providerRefundId) return listed.find((l) => l.providerRefundId === refund.providerRefundId);
  const claimed = await deps.db
    .select({ id: refunds.providerRefundId })
    .from(refunds)
    .where(and(eq(refunds.paymentId, refund.paymentId), isNotNull(refunds.providerRefundId)));
  const taken = new Set(claimed.map((c) => c.id));
  return listed.find((l) => l.amountNaira === refund.amount && !taken.has(l.providerRefundId));
}

/**
 * Ask the provider where an open refund has got to, and record its answer: by its id when we
 * have it, else from the provider's list of the payment's refunds. A provider that lists no such
 * refund (after it has had time to) has none: the attempt failed and may be tried again. No answer
 * changes nothing but when to ask next.
 */
export async function followRefund(deps: RefundDeps, id: string): Promise<void> {
  const [refund] = await deps.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), isOpen))
    .limit(1);
  if (!refund?.sentAt || refund.provider !== deps.payments.name) return;
  const [payment] = await deps.db
    .select({ reference: payments.reference })
    .from(payments)
    .where(eq(payments.id, refund.paymentId));
  const later = (checks: number) =>
    deps.db
      .update(refunds)
      .set({
        checkedAt: sql`now()`,
        checks,
        nextCheckAt:
          Date.now() - refund.sentAt!.getTime() > FOLLOW_UP_DAYS * 86_400_000 ? null : nextCheck(checks),
      })
      .where(and(eq(refunds.id, id), isOpen));
  try {
    if (refund.providerRefundId) {
      await later(refund.checks + 1);
      await settleRefund(deps, id, await deps.payments.refundStatus(refund.providerRefundId));
      return;
    }
    const found = await findListed(deps, refund, await deps.payments.listRefunds(payment!.reference));
    await later(refund.checks + 1);
    if (found) {
      await settleRefund(deps, id, found);
    } else if (Date.now() - refund.sentAt.getTime() > LISTING_GRACE_MINUTES * 60_000) {
      await settleRefund(deps, id, {
        status: 'failed',
        providerRefundId: null,
        failureReason: 'The provider has no record of this refund: nothing was paid back. You can try again.',
        raw: { listed: 'none' },
      });
    }
  } catch {
    // Still no answer: ask again later.
    await later(refund.checks + 1);
  }
}

/** Open refunds whose next check is due (the scheduled follow-up), oldest first. */
export async function followDueRefunds(deps: RefundDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(isOpen, isNotNull(refunds.sentAt), lte(refunds.nextCheckAt, sql`now()`)))
    .orderBy(asc(refunds.nextCheckAt))
    .limit(limit);
  for (const r of due) await followRefund(deps, r.id);
  return due.length;
}

/**
 * A refund webhook (signature already checked) names the payment, and perhaps the refund and its
 * amount. Its open refunds are asked about again — never settled from the body: one whose id we
 * never learned is matched by the webhook's id, or by amount among the provider's list.
 */
export async function followRefundsOf(
  deps: RefundDeps,
  event: { reference: string; refundId?: string; amountNaira?: number },
): Promise<void> {
  const open = await deps.db
    .select({ id: refunds.id, providerRefundId: refunds.providerRefundId, amount: refunds.amount })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.reference, event.reference), isOpen, isNotNull(refunds.sentAt)));
  for (const refund of open) {
    const adopt =
      !refund.providerRefundId && event.refundId && event.amountNaira === refund.amount
        ? event.refundId
        : null;
    if (adopt) await adoptProviderId(deps, refund.id, adopt);
    await followRefund(deps, refund.id);
  }
}

/** The provider's id for an attempt whose id we never learned (its answer was lost). */
async function adoptProviderId(deps: Pick<Deps, 'db'>, id: string, providerRefundId: string): Promise<void> {
  const taken: SQL = sql`exists (select 1 from ${refunds} other where other.provider_refund_id = ${providerRefundId})`;
  await deps.db
    .update(refunds)
    .set({ providerRefundId, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), isOpen, isNull(refunds.providerRefundId), sql`not ${taken}`));
}
