import type { OccupancyReport, ReportPeriod } from '@studynest/contracts';
import { todayInLagos } from '@studynest/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { hostelRefColumns, hostels } from '../hostels/index.ts';
import { rooms } from '../rooms/index.ts';
import { tenancies } from '../tenancies/index.ts';
import { lagosDay, monthReadingDays, num, percentOf } from './period.ts';

/** The rooms of open hostels that existed on day `d` (a date expression). */
const roomExistedOn = (d: ReturnType<typeof sql>) => sql`${lagosDay(rooms.createdAt)} <= ${d}`;

/**
 * A tenancy of the room running on day `d`: started on or before it and not ended by it. This is
 * what "rented" means in the occupancy report, for the headline, the hostels and every month alike.
 */
const rentedOn = (d: ReturnType<typeof sql>) => sql`exists (select 1 from ${tenancies}
  where ${tenancies.roomId} = ${rooms.id} and ${tenancies.startDate} <= ${d}
    and (${tenancies.endedAt} is null or ${lagosDay(tenancies.endedAt)} > ${d}))`;

const counts = (r: { rooms: unknown; available: unknown; booked: unknown; rented: unknown }) => {
  const rented = num(r.rented);
  const total = num(r.rooms);
  return {
    rooms: total,
    available: num(r.available),
    booked: num(r.booked),
    rented,
    rented_percent: percentOf(rented, total),
  };
};

/**
 * Occupancy (docs/domain.md, "Reports"): one definition throughout — a room is rented on a day when
 * one of its tenancies is running that day. The headline and the hostels are read on the report's
 * day (`as_of`: the period's end, or today when earlier), the chart at the end of each month, so
 * the headline is always the chart's last point. Available and booked are the rooms' status now.
 */
export async function occupancyReport(
  { db }: Pick<Deps, 'db'>,
  period: ReportPeriod,
  today = todayInLagos(),
): Promise<OccupancyReport> {
  const asOf = period.to < today ? period.to : today;
  const day = sql`${asOf}::date`;
  const perHostel = await db
    .select({
      hostel: hostelRefColumns,
      rooms: sql`count(${rooms.id})`,
      available: sql`count(*) filter (where ${rooms.status} = 'available')`,
      booked: sql`count(*) filter (where ${rooms.status} = 'booked')`,
      rented: sql`count(*) filter (where ${rentedOn(day)})`,
    })
    .from(hostels)
    .leftJoin(rooms, sql`${rooms.hostelId} = ${hostels.id} and ${roomExistedOn(day)}`)
    .where(eq(hostels.isClosed, false))
    .groupBy(hostels.id)
    .orderBy(asc(hostels.hostelName), asc(hostels.id));

  const readings = monthReadingDays(period, today);
  const days = `{${readings.map((r) => r.day).join(',')}}`;
  const d = sql.raw('d');
  type Reading = { day: string; rooms: unknown; rented: unknown };
  const overTime = readings.length
    ? ((await db.execute(sql`
        select d::text as day, count(${rooms.id}) as rooms, count(*) filter (where ${rentedOn(d)}) as rented
        from unnest(${days}::date[]) as d
        left join ${rooms} on ${roomExistedOn(d)}
          and ${rooms.hostelId} in (select ${hostels.id} from ${hostels} where not ${hostels.isClosed})
        group by d`)) as unknown as { rows: Reading[] })
    : { rows: [] as Reading[] };
  const byDay = new Map(overTime.rows.map((r) => [r.day, r]));

  const overall = perHostel.reduce(
    (s, h) => ({
      rooms: s.rooms + num(h.rooms),
      available: s.available + num(h.available),
      booked: s.booked + num(h.booked),
      rented: s.rented + num(h.rented),
    }),
    { rooms: 0, available: 0, booked: 0, rented: 0 },
  );
  return {
    kind: 'occupancy',
    from: period.from,
    to: period.to,
    as_of: asOf,
    hostels: perHostel.map((h) => ({ hostel: h.hostel, ...counts(h) })),
    overall: counts(overall),
    months: readings.map(({ month, day }) => {
      const r = byDay.get(day);
      const total = num(r?.rooms);
      const rented = num(r?.rented);
      return { month, rooms: total, rented, rented_percent: percentOf(rented, total) };
    }),
  };
}
