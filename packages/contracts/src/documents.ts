/**
 * A student's documents (docs/domain.md, "Documents"): one proof of study and one proof of identity,
 * each uploaded, then approved or rejected by an admin. The lists and words live without zod in
 * document-kinds.ts, so the upload page does not carry the schemas.
 */
import * as z from 'zod/mini';
import { PersonRefSchema } from './bookings.ts';
import { requiredText } from './common.ts';
import { DOCUMENT_KINDS, DOCUMENT_SLOTS, DOCUMENT_STATUSES } from './document-kinds.ts';

export * from './document-kinds.ts';

/** A document as its owner and the admins see it (never its file's location). */
export const StudentDocumentSchema = z.object({
  _id: z.string(),
  slot: z.enum(DOCUMENT_SLOTS),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  /** The name the file had on her device, shown so she knows which one she sent. */
  file_name: z.string(),
  /** What is stored: `application/pdf` or `image/jpeg` (every image is re-encoded as JPEG). */
  content_type: z.string(),
  size: z.int(),
  /** A PDF's pages; null for an image. */
  pages: z.nullable(z.int()),
  uploaded_at: z.string(),
  reviewed_at: z.nullable(z.string()),
  /** Why an admin rejected it; null unless rejected. */
  rejection_reason: z.nullable(z.string()),
});
export type StudentDocument = z.output<typeof StudentDocumentSchema>;

/** GET /documents/mine: each slot with its document (or null), and what is still needed. */
export const MyDocumentsSchema = z.object({
  documents: z.array(z.object({ slot: z.enum(DOCUMENT_SLOTS), document: z.nullable(StudentDocumentSchema) })),
  /** Both documents approved. */
  approved: z.boolean(),
  /** What she must do next, in words (null when both are approved). */
  next_step: z.nullable(z.string()),
  /** Whether rent can be paid only with approved documents (the admins' setting). */
  required_for_rent: z.boolean(),
});
export type MyDocuments = z.output<typeof MyDocumentsSchema>;

/** GET /admin/documents: a document waiting for review, with its student. */
export const DocumentQueueItemSchema = z.extend(StudentDocumentSchema, {
  student: PersonRefSchema,
  /** The kind in words ("NIN slip"), so the admin's screen carries no list of its own. */
  kind_label: z.string(),
});
export type DocumentQueueItem = z.output<typeof DocumentQueueItemSchema>;

export const DocumentQueueQuerySchema = z.object({
  status: z._default(
    z.enum(DOCUMENT_STATUSES, { error: 'status must be uploaded, approved or rejected' }),
    'uploaded',
  ),
});

/** POST /admin/documents/{id}/review: approve, or reject with a reason the student is sent. */
export const DocumentReviewSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }),
    z.object({ decision: z.literal('reject'), reason: requiredText('Reason', 500) }),
  ],
  { error: 'decision must be approve or reject (with a reason)' },
);
export type DocumentReviewInput = z.input<typeof DocumentReviewSchema>;
