import {
  DOCUMENT_KINDS,
  DOCUMENT_SLOTS,
  DOCUMENT_STATUSES,
  type DocumentKind,
  type DocumentSlot,
  type DocumentStatus,
} from '@studynest/contracts/documents';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, inList, rowId, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/** Students' documents (docs/domain.md, "Documents"). Owned by the documents module. */

/**
 * One row per student and slot: a new upload replaces the row (and its file), so a slot holds the
 * document under review or decided, never a history of files nobody needs.
 */
export const studentDocuments = pgTable(
  'student_documents',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    slot: text('slot').$type<DocumentSlot>().notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('uploaded'),
    /** Our key in the private storage (never served as a file): `documents/<uuid>.<pdf|jpg>`. */
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    pages: integer('pages'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('student_documents_user_slot_uq').on(t.userId, t.slot),
    check('student_documents_slot_ck', inList('slot', DOCUMENT_SLOTS)),
    check('student_documents_kind_ck', inList('kind', DOCUMENT_KINDS)),
    check('student_documents_status_ck', inList('status', DOCUMENT_STATUSES)),
    index('student_documents_queue_idx').on(t.status, t.uploadedAt),
  ],
);
