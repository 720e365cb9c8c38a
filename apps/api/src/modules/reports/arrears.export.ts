import { and, sql } from 'drizzle-orm';
import { users } from '../auth/index.ts';
import { amountOwed, inArrears } from '../rent/index.ts';
import { tenancies } from '../tenancies/index.ts';
import { arrearsDay } from './arrears.report.ts';
import { type CsvExport, keyset } from './csv.ts';
import {
  whoAndWhereCells,
  whoAndWhereColumns,
  whoAndWhereHeader,
  withTenancyPeople,
} from './export-columns.ts';

/** The arrears report's tenants, all of them, most overdue first (the same day and rule as the report). */
export const arrearsExport: CsvExport = {
  columns: ['tenancy_id', 'due_date', 'days_overdue', 'amount_owed', 'phone_number', ...whoAndWhereHeader],
  async batch(db, period, after, limit) {
    const asOf = arrearsDay(period);
    const k = keyset(tenancies.dueDate, tenancies.id, 'date', after);
    const rows = await withTenancyPeople(
      db
        .select({
          key: k.key,
          id: tenancies.id,
          dueDate: tenancies.dueDate,
          daysOverdue: sql<number>`(${asOf}::date - ${tenancies.dueDate})`,
          owed: amountOwed,
          phone: users.phoneNumber,
          ...whoAndWhereColumns,
        })
        .from(tenancies)
        .$dynamic(),
    )
      .where(and(inArrears(asOf), k.after))
      .orderBy(...k.orderBy)
      .limit(limit);
    return rows.map((r) => ({
      key: r.key,
      cells: [r.id, r.dueDate, Number(r.daysOverdue), r.owed, r.phone, ...whoAndWhereCells(r)],
    }));
  },
};
