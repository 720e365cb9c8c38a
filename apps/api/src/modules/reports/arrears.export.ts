import { sql } from 'drizzle-orm';
import { amountOwed, inArrears, overdueSince } from '../rent/index.ts';
import { tenancies } from '../tenancies/index.ts';
import { arrearsDay } from './arrears.report.ts';
import { csvExport, phoneNumberCell } from './csv-export.ts';

/** The arrears report's tenants, all of them, most overdue first (the same day and rule as the report). */
export const arrearsExport = csvExport({
  from: tenancies,
  key: { sort: tenancies.dueDate, id: tenancies.id, cast: 'date' },
  where: (period) => inArrears(arrearsDay(period)),
  columns: {
    tenancy_id: tenancies.id,
    due_date: overdueSince,
    days_overdue: (period) => sql<number>`(${arrearsDay(period)}::date - ${overdueSince})`.mapWith(Number),
    amount_owed: (period) => amountOwed(arrearsDay(period)).mapWith(Number),
    phone_number: phoneNumberCell,
  },
});
