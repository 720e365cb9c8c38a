import type { OccupancyReport, ReportPeriod } from '@studynest/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { hostelRefColumns, hostels } from '../hostels/index.ts';
import { rooms } from '../rooms/index.ts';
import { tenancies } from '../tenancies/index.ts';
import { lagosDay, monthReadingDays, num, percentOf } from './period.ts';

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
 * Occupancy (docs/domain.md, "Reports"): the rooms of open hostels by status as they stand now, per
 * hostel and overall; and, at the end of each month of the period, how many rooms existed and how
 * many had a running tenancy (started by then and not ended by then).
 */
export async function occupancyReport(
  { db }: Pick<Deps, 'db'>,
  period: ReportPeriod,
): Promise<OccupancyReport> {
  const perHostel = await db
    .select({
      hostel: hostelRefColumns,
      rooms: sql`count(${rooms.id})`,
      available: sql`count(*) filter (where ${rooms.status} = 'available')`,
      booked: sql`count(*) filter (where ${rooms.status} = 'booked')`,
      rented: sql`count(*) filter (where ${rooms.status} = 'rented')`,
    })
    .from(hostels)
    .leftJoin(rooms, eq(rooms.hostelId, hostels.id))
    .where(eq(hostels.isClosed, false))
    .groupBy(hostels.id)
    .orderBy(asc(hostels.hostelName), asc(hostels.id));

  const readings = monthReadingDays(period);
  const days = `{${readings.map((r) => r.day).join(',')}}`;
  type Reading = { day: string; rooms: unknown; rented: unknown };
  const overTime = readings.length
    ? ((await db.execute(sql`
        select d::text as day,
          (select count(*) from ${rooms} join ${hostels} on ${hostels.id} = ${rooms.hostelId}
            where not ${hostels.isClosed} and ${lagosDay(rooms.createdAt)} <= d) as rooms,
          (select count(*) from ${tenancies} join ${hostels} on ${hostels.id} = ${tenancies.hostelId}
            where not ${hostels.isClosed} and ${tenancies.startDate} <= d
              and (${tenancies.endedAt} is null or ${lagosDay(tenancies.endedAt)} > d)) as rented
        from unnest(${days}::date[]) as d`)) as unknown as { rows: Reading[] })
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
