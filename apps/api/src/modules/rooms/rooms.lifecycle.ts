import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rooms } from './rooms.schema.ts';

/*
 * The room lifecycle (docs/domain.md, "Lifecycles": room): available → held → booked → rented →
 * available. The hold is taken in room-hold.ts; these are the other transitions, each a
 * conditional update that writes nothing when its guard fails. Only this module writes `rooms`.
 */

/**
 * Lock the room's row for the rest of the caller's transaction. Every event that may change a
 * room's life (a payment applied, a cancellation, a move-out) takes it first, so they queue.
 */
export async function lockRoom(tx: Tx, roomId: string): Promise<void> {
  await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).for('update');
}

/** Free for this student: not held by anyone else (a hold that ran out is free). */
const notHeldByOther = (userId: string) =>
  or(eq(rooms.heldByUserId, userId), isNull(rooms.heldUntil), lt(rooms.heldUntil, sql`now()`));

/** An agent fee applied: available (and not held by someone else) → booked for its payer. */
export async function markRoomBooked(tx: Tx, roomId: string, payerId: string): Promise<boolean> {
  const [room] = await tx
    .update(rooms)
    .set({
      status: 'booked',
      statusByHand: false,
      heldByUserId: null,
      heldUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(rooms.id, roomId), eq(rooms.status, 'available'), notHeldByOther(payerId)))
    .returning({ id: rooms.id });
  return Boolean(room);
}

/**
 * A first rent applied: booked (or available and not held by someone else) → rented. The caller
 * has checked that the room is booked for the payer (the fee that books it is theirs).
 */
export async function markRoomRented(tx: Tx, roomId: string, payerId: string): Promise<boolean> {
  const [room] = await tx
    .update(rooms)
    .set({
      status: 'rented',
      statusByHand: false,
      heldByUserId: null,
      heldUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(rooms.id, roomId),
        or(eq(rooms.status, 'booked'), and(eq(rooms.status, 'available'), notHeldByOther(payerId))),
      ),
    )
    .returning({ id: rooms.id });
  return Boolean(room);
}

/** The student lets go of their hold (they cancelled the inspection). */
export async function letGoOfHold(tx: DbOrTx, roomId: string, userId: string): Promise<void> {
  await tx
    .update(rooms)
    .set({ heldByUserId: null, heldUntil: null, updatedAt: sql`now()` })
    .where(and(eq(rooms.id, roomId), eq(rooms.heldByUserId, userId)));
}

/**
 * The room is free again (an inspection cancelled, a tenant moved out): → available with no hold,
 * from the statuses given. The triggers on rooms update the hostel's availability.
 */
export async function freeRoom(tx: DbOrTx, roomId: string, from: ('booked' | 'rented')[]): Promise<void> {
  await tx
    .update(rooms)
    .set({
      status: 'available',
      statusByHand: false,
      heldByUserId: null,
      heldUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(rooms.id, roomId), inArray(rooms.status, from)));
}

/**
 * Holds that ran out are free already (every hold check compares with now()); this makes the rows
 * say so, so an admin looking at a room sees the truth without working it out.
 */
export async function clearLapsedHolds(db: DbOrTx): Promise<number> {
  const released = await db
    .update(rooms)
    .set({ heldByUserId: null, heldUntil: null })
    .where(and(isNotNull(rooms.heldUntil), lte(rooms.heldUntil, sql`now()`)))
    .returning({ id: rooms.id });
  return released.length;
}
