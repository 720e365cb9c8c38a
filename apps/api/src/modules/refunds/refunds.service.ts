import {
  type AdminRefunds,
  daysBetween,
  formatNaira,
  lagosDateOf,
  type OwedPayment,
  PAYMENT_TYPE_OF,
  type RefundClose,
  type RefundClosure,
  type RefundCreate,
  type RefundRecord,
  todayInLagos,
} from '@studynest/contracts';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { personRefColumns, users } from '../auth/index.ts';
import { hostelRefColumns, hostels } from '../hostels/index.ts';
import { dispatch } from '../messages/index.ts';
import { lockPayment, payments } from '../payments/index.ts';
import { joinWhoAndWhere, roomRefColumns, rooms, selectWithWhoAndWhere } from '../rooms/index.ts';
import { keptOnClose, openRefundAmount, refundedAmount } from './refund-amounts.ts';
import { followRefund, recordPaymentEmail } from './refund-follow-up.ts';
import { refundClosures, refunds } from './refunds.schema.ts';

/** One job per refund: hands it to the provider outside the admin's request (ADR 0016). */
export const REFUND_QUEUE = 'payments.refund';

type RefundDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'jobs'>;

const requester = alias(users, 'requester');

/** A refund with its payment, payer, room and hostel, as admins see it. */
async function readRefunds(
  { db }: Pick<Deps, 'db'>,
  where: ReturnType<typeof eq> | undefined,
  limit: number,
): Promise<RefundRecord[]> {
  const rows = await db
    .select({
      refund: refunds,
      payment: { reference: payments.reference, kind: payments.kind, amount: payments.amount },
      user: personRefColumns,
      room: roomRefColumns,
      hostel: hostelRefColumns,
      requester: { id: requester.id, email: requester.email },
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .leftJoin(requester, eq(requester.id, refunds.requestedBy))
    .where(where)
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(limit);
  return rows.map(({ refund, payment, user, room, hostel, requester: by }) => ({
    _id: refund.id,
    reference: payment.reference,
    payment_type: PAYMENT_TYPE_OF[payment.kind],
    amount: refund.amount,
    payment_amount: payment.amount,
    reason: refund.reason,
    status: refund.status,
    failure_reason: refund.failureReason,
    retry_of: refund.retryOf,
    requested_by: by?.id && by.email ? { _id: by.id, email: by.email } : null,
    created_at: refund.createdAt.toISOString(),
    processed_at: refund.processedAt?.toISOString() ?? null,
    user,
    room,
    hostel,
  }));
}

/** The latest refunds the Refunds screen lists (older ones stay in the database and the audit log). */
const LISTED_REFUNDS = 200;

/** GET /admin/refunds: payments still owed back, the refunds made and the payments closed. */
export async function adminRefunds(deps: Pick<Deps, 'db'>): Promise<AdminRefunds> {
  const [due, made, closures] = await Promise.all([
    listOwedPayments(deps),
    readRefunds(deps, undefined, LISTED_REFUNDS),
    readClosures(deps, undefined, LISTED_REFUNDS),
  ]);
  return { due, refunds: made, closures };
}

/**
 * A payment owed back with something left to give back (amount less refunded, pending, and what an
 * admin kept when closing it): the Refunds queue's rule, which its list and its count both use.
 */
function owedBack() {
  const refunded = refundedAmount(payments.id);
  const pending = openRefundAmount(payments.id);
  const left = sql<string>`${payments.amount} - ${refunded} - ${pending} - ${keptOnClose(payments.id)}`;
  return { refunded, pending, left, where: and(eq(payments.needsRefund, true), gt(left, 0)) };
}

/** Successful payments owed back with something left to give back, oldest first: the Refunds queue. */
export async function listOwedPayments({ db }: Pick<Deps, 'db'>): Promise<OwedPayment[]> {
  const { refunded, pending, where } = owedBack();
  const rows = await selectWithWhoAndWhere(db, payments, { payment: payments, refunded, pending })
    .where(where)
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
  const today = todayInLagos();
  return rows.map(({ payment, user, room, hostel, ...amounts }) => {
    const refundedNaira = Number(amounts.refunded);
    const pendingNaira = Number(amounts.pending);
    return {
      _id: payment.id,
      reference: payment.reference,
      payment_type: PAYMENT_TYPE_OF[payment.kind],
      amount: payment.amount,
      status: payment.status,
      paid_at: payment.paidAt?.toISOString() ?? null,
      user,
      room,
      hostel,
      reason: payment.refundReason ?? 'room_taken',
      age_days: Math.max(0, daysBetween(lagosDateOf(payment.paidAt ?? payment.createdAt), today)),
      refunded_amount: refundedNaira,
      pending_amount: pendingNaira,
      remaining: Math.max(0, payment.amount - refundedNaira - pendingNaira),
    };
  });
}

/**
 * How many payments the Refunds queue lists and what is left to give back on them (each payment's
 * amount less refunded and pending, as the queue shows it), counted in SQL by the queue's rule.
 */
export async function countOwedPayments({
  db,
}: Pick<Deps, 'db'>): Promise<{ payments: number; amount: number }> {
  const { refunded, pending, where } = owedBack();
  const [row] = await joinWhoAndWhere(
    db
      .select({
        n: count(),
        amount: sql<string>`coalesce(sum(${payments.amount} - ${refunded} - ${pending}), 0)`,
      })
      .from(payments)
      .$dynamic(),
    payments,
  ).where(where);
  return { payments: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
}

/**
 * POST /admin/refunds: record a pending refund of a successful payment and hand it to the provider
 * in the background. The payment's row lock makes two admins pressing at once take turns: the
 * second finds the first's refund pending (one pending refund per payment, also a unique index)
 * and is refused, so a payment is never refunded twice or beyond what was paid.
 */
export async function requestRefund(
  deps: RefundDeps,
  admin: AuthUser,
  input: RefundCreate,
): Promise<RefundRecord> {
  const id = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, eq(payments.reference, input.reference));
    if (!payment) throw notFound('No payment has this reference');
    return recordRefund(tx, deps, payment, { amount: input.amount, reason: input.reason }, admin.id);
  });
  // Read before the job can run: the answer is the refund as recorded, pending.
  const [record] = await readRefunds(deps, eq(refunds.id, id), 1);
  await queueRefunds(deps, [id]);
  return record!;
}

