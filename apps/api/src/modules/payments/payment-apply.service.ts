import {
  addMonths,
  BUSINESS,
  lagosDateOf,
  type PaymentStatus,
  type RefundReason,
} from '@studynest/contracts';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, payments, rooms, tenancies } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { dispatch } from '../messages/index.ts';
import { cancelPendingReminders } from '../rent/index.ts';
import { recordPaymentNotice } from './payment-notices.ts';
import { bookedBy, bookingFeeOf, depositHeld, mergeProviderData, renewalOf } from './payment-rules.ts';
import type { VerifyResult } from './providers/provider.ts';
import { assignReceiptNumber } from './receipt-number.ts';

type PaymentRow = typeof payments.$inferSelect;

/** Abandoned checkouts can still be completed later at Paystack, so they may still turn into a success. */
const OPEN_STATUSES: PaymentStatus[] = ['pending', 'abandoned'];

export type ApplyOutcome = 'applied' | 'already' | 'mismatch' | 'unsuccessful' | 'pending';

/**
 * Record what the provider said about a payment and, for a success, apply its effect EXACTLY once:
 * the conditional `update … where status in (open) returning` lets only one caller (callback,
 * webhook, repeated verify, on any number of API processes) flip the row; only that caller goes on.
 */
export async function applyProviderResult(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  reference: string,
  result: VerifyResult,
): Promise<ApplyOutcome> {
  if (result.status === 'pending') return 'pending';
  let notices: string[] = [];
  const outcome = await deps.db.transaction(async (tx): Promise<ApplyOutcome> => {
    const [payment] = await tx.select().from(payments).where(eq(payments.reference, reference)).limit(1);
    if (!payment) return 'pending';
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
      return 'unsuccessful';
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
      return marked ? 'mismatch' : 'already';
    }

    const [flipped] = await tx
      .update(payments)
      .set({
        status: 'success',
        paidAt: result.paidAt ?? new Date(),
        updatedAt: sql`now()`,
        providerData: mergeProviderData({ verification: result.raw }),
      })
      .where(open)
      .returning();
    if (!flipped) return 'already';
    await assignReceiptNumber(tx, flipped.id, flipped.paidAt ?? new Date());
    if (flipped.kind === 'agent_fee') await applyAgentFee(tx, flipped);
    else if (flipped.kind === 'rent') await applyRent(tx, flipped);
    else await applyCautionFee(tx, flipped);
    notices = await recordPaymentNotice(tx, deps, flipped.id);
    return 'applied';
  });
  // Announced only once the payment's effect has committed.
  await dispatch(deps, notices);
  return outcome;
}

async function markNeedsRefund(tx: Tx, payment: PaymentRow, reason: RefundReason = 'room_taken') {
  await tx
    .update(payments)
    .set({ needsRefund: true, refundReason: reason, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
}

/**
 * Agent fee paid: the room becomes booked for the payer — unless it went to someone else meanwhile,
 * the student cancelled the inspection first, or the payer already has it booked (a second payment).
 */
async function applyAgentFee(tx: Tx, payment: PaymentRow) {
  if (payment.bookingId) {
    const [booking] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, payment.bookingId))
      .for('update');
    if (booking?.status === 'cancelled' || booking?.status === 'confirmed') {
      return markNeedsRefund(
        tx,
        payment,
        booking.status === 'confirmed' ? 'duplicate' : 'inspection_cancelled',
      );
    }
  }
  const [room] = await tx
    .update(rooms)
    .set({ status: 'booked', heldByUserId: null, heldUntil: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(rooms.id, payment.roomId),
        eq(rooms.status, 'available'),
        or(eq(rooms.heldByUserId, payment.userId), lt(rooms.heldUntil, sql`now()`), isNull(rooms.heldUntil)),
      ),
    )
    .returning({ id: rooms.id });
  if (!payment.bookingId) return;
  if (room) {
    await tx
      .update(bookings)
      .set({ status: 'confirmed', confirmedAt: sql`now()` })
      .where(eq(bookings.id, payment.bookingId));
  } else {
    await markNeedsRefund(tx, payment);
    await tx
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(and(eq(bookings.id, payment.bookingId), inArray(bookings.status, ['pending', 'expired'])));
  }
}

