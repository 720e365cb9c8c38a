import type { PersonRef, User } from '@studynest/contracts';
import { users } from './auth.schema.ts';

export type UserRow = typeof users.$inferSelect;

/** An account as the API shows it; `isEmailConfirmed` is the spec's spelling. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    gender: row.gender,
    email: row.email,
    phone_number: row.phoneNumber,
    role: row.role,
    isEmailConfirmed: row.isEmailConfirmed,
    created_at: row.createdAt.toISOString(),
    ...(row.role === 'admin' ? { two_step: row.totpEnabledAt !== null } : {}),
  };
}

/** A person as lists mention them (who booked, who rents, who paid): columns for a drizzle select. */
export const personRefColumns = {
  _id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  phone_number: users.phoneNumber,
} satisfies Record<keyof PersonRef, unknown>;
