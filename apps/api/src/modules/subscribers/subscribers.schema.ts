import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, rowId } from '../../db/columns.ts';

/** Addresses given to the subscribe box. Owned by the subscribers module. */

export const subscribers = pgTable(
  'subscribers',
  {
    id: rowId(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscribers_email_lower_uq').on(sql`lower(${t.email})`)],
);
