import { hostels, rooms, users } from '../../db/schema.ts';

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