/**
 * Record a pending refund of a payment the caller has locked (`for update`) in its transaction,
 * after the checks every refund passes. The caller queues it (`queueRefunds`) once committed.
 */
export async function recordRefund(
  tx: Tx,
  deps: Pick<Deps, 'payments'>,
  payment: typeof payments.$inferSelect,
  refund: { amount: number; reason: string },
  requestedBy: string,
): Promise<string> {
  if (payment.status !== 'success') {
    throw conflict('Only a payment that went through can be refunded');
  }
  if (payment.provider !== deps.payments.name) {
    throw conflict(
      `This payment was made through ${payment.provider}, which this server does not use now: refund it there`,
    );
  }
  if (refund.amount > payment.amount) {
    throw badRequest(`The refund is larger than the ${formatNaira(payment.amount)} paid`, {
      amount: `At most ${formatNaira(payment.amount)}`,
    });
  }
  const totals = await refundTotals(tx, payment.id);
  if (totals.closed) {
    throw conflict(
      `This payment was closed with ${formatNaira(totals.closed.keptAmount)} kept (${totals.closed.reason}): nothing more of it can be refunded`,
    );
  }
  if (totals.open > 0) {
    // A pending one is still being paid; an unknown one may have been: trying again could pay twice.
    throw conflict(
      'A refund of this payment is already with the provider, or its outcome is not known yet. Wait for it to finish.',
    );
  }
  // What a move-out kept of a caution deposit was kept, not owed: it is never given back.
  const left = payment.amount - payment.keptAmount - totals.refunded;
  if (left <= 0) {
    throw conflict(
      payment.keptAmount > 0
        ? `Nothing of this payment is left to refund: ${formatNaira(payment.keptAmount)} was kept at move-out and the rest refunded`
        : 'This payment has already been refunded in full',
    );
  }
  if (refund.amount > left) {
    throw badRequest(`Only ${formatNaira(left)} of this payment is left to refund`, {
      amount: `At most ${formatNaira(left)}`,
    });
  }
  const [last] = await tx
    .select({ id: refunds.id, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id))
    .orderBy(desc(refunds.createdAt))
    .limit(1);
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amount: refund.amount,
      reason: refund.reason,
      status: 'pending',
      provider: payment.provider,
      retryOf: last?.status === 'failed' ? last.id : null,
      requestedBy,
    })
    .returning({ id: refunds.id });
  return row!.id;
}

/** A locked payment's refunds: processed, open (pending or unknown), and its closure if closed. */
async function refundTotals(tx: Tx, paymentId: string) {
  const [totals] = await tx
    .select({ refunded: refundedAmount(paymentId), open: openRefundAmount(paymentId) })
    .from(sql`(select 1) as one`);
  const [closed] = await tx.select().from(refundClosures).where(eq(refundClosures.paymentId, paymentId));
  return { refunded: Number(totals?.refunded ?? 0), open: Number(totals?.open ?? 0), closed };
}

/**
 * POST /admin/refunds/close: keep the rest of a partly refunded payment owed back (docs/domain.md,
 * "Refunds": keep the rest). Under the payment's row lock, as a refund is added, so a refund and a
 * closing pressed at once take turns: the payment must be owed back, part of it refunded, nothing
 * of it with the provider, and something left. The student is e-mailed what was kept and why.
 */
