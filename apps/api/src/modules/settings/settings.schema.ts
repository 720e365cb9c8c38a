import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';

/** Settings and facts the server keeps about itself, as keys and values. Owned by the settings module. */

/** Key/value facts the server keeps about itself (e.g. that demo data was seeded once). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
