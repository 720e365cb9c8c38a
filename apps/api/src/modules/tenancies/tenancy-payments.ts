import { addMonths, BUSINESS, lagosDateOf } from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { cancelQueuedMessages } from '../messages/index.ts';
import { flagOwedBack, type PaymentRow, payments, standingAgentFee } from '../payments/index.ts';
import { lockRoom, markRoomRented, type rooms } from '../rooms/index.ts';
import { nextUnpaidPart, payNewRentYear, payRunningYear, yearPartsOf } from './rent-parts.ts';
import { tenancies } from './tenancies.schema.ts';
import {
  bookedBy,
  bookingFeeOf,
  depositHeld,
  feeSpent,
  hasRunningTenancy,
  renewalOf,
  rentReminderKeyPrefix,
  runningTenancyOf,
} from './tenancy-rules.ts';

/** What a room payment (rent, caution deposit) is called in its refusals. */
const ROOM_PAYMENT_WORD = { rent: 'rent', caution_fee: 'caution deposit' } as const;
export type RoomPaymentKind = keyof typeof ROOM_PAYMENT_WORD;

type RoomRow = typeof rooms.$inferSelect;

/**
 * Whether this student may start paying the room's rent or caution deposit now (docs/domain.md,
 * "Tenancy" and "Caution deposit"): its tenant may (a renewal only while renewal is open); anyone
 * else only when the room is booked for them and nobody else holds or rents it. Throws 403/409
 * saying why not.
 */
export async function checkRoomPayment(
  db: DbOrTx,
  userId: string,
  room: RoomRow,
  kind: RoomPaymentKind,
): Promise<void> {
  const [tenant] = await db
    .select({
      id: tenancies.id,
      userId: tenancies.userId,
      dueDate: tenancies.dueDate,
      noticeMoveOutOn: tenancies.noticeMoveOutOn,
    })
    .from(tenancies)
    .where(runningTenancyOf(room.id))
    .limit(1);
  const [facts] = await db
    .select({
      bookerId: bookedBy(room.id),
      paidAgentFee: sql<boolean>`exists (
        select 1 from ${payments}
        where ${payments.userId} = ${userId} and ${payments.roomId} = ${room.id} and ${standingAgentFee}
          and not ${feeSpent(payments.id)})`,
      depositHeld: sql<boolean>`exists (select 1 from ${payments} where ${depositHeld(userId, room.id)})`,
    })
    .from(sql`(select 1) as one`);
  if (tenant?.userId === userId) {
    // A year with parts unpaid may be paid towards any time (quoteRent says how much); only a new
    // year waits for the renewal window.
    if (kind === 'rent' && !nextUnpaidPart(await yearPartsOf(db, tenant.id))) {
      const renewal = renewalOf(tenant);
      if (!renewal.open) throw conflict(renewal.message ?? 'Renewal is not open yet');
    }
  } else {
    if (!facts?.paidAgentFee) {
      if (kind === 'caution_fee')
        throw conflict('Pay the agent fee for this room before its caution deposit');
      throw forbidden(
        'Only the student who paid the agent fee for this room, or its tenant, can pay its rent',
      );
    }
    if (tenant || room.status === 'rented') throw conflict('This room is already rented');
    if (facts.bookerId !== userId) throw conflict('This room has been booked by someone else');
    const heldByOther =
      room.status === 'available' &&
      room.heldByUserId &&
      room.heldByUserId !== userId &&
      room.heldUntil &&
      room.heldUntil.getTime() > Date.now();
    if (heldByOther) throw conflict('Someone else is booking this room right now');
  }
  if (kind === 'caution_fee') {
    if (facts?.depositHeld) throw conflict('Your caution deposit for this room is already paid');
    if (room.cautionFee <= 0) throw conflict('This room asks for no caution deposit');
  }
}

/**
 * Rent paid, in the transaction that turned it success (docs/domain.md, "Lifecycles": payment, and
 * "Rent plans"). A first rent makes the payer the tenant — if the room is booked for them —
 * spending the agent fee that booked it (returned, so the checkout marks its booking inspected),
 * and writes the year's parts on the plan it chose. A payment towards a year already on a plan is
 * put on its unpaid parts, oldest first. A tenant's payment that starts a year renews: the next
 * year's parts, due date + 12 months. Owed back whole: a renewal when renewal is not open or this
 * year still has parts unpaid (a second one for the same year), a payment more than what is left
 * of the year (two checkouts raced), or the room went to someone else. A renewal paid while notice
 * was given keeps the tenant on, so it takes the notice back.
 */
