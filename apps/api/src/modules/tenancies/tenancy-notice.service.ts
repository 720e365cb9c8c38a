import {
  addDays,
  formatLagosDate,
  lagosDateOf,
  type TenancyNoticeState,
  todayInLagos,
} from '@studynest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { dispatch, recordMessages } from '../messages/index.ts';
import { rooms } from '../rooms/index.ts';
import { tenancies } from './tenancies.schema.ts';
import { tenancyRunning, toNotice } from './tenancy-rules.ts';

/** The furthest ahead a notice may name a move-out day. */
const MAX_NOTICE_DAYS_AHEAD = 730;

const noTenancy = () => notFound('You have no running tenancy to give notice on');

/**
 * POST /tenancy/notice: the tenant's written notice to end their running tenancy (docs/domain.md,
 * "Move-out"). The day must be at least the notice period from today; giving notice again replaces
 * the earlier one, and the period runs from the new one. The tenant gets a copy by e-mail. `now`
 * is when it was given: a request's is the present; the demo's past notice passes its own.
 */
export async function giveNotice(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  user: AuthUser,
  input: { move_out_on: string },
  now?: Date,
): Promise<TenancyNoticeState> {
  const days = deps.config.site.tenantNoticeDays;
  const today = now ? lagosDateOf(now) : todayInLagos();
  const earliest = addDays(today, days);
  if (input.move_out_on < earliest) {
    throw badRequest(
      `Give at least ${days} days' notice: the earliest move-out day is ${formatLagosDate(earliest)}`,
      {
        move_out_on: `On or after ${formatLagosDate(earliest)}`,
      },
    );
  }
  const latest = addDays(today, MAX_NOTICE_DAYS_AHEAD);
  if (input.move_out_on > latest) {
    throw badRequest(`Give notice for a day within two years: on or before ${formatLagosDate(latest)}`, {
      move_out_on: `On or before ${formatLagosDate(latest)}`,
    });
  }
  let ids: string[] = [];
  const notice = await deps.db.transaction(async (tx) => {
    const [tenancy] = await tx
      .update(tenancies)
      .set({ noticeGivenAt: now ?? sql`now()`, noticeMoveOutOn: input.move_out_on, updatedAt: sql`now()` })
      .where(runningTenancyOf(user.id))
      .returning();
    if (!tenancy) throw noTenancy();
    const given = toNotice(tenancy)!;
    const [place] = await tx
      .select({ hostelName: hostels.hostelName, roomNumber: rooms.roomNumber, firstName: users.firstName })
      .from(rooms)
      .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
      .innerJoin(users, eq(users.id, tenancy.userId))
      .where(eq(rooms.id, tenancy.roomId));
    ids = await recordMessages(tx, [
      {
        channel: 'email',
        to: user.email,
        userId: user.id,
        topic: 'payment',
        subject: 'StudyNest: we have your notice to move out',
        text: [
          `Hello ${place?.firstName ?? ''},`,
          '',
          `We have your written notice to end your tenancy of ${place?.roomNumber}, ${place?.hostelName}, moving out on ${formatLagosDate(given.move_out_on)}.`,
          'After you move out and the room has been checked, we return your caution deposit less any deductions, with a statement of them.',
          '',
          `Your tenancy: ${deps.config.publicUrl}/profile`,
        ].join('\n'),
        key: `tenancy-notice:${tenancy.id}:${given.given_at}:email`,
      },
    ]);
    return given;
  });
  await dispatch(deps, ids);
  return notice;
}

/** DELETE /tenancy/notice: the tenant takes their notice back; the tenancy runs on. */
export async function withdrawNotice(deps: Pick<Deps, 'db'>, user: AuthUser): Promise<void> {
  const [tenancy] = await deps.db
    .update(tenancies)
    .set({ noticeGivenAt: null, noticeMoveOutOn: null, updatedAt: sql`now()` })
    .where(runningTenancyOf(user.id))
    .returning({ id: tenancies.id });
  if (!tenancy) throw noTenancy();
}

/**
 * The student's running tenancy. Said of the row itself, not only through a sub-select of its id:
 * an update that waited for a move-out to commit checks the row again and finds it ended.
 */
const runningTenancyOf = (userId: string) =>
  and(
    eq(tenancies.userId, userId),
    tenancyRunning,
    sql`${tenancies.id} = (select t.id from ${tenancies} t
      where t.user_id = ${userId} and t.ended_at is null order by t.created_at desc limit 1)`,
  );
