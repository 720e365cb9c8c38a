import { BUSINESS, ERROR_CODES } from '@studynest/contracts';
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { users } from '../auth/index.ts';
import { rooms } from './rooms.schema.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const minutesUntil = (at: Date | null | undefined) =>
  at ? Math.max(1, Math.ceil((at.getTime() - Date.now()) / 60_000)) : BUSINESS.holdMinutes;

/** The student's live holds on rooms other than `roomId`. */
const otherLiveHolds = (userId: string, roomId: string) =>
  and(
    eq(rooms.heldByUserId, userId),
    eq(rooms.status, 'available'),
    gt(rooms.heldUntil, sql`now()`),
    ne(rooms.id, roomId),
  );

/**
 * Hold an available room for one student (docs/domain.md, "Holds"). Every path that takes a hold
 * (making a booking, starting to pay its agent fee) comes here, and the rules sit in ONE
 * conditional UPDATE, never a check and then an act:
 * - the room is available and nobody else holds it (a hold that ran out is free);
 * - the student's own live hold on it is extended;
 * - otherwise the student may hold at most BUSINESS.maxLiveHolds rooms at a time.
 * The student's row is locked first: their parallel attempts queue, and each UPDATE counts with a
 * snapshot taken after the previous one committed. Students racing for one room serialise on the
 * room's row lock, and PostgreSQL re-checks the condition for the one who waited.
 * Only a confirmed e-mail address may hold rooms. Throws 403/404/409 saying why not.
 */
export async function holdRoom(tx: Tx, roomId: string, userId: string): Promise<Date> {
  const [student] = await tx
    .select({ confirmed: users.isEmailConfirmed })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!student?.confirmed) {
    throw new AppError(
      403,
      'Confirm your email address before booking: enter the 4-digit code we sent you.',
      undefined,
      undefined,
      ERROR_CODES.emailUnconfirmed,
    );
  }
  const mine = eq(rooms.heldByUserId, userId);
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
        or(
          and(mine, gt(rooms.heldUntil, sql`now()`)),
          and(
            or(isNull(rooms.heldUntil), lte(rooms.heldUntil, sql`now()`), mine),
            sql`(select count(*) from ${rooms} where ${otherLiveHolds(userId, roomId)}) < ${BUSINESS.maxLiveHolds}`,
          ),
        ),
      ),
    )
    .returning({ heldUntil: rooms.heldUntil });
  if (held?.heldUntil) return held.heldUntil;
  throw await whyNotHoldable(tx, roomId, userId);
}

async function whyNotHoldable(tx: Tx, roomId: string, userId: string) {
  const [room] = await tx
    .select({ status: rooms.status, heldUntil: rooms.heldUntil, heldBy: rooms.heldByUserId })
    .from(rooms)
    .where(eq(rooms.id, roomId))
    .limit(1);
  if (!room) return notFound('This room does not exist');
  if (room.status === 'booked') return conflict('This room is already booked');
  if (room.status === 'rented') return conflict('This room is already rented');
  const heldByOther = room.heldBy !== userId && room.heldUntil && room.heldUntil.getTime() > Date.now();
  if (heldByOther) {
    return conflict(
      `Someone else is booking this room right now. Try again in ${plural(minutesUntil(room.heldUntil), 'minute')} or pick another room.`,
    );
  }
  const [holds] = await tx
    .select({ until: sql<Date | string | null>`min(${rooms.heldUntil})` })
    .from(rooms)
    .where(otherLiveHolds(userId, roomId));
  const until = holds?.until ? new Date(holds.until) : null;
  return conflict(
    `You are already holding ${BUSINESS.maxLiveHolds} rooms. Pay the agent fee for one of them, or try again in ${plural(minutesUntil(until), 'minute')} when a hold ends.`,
  );
}