export async function applyRent(tx: Tx, payment: PaymentRow): Promise<{ spentFeeId: string | null }> {
  // Serialise every effect on this room; later statements then see the latest committed rows.
  await lockRoom(tx, payment.roomId);
  const payer = payment.userId;
  const owedBack = async (reason: 'room_taken' | 'duplicate') => {
    await flagOwedBack(tx, eq(payments.id, payment.id), reason);
    return { spentFeeId: null };
  };
  const startsYear = payment.rentPlan !== null;

  const [current] = await tx
    .select()
    .from(tenancies)
    .where(runningTenancyOf(payment.roomId))
    .limit(1)
    .for('update');
  if (current && current.userId !== payer) return owedBack('room_taken');
  if (current) {
    if (!startsYear) {
      return (await payRunningYear(tx, current.id, payment)) ? { spentFeeId: null } : owedBack('duplicate');
    }
    const unpaid = nextUnpaidPart(await yearPartsOf(tx, current.id, true));
    if (unpaid || !renewalOf({ dueDate: current.dueDate, noticeMoveOutOn: null }).open) {
      return owedBack('duplicate');
    }
    await tx
      .update(tenancies)
      .set({
        dueDate: addMonths(current.dueDate, BUSINESS.leaseMonths),
        noticeGivenAt: null,
        noticeMoveOutOn: null,
        updatedAt: sql`now()`,
      })
      .where(eq(tenancies.id, current.id));
    // Reminders about the settled due date must not go out.
    await cancelQueuedMessages(tx, rentReminderKeyPrefix(current.id, current.dueDate));
    await payNewRentYear(tx, current.id, current.dueDate, payment);
    return { spentFeeId: null };
  }

  // A payment towards a year that is no longer running (its tenancy ended) starts nothing.
  if (!startsYear) return owedBack('room_taken');
  const [fee] = await tx.select({ id: bookingFeeOf(payment.roomId, payer) }).from(sql`(select 1) as one`);
  const feeId = fee?.id ?? null;
  if (!feeId || !(await markRoomRented(tx, payment.roomId, payer))) return owedBack('room_taken');
  const start = lagosDateOf(payment.paidAt ?? new Date());
  const [tenancy] = await tx
    .insert(tenancies)
    .values({
      userId: payer,
      roomId: payment.roomId,
      hostelId: payment.hostelId,
      startDate: start,
      dueDate: addMonths(start, BUSINESS.leaseMonths),
      agentFeePaymentId: feeId,
    })
    .returning({ id: tenancies.id });
  if (!tenancy) throw new Error('tenancy insert returned nothing');
  await payNewRentYear(tx, tenancy.id, start, payment);
  return { spentFeeId: feeId };
}

/**
 * Caution deposit paid: nothing changes hands but the money, which the company holds until
 * move-out. One paid while another is still held is a duplicate; one paid by someone the room is
 * no longer for is owed back — because they cancelled their inspection, or the room went to
 * someone else. Both go to Refunds.
 */
export async function applyDeposit(tx: Tx, payment: PaymentRow): Promise<void> {
  await lockRoom(tx, payment.roomId);
  const [facts] = await tx
    .select({
      entitled: sql<boolean>`(${hasRunningTenancy(payment.roomId, payment.userId)}
        or (not ${hasRunningTenancy(payment.roomId)} and ${bookedBy(payment.roomId)} = ${payment.userId}))`,
      // The payer called off their inspection of this room: their latest agent fee for it is owed
      // back for that reason, and so is this deposit.
      cancelled: sql<boolean>`coalesce((select p.refund_reason = 'inspection_cancelled' from ${payments} p
        where p.user_id = ${payment.userId} and p.room_id = ${payment.roomId} and p.kind = 'agent_fee'
          and p.status = 'success' order by p.paid_at desc limit 1), false)`,
      another: sql<boolean>`exists (select 1 from ${payments}
        where ${depositHeld(payment.userId, payment.roomId)} and ${payments.id} <> ${payment.id})`,
    })
    .from(sql`(select 1) as one`);
  const reason = !facts?.entitled
    ? facts?.cancelled
      ? 'inspection_cancelled'
      : 'room_taken'
    : facts.another
      ? 'duplicate'
      : null;
  if (reason) await flagOwedBack(tx, eq(payments.id, payment.id), reason);
}
