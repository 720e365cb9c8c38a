import { and, eq, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { clearLapsedHolds } from '../rooms/index.ts';
import { bookings } from './bookings.schema.ts';

const RELEASE_QUEUE = 'bookings.release-expired-holds';

/**
 * Holds that ran out are free already (every hold check compares with now()); this makes the rows
 * say so, so an admin looking at a room or a booking sees the truth without working it out.
 */
export async function releaseExpiredHolds({
  db,
}: Pick<Deps, 'db'>): Promise<{ rooms: number; bookings: number }> {
  const released = await clearLapsedHolds(db);
  const expired = await db
    .update(bookings)
    .set({ status: 'expired' })
    .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, sql`now()`)))
    .returning({ id: bookings.id });
  return { rooms: released, bookings: expired.length };
}

/** Every minute, on whichever process holds the schedule. */
export async function startBookingJobs(deps: Pick<Deps, 'db' | 'jobs'>): Promise<void> {
  await deps.jobs.ensureQueue(RELEASE_QUEUE, { policy: 'singleton' });
  await deps.jobs.schedule(RELEASE_QUEUE, '* * * * *');
  await deps.jobs.work(RELEASE_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
    await releaseExpiredHolds(deps);
  });
}
