import { AGREEMENT_TERM_KINDS, type AgreementTermKind, type AgreementTerms } from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, inList, rowId, updatedAt } from '../../db/columns.ts';
import { whoAndWhere } from '../rooms/rooms.schema.ts';

/**
 * A PDF's exact bytes. Kept in the database, not in the private file store: that store is a cache
 * that may be emptied (receipts are drawn again), while an agreement's PDF is the evidence of what
 * the tenant read and cannot be drawn again byte for byte (docs/decisions/0029-tenancy-agreements.md).
 */
const pdfBytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers with a Uint8Array, node-postgres with a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Tenancy agreements, one per rent she pays (docs/domain.md, "Tenancy agreement"). Owned by the agreements module. */
export const tenancyAgreements = pgTable(
  'tenancy_agreements',
  {
    id: rowId(),
    ...whoAndWhere(),
    /**
     * The rent it is for: `first:<agent fee id>` (the fee that books her the room) or
     * `renewal:<tenancy id>:<due date renewed>`.
     */
    rentKey: text('rent_key').notNull(),
    termKind: text('term_kind').$type<AgreementTermKind>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    rentAmount: integer('rent_amount').notNull(),
    /** The template of terms it was drawn from (agreement-template.ts); never changes once drawn. */
    templateVersion: text('template_version').notNull(),
    /** Everything the PDF shows, as drawn. */
    terms: jsonb('terms').$type<AgreementTerms>().notNull(),
    /** The PDF she is shown, and its SHA-256 (hex). Replaced while unaccepted if the facts change. */
    document: pdfBytes('document').notNull(),
    documentSha256: text('document_sha256').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedName: text('accepted_name'),
    acceptedIp: text('accepted_ip'),
    acceptedUserAgent: text('accepted_user_agent'),
    /** The same pages plus an acceptance page with a QR code, drawn once at acceptance. */
    signedDocument: pdfBytes('signed_document'),
    signedSha256: text('signed_sha256'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One agreement awaiting acceptance per rent; accepted ones are kept, never changed.
    uniqueIndex('tenancy_agreements_draft_uq').on(t.rentKey).where(sql`${t.acceptedAt} is null`),
    index('tenancy_agreements_user_idx').on(t.userId),
    index('tenancy_agreements_document_sha_idx').on(t.documentSha256),
    index('tenancy_agreements_signed_sha_idx').on(t.signedSha256),
    check('tenancy_agreements_term_kind_ck', inList('term_kind', AGREEMENT_TERM_KINDS)),
    check(
      'tenancy_agreements_accepted_ck',
      sql`(${t.acceptedAt} is null) = (${t.acceptedName} is null)
        and (${t.acceptedAt} is null) = (${t.signedDocument} is null)
        and (${t.acceptedAt} is null) = (${t.signedSha256} is null)`,
    ),
  ],
);
