import { sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column helpers every module's schema file uses (modules/<m>/<m>.schema.ts): each module declares
 * its own tables; these keep their timestamps, money and CHECK lists written one way.
 */

/** A row's own key: a random UUID. */
export const rowId = () => uuid('id').primaryKey().defaultRandom();

/** The row another belongs to (a room's hostel, a session's user): it goes when that row goes. */
export const belongsTo = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });

/** A row another needs to outlive it (a refund's payment): deleting it is refused while referred to. */
export const refersTo = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target);

/** All timestamps are UTC instants (timestamptz); the web shows them in Africa/Lagos. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const naira = (name: string) => integer(name).notNull();

/** A CHECK that the column holds one of the contract's values (the lists live in packages/contracts). */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * A stored photo's columns, the same in every photo table (a hostel's, a room's): the files it
 * names are written by the image pipeline (docs/decisions/0026-image-pipeline.md).
 */
export const photoColumns = () => ({
  id: rowId(),
  /** Our own name for the stored files: `<key>.jpg` plus `<key>-<width>.webp` variants. */
  storageKey: text('storage_key').notNull().unique(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  variantWidths: integer('variant_widths').array().notNull().default(sql`'{}'::integer[]`),
  /** Dominant colour (`#rrggbb`) shown while the photo loads; null for photos stored before it was kept. */
  placeholder: text('placeholder'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});
