import type { FunnelReport, ReportPeriod } from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { bookings } from '../bookings/index.ts';
import { payments } from '../payments/index.ts';
import { instantInPeriod, num, percentOf } from './period.ts';

/** A payment that stands: a success that did not need a refund. */
const standing = (kind: 'agent_fee' | 'rent') =>
  // Written out, not a parameter, so the planner can use the partial indexes made for this.
  sql`${payments.kind} = ${sql.raw(`'${kind}'`)} and ${payments.status} = 'success' and not ${payments.needsRefund}`;

/** The booking's agent fee was paid (per booking, for the bookings export). */
export const agentFeePaid = sql<boolean>`exists (select 1 from ${payments}
  where ${payments.bookingId} = ${bookings.id} and ${standing('agent_fee')})`;

/**
 * The booking funnel (docs/domain.md, "Reports"): the inspections booked in the period, how many of
 * those had their agent fee paid, and how many of those went on to rent the room (the booker's
 * standing rent payment for it, paid after booking). Counted per booking, whenever the later steps
 * happened, so each rate is of the same bookings. One pass: the standing agent fees by booking and
 * the latest standing rent by (student, room) are hashed once, not looked up per booking.
 */
export async function funnelReport({ db }: Pick<Deps, 'db'>, period: ReportPeriod): Promise<FunnelReport> {
  const result = (await db.execute(sql`
    select count(*) as booked,
      count(fee.booking_id) as fee_paid,
      count(*) filter (where fee.booking_id is not null and rent.last_paid >= ${bookings.createdAt}) as rent_paid
    from ${bookings}
    left join (select ${payments.bookingId} as booking_id from ${payments}
      where ${standing('agent_fee')} group by ${payments.bookingId}) fee on fee.booking_id = ${bookings.id}
    left join (select ${payments.userId} as user_id, ${payments.roomId} as room_id, max(${payments.paidAt}) as last_paid
      from ${payments} where ${standing('rent')} group by ${payments.userId}, ${payments.roomId}) rent
      on rent.user_id = ${bookings.userId} and rent.room_id = ${bookings.roomId}
    where ${instantInPeriod(bookings.createdAt, period)}`)) as unknown as {
    rows: { booked: unknown; fee_paid: unknown; rent_paid: unknown }[];
  };
  const row = result.rows[0];
  const counts = [num(row?.booked), num(row?.fee_paid), num(row?.rent_paid)] as const;
  const stages = (['inspection_booked', 'agent_fee_paid', 'rent_paid'] as const).map((stage, i) => ({
    stage,
    count: counts[i] ?? 0,
    percent_of_previous: i === 0 ? null : percentOf(counts[i] ?? 0, counts[i - 1] ?? 0),
    percent_of_first: percentOf(counts[i] ?? 0, counts[0]),
  }));
  return { kind: 'funnel', from: period.from, to: period.to, stages };
}
