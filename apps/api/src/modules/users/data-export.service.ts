import { eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Deps } from '../../deps.ts';
import { jpegKey } from '../../storage/photos.ts';
import { agreementsExportOf } from '../agreements/index.ts';
import { listConsents, listSessionRowsOf, users } from '../auth/index.ts';
import { bookings } from '../bookings/index.ts';
import { documentsExportOf } from '../documents/index.ts';
import { hostelReviewReports, hostelReviews } from '../hostel-reviews/index.ts';
import { listMaintenanceRowsOf } from '../maintenance/index.ts';
import { messageDeliveries } from '../messages/index.ts';
import { payments } from '../payments/index.ts';
import { refunds } from '../refunds/index.ts';
import { conditionExportOf, tenancies } from '../tenancies/index.ts';
import { bankTransfers, dedicatedAccounts } from '../transfers/index.ts';
import { dataExports } from './users.schema.ts';

/**
 * Parts of the export kept by modules the users module may not import (they come later in the
 * module order: saved items). startup.ts hands them in, each by the key
 * it has in data.json, with any files of hers to put in the ZIP.
 */
export type ExportPart = (
  deps: Pick<Deps, 'db' | 'storage' | 'privateStorage'>,
  userId: string,
) => Promise<{ rows: unknown[]; files?: Record<string, Uint8Array> }>;
export type ExportParts = Record<string, ExportPart>;

/**
 * Where each column that points at a person (a foreign key to users) goes in her export: the key
 * of data.json holding those rows, or why the rows are not hers to take. The data-rights test reads
 * the database's foreign keys and fails for a column missing here, so a new table about people
 * cannot be left out of the export by accident.
 */
export const EXPORT_COVERAGE: Record<string, { key: string } | { leftOut: string }> = {
  'sessions.user_id': { key: 'sign_ins' },
  'consents.user_id': { key: 'consents' },
  'bookings.user_id': { key: 'bookings' },
  'payments.user_id': { key: 'payments' },
  'tenancies.user_id': { key: 'tenancies' },
  'maintenance_requests.user_id': { key: 'maintenance' },
  'hostel_reviews.user_id': { key: 'hostel_reviews' },
  'hostel_review_reports.user_id': { key: 'hostel_review_reports' },
  'message_deliveries.user_id': { key: 'messages_sent_to_you' },
  'saved_items.user_id': { key: 'saved' },
  'data_exports.user_id': { key: 'data_exports' },
  'student_documents.user_id': { key: 'documents' },
  'tenancy_agreements.user_id': { key: 'tenancy_agreements' },
  'dedicated_accounts.user_id': { key: 'account_number' },
  'bank_transfers.user_id': { key: 'bank_transfers' },
  'one_time_codes.user_id': { leftOut: 'hashed codes that live ten minutes: a secret, not a record' },
  'idempotent_requests.user_id': {
    leftOut: "copies of answers she already got, kept a week so a phone's retry is not done twice",
  },
  'phone_reviews.user_id': { leftOut: 'an admin work list; the number itself is in account' },
  'rooms.held_by_user_id': { leftOut: 'a room held for minutes while she pays; the payment is exported' },
  'hostel_reviews.hidden_by': { leftOut: "an admin's moderation of someone's review" },
  'maintenance_events.actor_id': { leftOut: 'who worked on a request (admins); her requests are exported' },
  'message_sends.sender_id': { leftOut: "an admin's message to many people" },
  'refunds.requested_by': { leftOut: 'the admin who refunded; her refunds are exported' },
  'refund_closures.closed_by': { leftOut: 'the admin who closed a refund' },
  'tenancies.ended_by': { leftOut: 'the admin who recorded a move-out' },
  'admin_audit.actor_id': { leftOut: "an admin's own activity log" },
  'student_documents.reviewed_by': {
    leftOut: 'the admin who decided on a document; her documents are exported',
  },
  // A report and its photos belong to the tenancy: hers are exported under condition_reports and
  // condition_photos by her tenancies, whoever recorded, confirmed or took them.
  'condition_reports.recorded_by': {
    leftOut:
      "who recorded a report (an admin's work on anyone's tenancy); the reports of her tenancies are exported",
  },
  'condition_reports.confirmed_by': { leftOut: 'the admin who confirmed a report' },
  'condition_photos.uploaded_by': {
    leftOut:
      "who took a photo (an admin's work on anyone's tenancy); the photos of her tenancies are exported",
  },
};