export async function closeRefunds(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  admin: AuthUser,
  input: RefundClose,
): Promise<RefundClosure> {
  const { id, notices } = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, eq(payments.reference, input.reference));
    if (!payment) throw notFound('No payment has this reference');
    if (payment.status !== 'success' || !payment.needsRefund) {
      throw conflict('Only a payment owed back can be closed: this one is not on the Refunds list');
    }
    const totals = await refundTotals(tx, payment.id);
    if (totals.closed) {
      throw conflict(`This payment is already closed, with ${formatNaira(totals.closed.keptAmount)} kept`);
    }
    if (totals.open > 0) {
      throw conflict(
        'A refund of this payment is still with the provider, or its outcome is not known yet. Wait for it to finish, then close the payment.',
      );
    }
    if (totals.refunded === 0) {
      throw conflict(
        'Nothing of this payment has been refunded yet: refund part of it before keeping the rest',
      );
    }
    const kept = payment.amount - payment.keptAmount - totals.refunded;
    if (kept <= 0) throw conflict('This payment has already been refunded in full: there is nothing to keep');
    const [row] = await tx
      .insert(refundClosures)
      .values({ paymentId: payment.id, keptAmount: kept, reason: input.reason, closedBy: admin.id })
      .returning({ id: refundClosures.id });
    const notices = await recordPaymentEmail(tx, deps, payment.id, ({ what, place, refunded }) => ({
      subject: `StudyNest: your refund of ${formatNaira(refunded)} is complete`,
      text: `We have refunded ${formatNaira(refunded)} of your ${what} of ${formatNaira(payment.amount)} for ${place}, and kept the other ${formatNaira(kept)}. No more of this payment will be refunded.`,
      reason: input.reason,
      key: `refund-closed:${row!.id}:email`,
    }));
    return { id: row!.id, notices };
  });
  await dispatch(deps, notices);
  const [closure] = await readClosures(deps, eq(refundClosures.id, id), 1);
  return closure!;
}

const closer = alias(users, 'closer');

/** Payments closed with the rest kept, newest first, with their payer and what was given back. */
async function readClosures(
  { db }: Pick<Deps, 'db'>,
  where: ReturnType<typeof eq> | undefined,
  limit: number,
): Promise<RefundClosure[]> {
  const rows = await db
    .select({
      closure: refundClosures,
      payment: { reference: payments.reference, kind: payments.kind, amount: payments.amount },
      refunded: refundedAmount(payments.id),
      user: personRefColumns,
      closer: { id: closer.id, email: closer.email },
    })
    .from(refundClosures)
    .innerJoin(payments, eq(payments.id, refundClosures.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(closer, eq(closer.id, refundClosures.closedBy))
    .where(where)
    .orderBy(desc(refundClosures.createdAt), desc(refundClosures.id))
    .limit(limit);
  return rows.map(({ closure, payment, refunded, user, closer: by }) => ({
    _id: closure.id,
    reference: payment.reference,
    payment_type: PAYMENT_TYPE_OF[payment.kind],
    payment_amount: payment.amount,
    refunded_amount: Number(refunded),
    kept_amount: closure.keptAmount,
    reason: closure.reason,
    closed_by: by?.id && by.email ? { _id: by.id, email: by.email } : null,
    closed_at: closure.createdAt.toISOString(),
    user,
  }));
}

export async function queueRefunds(deps: Pick<Deps, 'jobs'>, ids: string[]): Promise<void> {
  await deps.jobs.enqueue(REFUND_QUEUE, ids);
}

/** Pending refunds never handed to the provider a minute on (their job was lost with a process): queued again. */
export async function requeueUnsentRefunds(deps: Pick<Deps, 'db' | 'jobs'>): Promise<number> {
  const stranded = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.sentAt),
        sql`${refunds.createdAt} < now() - interval '1 minute'`,
      ),
    );
  await queueRefunds(
    deps,
    stranded.map((r) => r.id),
  );
  return stranded.length;
}

/** GET /admin/refunds/{id}: the refund as recorded (reading never changes it). */
export async function getRefund(deps: Pick<Deps, 'db'>, id: string): Promise<RefundRecord> {
  const [record] = await readRefunds(deps, eq(refunds.id, id), 1);
  if (!record) throw notFound('No refund has this id');
  return record;
}

/** POST /admin/refunds/{id}/check: ask the provider now where an open refund has got to. */
export async function checkRefundNow(deps: RefundDeps, id: string): Promise<RefundRecord> {
  await getRefund(deps, id);
  await followRefund(deps, id);
  return getRefund(deps, id);
}

/** Naira still owed back to one person (the same sum as the refunds-due list, for her alone). */
export async function owedBackTo({ db }: Pick<Deps, 'db'>, userId: string): Promise<number> {
  const { left, where } = owedBack();
  const [row] = await db
    .select({ owed: sql<string>`coalesce(sum(${left}), 0)` })
    .from(payments)
    .where(and(eq(payments.userId, userId), where));
  return Number(row?.owed ?? 0);
}
