import { BUSINESS } from '@studynest/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rooms } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';

/**
 * Hold an available room for one student, in ONE conditional UPDATE: concurrent attempts
 * serialise on the row lock and re-check the condition, so on PostgreSQL as on PGlite at most one
 * student gets a live hold. The student's own repeated attempt extends their hold.
 * Throws 409 with a message saying why when the room cannot be held.
 */
export async function holdRoom(tx: DbOrTx, roomId: string, userId: string): Promise<Date> {
  const [held] = await tx
    .update(rooms)
    .set({
      heldByUserId: userId,
      // updated_at is left alone: a hold is not an edit of the room, and the public room lists
      // (served from the read cache) must not change with every hold.
      heldUntil: sql`now() + make_interval(mins => ${BUSINESS.holdMinutes})`,
    })
    .where(
      and(
        eq(rooms.id, roomId),
        eq(rooms.status, 'available'),
        or(isNull(rooms.heldUntil), lt(rooms.heldUntil, sql`now()`), eq(rooms.heldByUserId, userId)),
      ),
    )
    .returning({ heldUntil: rooms.heldUntil });
  if (held?.heldUntil) return held.heldUntil;
  throw await whyNotHoldable(tx, roomId);
}

async function whyNotHoldable(tx: DbOrTx, roomId: string) {
  const [room] = await tx
    .select({ status: rooms.status, heldUntil: rooms.heldUntil })
    .from(rooms)
    .where(eq(rooms.id, roomId))
    .limit(1);
  if (!room) return notFound('This room does not exist');
  if (room.status === 'booked') return conflict('This room is already booked');
  if (room.status === 'rented') return conflict('This room is already rented');
  const minutes = room.heldUntil
    ? Math.max(1, Math.ceil((room.heldUntil.getTime() - Date.now()) / 60_000))
    : BUSINESS.holdMinutes;
  return conflict(
    `Someone else is booking this room right now. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or pick another room.`,
  );
}
