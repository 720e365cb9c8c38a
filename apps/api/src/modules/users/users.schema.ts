import { DATA_EXPORT_STATUSES, type DataExportStatus } from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, inList, rowId } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/**
 * "Download my data" requests (docs/domain.md, "Access"): a job builds each ZIP into private
 * storage and e-mails a link that works for a day; the retention job deletes the file and the row
 * after that. Owned by the users module.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    status: text('status').$type<DataExportStatus>().notNull().default('pending'),
    /** The ZIP's key in private storage (never the public uploads); null until built. */
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    /** When the e-mailed link stops working (the retention job then deletes the file and the row). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** The last time the link was used (the same day may use it again: a phone's download can break). */
    downloadedAt: timestamp('downloaded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('data_exports_status_check', inList('status', DATA_EXPORT_STATUSES)),
    // One export being prepared per person, whatever two requests race.
    uniqueIndex('data_exports_one_pending_idx').on(t.userId).where(sql`status = 'pending'`),
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);
