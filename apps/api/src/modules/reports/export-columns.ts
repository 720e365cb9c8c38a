import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { rooms } from '../rooms/index.ts';
import { tenancies } from '../tenancies/index.ts';

/** Who and where, as every export lists them: the student's name and e-mail, the hostel and room. */
export const whoAndWhereHeader = ['first_name', 'last_name', 'email', 'hostel', 'room'] as const;
export const whoAndWhereColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  hostel: hostels.hostelName,
  room: rooms.roomNumber,
};
export const whoAndWhereCells = (r: {
  firstName: string;
  lastName: string;
  email: string;
  hostel: string;
  room: string;
}) => [r.firstName, r.lastName, r.email, r.hostel, r.room] as const;

/** A select from tenancies with its tenant, room and hostel joined (the tenants and arrears exports). */
export const withTenancyPeople = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(users, eq(users.id, tenancies.userId))
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId));