/**
 * Everything held about one person (docs/domain.md, "Access"): her rows of each table, as stored,
 * in data.json, the photos she sent in photos/, her documents' files in documents/, her tenancy
 * agreements' PDFs in agreements/ and the photos of her room's condition in condition-photos/.
 * Secrets about her sign-in (the password hash, the two-step secret) are not data about her that
 * she can use, and would only help a thief.
 */
export async function exportPersonData(
  deps: Pick<Deps, 'db' | 'storage' | 'privateStorage'>,
  userId: string,
  parts: ExportParts = {},
): Promise<Uint8Array> {
  const { db } = deps;
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) throw new Error('export of an unknown account');
  const { passwordHash: _hash, totpSecret: _secret, totpLastStep: _step, ...accountData } = account;
  const paid = await db.select().from(payments).where(eq(payments.userId, userId));
  const maintenance = await listMaintenanceRowsOf(deps, userId);
  const documents = await documentsExportOf(deps, userId);
  const agreements = await agreementsExportOf(deps, userId);
  const condition = await conditionExportOf(deps, userId);
  const files: Record<string, Uint8Array> = { ...documents.files, ...agreements.files, ...condition.files };
  const extra: Record<string, unknown[]> = {};
  for (const [key, part] of Object.entries(parts)) {
    const { rows, files: partFiles } = await part(deps, userId);
    extra[key] = rows;
    Object.assign(files, partFiles);
  }
  const data = {
    exported_at: new Date().toISOString(),
    account: accountData,
    sign_ins: await listSessionRowsOf(db, userId),
    consents: await listConsents(db, userId),
    bookings: await db.select().from(bookings).where(eq(bookings.userId, userId)),
    payments: paid,
    refunds: paid.length
      ? await db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              paid.map((p) => p.id),
            ),
          )
      : [],
    tenancies: await db.select().from(tenancies).where(eq(tenancies.userId, userId)),
    tenancy_agreements: agreements.rows,
    account_number: await db.select().from(dedicatedAccounts).where(eq(dedicatedAccounts.userId, userId)),
    bank_transfers: await db.select().from(bankTransfers).where(eq(bankTransfers.userId, userId)),
    condition_reports: condition.reports,
    condition_photos: condition.photos,
    documents: documents.rows,
    maintenance,
    hostel_reviews: await db.select().from(hostelReviews).where(eq(hostelReviews.userId, userId)),
    hostel_review_reports: await db
      .select()
      .from(hostelReviewReports)
      .where(eq(hostelReviewReports.userId, userId)),
    messages_sent_to_you: await db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.userId, userId)),
    data_exports: await db
      .select({
        id: dataExports.id,
        status: dataExports.status,
        requestedAt: dataExports.requestedAt,
        readyAt: dataExports.readyAt,
        expiresAt: dataExports.expiresAt,
      })
      .from(dataExports)
      .where(eq(dataExports.userId, userId)),
    ...extra,
  };
  files['data.json'] = strToU8(JSON.stringify(data, null, 2));
  for (const photo of maintenance.flatMap((m) => m.photos)) {
    const bytes = await deps.storage.get(jpegKey(photo.storageKey));
    if (bytes) files[`photos/${photo.storageKey.replaceAll('/', '-')}.jpg`] = bytes;
  }
  return zipSync(files);
}
