import { and, isNull, or, sql } from 'drizzle-orm';
import { rooms } from '../rooms/index.ts';
import { rentYearColumns, tenancies } from '../tenancies/index.ts';
import { csvExport, phoneNumberCell } from './csv-export.ts';
import { lagosDay } from './period.ts';

/** Every tenancy running at some time in the period (started by its end, not ended before its start). */
export const tenantsExport = csvExport({
  from: tenancies,
  key: { sort: tenancies.startDate, id: tenancies.id, cast: 'date' },
  where: (period) =>
    and(
      sql`${tenancies.startDate} <= ${period.to}::date`,
      or(isNull(tenancies.endedAt), sql`${lagosDay(tenancies.endedAt)} >= ${period.from}::date`),
    ),
  columns: {
    tenancy_id: tenancies.id,
    start_date: tenancies.startDate,
    due_date: tenancies.dueDate,
    ended_on: sql<string | null>`${lagosDay(tenancies.endedAt)}::text`,
    rent: rooms.price,
    // The latest year's plan, what is paid of it and what is left (docs/domain.md, "Rent plans").
    rent_plan: rentYearColumns(rooms.price).plan,
    rent_paid: rentYearColumns(rooms.price).paid,
    rent_outstanding: rentYearColumns(rooms.price).outstanding,
    phone_number: phoneNumberCell,
  },
});
