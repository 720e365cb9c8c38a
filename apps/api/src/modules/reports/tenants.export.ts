import { and, isNull, or, sql } from 'drizzle-orm';
import { users } from '../auth/index.ts';
import { rooms } from '../rooms/index.ts';
import { tenancies } from '../tenancies/index.ts';
import { type CsvExport, keyset } from './csv.ts';
import {
  whoAndWhereCells,
  whoAndWhereColumns,
  whoAndWhereHeader,
  withTenancyPeople,
} from './export-columns.ts';
import { lagosDay } from './period.ts';

/** Every tenancy running at some time in the period (started by its end, not ended before its start). */
export const tenantsExport: CsvExport = {
  columns: ['tenancy_id', 'start_date', 'due_date', 'ended_on', 'rent', 'phone_number', ...whoAndWhereHeader],
  async batch(db, period, after, limit) {
    const k = keyset(tenancies.startDate, tenancies.id, 'date', after);
    const rows = await withTenancyPeople(
      db
        .select({
          key: k.key,
          id: tenancies.id,
          startDate: tenancies.startDate,
          dueDate: tenancies.dueDate,
          endedOn: sql<string | null>`${lagosDay(tenancies.endedAt)}::text`,
          rent: rooms.price,
          phone: users.phoneNumber,
          ...whoAndWhereColumns,
        })
        .from(tenancies)
        .$dynamic(),
    )
      .where(
        and(
          sql`${tenancies.startDate} <= ${period.to}::date`,
          or(isNull(tenancies.endedAt), sql`${lagosDay(tenancies.endedAt)} >= ${period.from}::date`),
          k.after,
        ),
      )
      .orderBy(...k.orderBy)
      .limit(limit);
    return rows.map((r) => ({
      key: r.key,
      cells: [r.id, r.startDate, r.dueDate, r.endedOn, r.rent, r.phone, ...whoAndWhereCells(r)],
    }));
  },
};
