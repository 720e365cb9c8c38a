import type { FunnelReport, ReportPeriod } from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import { bookings, payments } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { instantInPeriod, num, percentOf } from './period.ts';

/** The booking's agent fee was paid: a success that did not need a refund. */
export const agentFeePaid = sql<boolean>`exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id}
  and ${payments.kind} = 'agent_fee' and ${payments.status} = 'success' and not ${payments.needsRefund})`;

/**
 * The booking funnel (docs/domain.md, "Reports"): the inspections booked in the period, how many of
 * those had their agent fee paid (a success that did not need a refund), and how many of those went
 * on to rent the room (the booker's successful, standing rent payment for it, paid after booking).
 * Counted per booking, whenever the later steps happened, so each rate is of the same bookings.
 */
export async function funnelReport({ db }: Pick<Deps, 'db'>, period: ReportPeriod): Promise<FunnelReport> {
  const feePaid = agentFeePaid;
  const rentPaid = sql`exists (select 1 from ${payments} where ${payments.userId} = ${bookings.userId}
    and ${payments.kind} = 'rent' and ${payments.roomId} = ${bookings.roomId}
    and ${payments.status} = 'success' and not ${payments.needsRefund}
    and ${payments.paidAt} >= ${bookings.createdAt})`;
  const [row] = await db
    .select({
      booked: sql`count(*)`,
      feePaid: sql`count(*) filter (where ${feePaid})`,
      rentPaid: sql`count(*) filter (where ${feePaid} and ${rentPaid})`,
    })
    .from(bookings)
    .where(instantInPeriod(bookings.createdAt, period));
  const counts = [num(row?.booked), num(row?.feePaid), num(row?.rentPaid)] as const;
  const stages = (['inspection_booked', 'agent_fee_paid', 'rent_paid'] as const).map((stage, i) => ({
    stage,
    count: counts[i] ?? 0,
    percent_of_previous: i === 0 ? null : percentOf(counts[i] ?? 0, counts[i - 1] ?? 0),
    percent_of_first: percentOf(counts[i] ?? 0, counts[0]),
  }));
  return { kind: 'funnel', from: period.from, to: period.to, stages };
}
