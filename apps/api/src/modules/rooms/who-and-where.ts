import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { personRefColumns, users } from '../auth/index.ts';
import { hostelRefColumns, hostels } from '../hostels/index.ts';
import { roomRefColumns } from './rooms.mapper.ts';
import { rooms } from './rooms.schema.ts';

type AboutSomeoneSomewhere = { userId: AnyPgColumn; roomId: AnyPgColumn; hostelId: AnyPgColumn };

/**
 * Join the student, the room and the hostel a booking, payment, tenancy or request is about (the
 * columns `whoAndWhere` declares), so a list can select their names: one join for every such list.
 */
export function joinWhoAndWhere<T extends PgSelect>(query: T, row: AboutSomeoneSomewhere) {
  return query
    .innerJoin(users, eq(users.id, row.userId))
    .innerJoin(rooms, eq(rooms.id, row.roomId))
    .innerJoin(hostels, eq(hostels.id, row.hostelId));
}

/**
 * The rows of `table` with `fields`, each with the student, room and hostel it is about as the
 * references the admin lists show (`user`, `room`, `hostel`); the caller adds its filter and order.
 */
export function selectWithWhoAndWhere<
  Table extends PgTable & AboutSomeoneSomewhere,
  Fields extends SelectedFields,
>(db: DbOrTx, table: Table, fields: Fields) {
  return joinWhoAndWhere(
    db
      .select({ ...fields, user: personRefColumns, room: roomRefColumns, hostel: hostelRefColumns })
      // Drizzle cannot tell a generic table from a subquery without `returning`; the fields are explicit.
      .from(table as PgTable)
      .$dynamic(),
    table,
  );
}
