import { MESSAGE_CHANNELS, type MessageChannel } from '@studynest/contracts';
import { SAVED_KINDS, type SavedKind } from '@studynest/contracts/saved';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, inList, rowId } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';
import { hostels } from '../hostels/hostels.schema.ts';

/**
 * A student's saved hostels and searches, and what each last saw (docs/domain.md, "Saved hostels
 * and searches"). Owned by the saved module.
 */
export const savedItems = pgTable(
  'saved_items',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    kind: text('kind').$type<SavedKind>().notNull(),
    hostelId: uuid('hostel_id').references(() => hostels.id, { onDelete: 'cascade' }),
    /** The search's filters as a canonical query string (`canonicalSearch`). */
    search: text('search'),
    channel: text('channel').$type<MessageChannel>().notNull().default('email'),
    /**
     * The bookable rooms it matched when she was last told (or when she saved it), room id → yearly
     * rent: a room missing here, or cheaper now, is news.
     */
    seen: jsonb('seen').$type<Record<string, number>>().notNull().default({}),
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('saved_items_kind_ck', inList('kind', SAVED_KINDS)),
    check('saved_items_channel_ck', inList('channel', MESSAGE_CHANNELS)),
    check(
      'saved_items_target_ck',
      sql`(kind = 'hostel' and hostel_id is not null and search is null) or (kind = 'search' and search is not null and hostel_id is null)`,
    ),
    uniqueIndex('saved_items_hostel_uq').on(t.userId, t.hostelId).where(sql`${t.hostelId} is not null`),
    uniqueIndex('saved_items_search_uq').on(t.userId, t.search).where(sql`${t.search} is not null`),
    index('saved_items_user_idx').on(t.userId, t.createdAt),
  ],
);