/**
 * Rent paid: the payer becomes the tenant — if the room is theirs to rent — spending the agent fee
 * that booked it (its booking is then inspected); a tenant paying again renews for another year.
 * A renewal that arrives when renewal is not open (a second one for the same year) is a duplicate
 * to give back; one paid while notice was given keeps the tenant on, so it takes the notice back.
 */
async function applyRent(tx: Tx, payment: PaymentRow) {
  // Serialise every effect on this room; later statements then see the latest committed rows.
  await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, payment.roomId)).for('update');

  const payer = payment.userId;
  const [current] = await tx
    .select()
    .from(tenancies)
    .where(and(eq(tenancies.roomId, payment.roomId), isNull(tenancies.endedAt)))
    .limit(1)
    .for('update');
  if (current && current.userId !== payer) return markNeedsRefund(tx, payment);
  if (current) {
    const renewal = renewalOf({ dueDate: current.dueDate, noticeMoveOutOn: null });
    if (!renewal.open) return markNeedsRefund(tx, payment, 'duplicate');
    await tx
      .update(tenancies)
      .set({
        dueDate: addMonths(current.dueDate, BUSINESS.leaseMonths),
        noticeGivenAt: null,
        noticeMoveOutOn: null,
        updatedAt: sql`now()`,
      })
      .where(eq(tenancies.id, current.id));
    await cancelPendingReminders(tx, current.id, current.dueDate);
    return;
  }

  // A first rent: the room must be booked for the payer through a fee no tenancy has used.
  const [fee] = await tx.select({ id: bookingFeeOf(payment.roomId, payer) }).from(sql`(select 1) as one`);
  const feeId = fee?.id ?? null;
  const [room] = feeId
    ? await tx
        .update(rooms)
        .set({ status: 'rented', heldByUserId: null, heldUntil: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(rooms.id, payment.roomId),
            inArray(rooms.status, ['available', 'booked']),
            or(
              eq(rooms.status, 'booked'),
              isNull(rooms.heldUntil),
              lt(rooms.heldUntil, sql`now()`),
              eq(rooms.heldByUserId, payer),
            ),
          ),
        )
        .returning({ id: rooms.id })
    : [];
  if (!room || !feeId) return markNeedsRefund(tx, payment);

  const start = lagosDateOf(payment.paidAt ?? new Date());
  await tx.insert(tenancies).values({
    userId: payer,
    roomId: payment.roomId,
    hostelId: payment.hostelId,
    startDate: start,
    dueDate: addMonths(start, BUSINESS.leaseMonths),
    agentFeePaymentId: feeId,
  });
  // The inspection led to this tenancy: it can no longer be cancelled, nor its fee owed back.
  await tx
    .update(bookings)
    .set({ status: 'inspected' })
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        sql`${bookings.id} = (select ${payments.bookingId} from ${payments} where ${payments.id} = ${feeId})`,
      ),
    );
}

/**
 * Caution deposit paid: nothing changes hands but the money, which the company holds until move-out.
 * One paid while another is still held is a duplicate; one paid after the room went to someone else
 * (neither its tenant nor the student it is booked for) is owed back. Both go to Refunds.
 */
async function applyCautionFee(tx: Tx, payment: PaymentRow) {
  await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, payment.roomId)).for('update');
  const [facts] = await tx
    .select({
      entitled: sql<boolean>`(
        exists (select 1 from tenancies t where t.room_id = ${payment.roomId} and t.ended_at is null and t.user_id = ${payment.userId})
        or (not exists (select 1 from tenancies t where t.room_id = ${payment.roomId} and t.ended_at is null)
            and ${bookedBy(payment.roomId)} = ${payment.userId}))`,
      // The payer called off their inspection of this room: their latest agent fee for it is
      // owed back for that reason, and so is this deposit.
      cancelled: sql<boolean>`coalesce((select p.refund_reason = 'inspection_cancelled' from ${payments} p
        where p.user_id = ${payment.userId} and p.room_id = ${payment.roomId} and p.kind = 'agent_fee'
          and p.status = 'success' order by p.paid_at desc limit 1), false)`,
      another: sql<boolean>`exists (select 1 from ${payments}
        where ${depositHeld(payment.userId, payment.roomId)} and ${payments.id} <> ${payment.id})`,
    })
    .from(sql`(select 1) as one`);
  if (!facts?.entitled)
    return markNeedsRefund(tx, payment, facts?.cancelled ? 'inspection_cancelled' : 'room_taken');
  if (facts.another) return markNeedsRefund(tx, payment, 'duplicate');
}
