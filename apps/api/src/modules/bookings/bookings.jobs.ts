import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { bookings, rooms } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

const RELEASE_QUEUE = 'bookings.release-expired-holds';

/**
 * Holds that ran out are free already (every hold check compares with now()); this makes the rows
 * say so, so an admin looking at a room or a booking sees the truth without working it out.
 */
export async function releaseExpiredHolds({
  db,
}: Pick<Deps, 'db'>): Promise<{ rooms: number; bookings: number }> {
  const released = await db
    .update(rooms)
    .set({ heldByUserId: null, heldUntil: null })
    .where(and(isNotNull(rooms.heldUntil), lte(rooms.heldUntil, sql`now()`)))
    .returning({ id: rooms.id });
  const expired = await db
    .update(bookings)
    .set({ status: 'expired' })
    .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, sql`now()`)))
    .returning({ id: bookings.id });
  return { rooms: released.length, bookings: expired.length };
}

/** Every minute, on whichever process holds the schedule. */
export async function startBookingJobs(deps: Pick<Deps, 'db' | 'jobs'>): Promise<void> {
  await deps.jobs.ensureQueue(RELEASE_QUEUE, { policy: 'singleton' });
  await deps.jobs.boss.schedule(RELEASE_QUEUE, '* * * * *', {}, { tz: 'Africa/Lagos' });
  await deps.jobs.work(RELEASE_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    await releaseExpiredHolds(deps);
  });
}
