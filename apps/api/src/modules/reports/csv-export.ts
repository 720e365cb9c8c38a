import type { ReportPeriod } from '@studynest/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { rooms } from '../rooms/index.ts';
import { type Cell, type CsvExport, type ExportKey, KeptText, keyset } from './csv.ts';
import { instantInPeriod } from './period.ts';

/** What a column reads: a table's column or an expression; one that depends on the period, as a function of it. */
type Field = AnyPgColumn | SQL | SQL.Aliased;
type Column = Field | ((period: ReportPeriod) => Field);

/** A table whose rows name a student, a room and a hostel (bookings, payments, tenancies). */
type PeopleSource = { userId: AnyPgColumn; roomId: AnyPgColumn; hostelId: AnyPgColumn };

/** Who and where, as every export lists them last: the student's name and e-mail, the hostel and room. */
const whoAndWhere = {
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  hostel: hostels.hostelName,
  room: rooms.roomNumber,
};

/**
 * The student's phone number as Nigerians write it (stored +2348031234567, written 08031234567),
 * kept as text so a spreadsheet does not drop the 0. A number stored before the E.164 rule is
 * written as it was typed.
 */
export const phoneNumberCell = sql<KeptText | null>`case when ${users.phoneNumber} like '+234%'
  then '0' || substr(${users.phoneNumber}, 5) else nullif(${users.phoneNumber}, '') end`.mapWith(
  (value: string | null) => (value == null ? null : new KeptText(value)),
);

/**
 * `from`: the table each row of the file is one row of; it names the student, room and hostel, or
 * they are read from a table joined `through` (a refund's payment).
 */
export type CsvExportSpec = (
  | { from: PgTable & PeopleSource; through?: undefined; people?: undefined }
  | {
      from: PgTable;
      through: { table: PgTable; on: SQL };
      people: PeopleSource;
    }
) & {
  /** The key the rows are read in order of, in batches: a sort column (as `cast`) and the id. */
  key: { sort: AnyPgColumn; id: AnyPgColumn; cast: 'timestamptz' | 'date' };
  /** The rows of the period. */
  where: (period: ReportPeriod) => SQL | undefined;
  /** The columns before who and where: header → what it reads, in the file's order. */
  columns: Record<string, Column>;
};

/**
 * One CSV export (docs/domain.md, "Reports") from what it lists: its header is the columns' names
 * then who and where; each batch is read after the last key, in key order.
 */
export function csvExport(spec: CsvExportSpec): CsvExport {
  const header = [...Object.keys(spec.columns), ...Object.keys(whoAndWhere)];
  return {
    columns: header,
    async batch(db, period, after, limit) {
      const k = keyset(spec.key.sort, spec.key.id, spec.key.cast, after);
      const fields: Record<string, Field> = { ...whoAndWhere };
      for (const [name, column] of Object.entries(spec.columns)) {
        fields[name] = typeof column === 'function' ? column(period) : column;
      }
      let query = db.select({ key: k.key, cells: fields }).from(spec.from).$dynamic();
      if (spec.through) query = query.innerJoin(spec.through.table, spec.through.on);
      const people = spec.people ?? spec.from;
      const rows = (await query
        .innerJoin(users, eq(users.id, people.userId))
        .innerJoin(rooms, eq(rooms.id, people.roomId))
        .innerJoin(hostels, eq(hostels.id, people.hostelId))
        .where(and(spec.where(period), k.after))
        .orderBy(...k.orderBy)
        .limit(limit)) as { key: ExportKey; cells: Record<string, Cell> }[];
      return rows.map((r) => ({ key: r.key, cells: header.map((name) => r.cells[name] as Cell) }));
    },
  };
}

/** A table's rows created in the period, read oldest first. */
export const createdInPeriod = <T extends PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn }>(
  table: T,
) => ({
  from: table,
  key: { sort: table.createdAt, id: table.id, cast: 'timestamptz' as const },
  where: (period: ReportPeriod) => instantInPeriod(table.createdAt, period),
});
