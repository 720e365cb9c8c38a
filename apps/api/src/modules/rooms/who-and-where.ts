import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { rooms } from './rooms.schema.ts';

/**
 * Join the student, the room and the hostel a booking, payment, tenancy or request is about (the
 * columns `whoAndWhere` declares), so a list can select their names: one join for every such list.
 */
export function joinWhoAndWhere<T extends PgSelect>(
  query: T,
  row: { userId: AnyPgColumn; roomId: AnyPgColumn; hostelId: AnyPgColumn },
) {
  return query
    .innerJoin(users, eq(users.id, row.userId))
    .innerJoin(rooms, eq(rooms.id, row.roomId))
    .innerJoin(hostels, eq(hostels.id, row.hostelId));
}
