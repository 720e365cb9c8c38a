import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@studynest/contracts';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_SLOTS,
  type DocumentKind,
  type DocumentQueueItem,
  type DocumentStatus,
  type MyDocuments,
  SLOT_LABELS,
  type StudentDocument,
  slotOfKind,
} from '@studynest/contracts/documents';
import { nigerianMobile } from '@studynest/contracts/phone';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type AuthUser, personRefColumns, users } from '../auth/index.ts';
import { type NewMessage, queueMessages } from '../messages/index.ts';
import { getSettings } from '../settings/index.ts';
import type { CleanFile } from './document-file.ts';
import { studentDocuments } from './documents.schema.ts';

type Row = typeof studentDocuments.$inferSelect;

const toDocument = (row: Row): StudentDocument => ({
  _id: row.id,
  slot: row.slot,
  kind: row.kind,
  status: row.status,
  file_name: row.fileName,
  content_type: row.contentType,
  size: row.size,
  pages: row.pages,
  uploaded_at: row.uploadedAt.toISOString(),
  reviewed_at: row.reviewedAt?.toISOString() ?? null,
  rejection_reason: row.rejectionReason,
});

const queueItem = (row: Row, student: DocumentQueueItem['student']): DocumentQueueItem => ({
  ...toDocument(row),
  student,
  kind_label: DOCUMENT_KIND_LABELS[row.kind],
});

/** The name a file had on her device, kept short and printable (it is shown back, never used as a path). */
export function displayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? clean.slice(0, 120) : 'The file';
}

const extension = (contentType: CleanFile['contentType']) =>
  contentType === 'application/pdf' ? 'pdf' : 'jpg';

/** Only students send documents; an admin has none to send. */
export function assertStudent(user: AuthUser): void {
  if (user.role !== 'student') throw forbidden('Documents are uploaded by students, for themselves');
}

/**
 * Keep a student's document in her slot for its kind (docs/domain.md, "Documents"): a first
 * upload, or one replacing a rejected or not yet reviewed document. An approved one stays until an
 * admin's decision changes; the replaced file is removed once the new row is saved.
 */
export async function saveDocument(
  deps: Pick<Deps, 'db' | 'privateStorage' | 'log'>,
  user: AuthUser,
  kind: DocumentKind,
  fileName: string,
  file: CleanFile,
): Promise<StudentDocument> {
  assertStudent(user);
  const slot = slotOfKind(kind);
  const [current] = await deps.db
    .select()
    .from(studentDocuments)
    .where(and(eq(studentDocuments.userId, user.id), eq(studentDocuments.slot, slot)))
    .limit(1);
  if (current?.status === 'approved') {
    throw conflict(
      `Your ${DOCUMENT_KIND_LABELS[current.kind]} is already approved; there is nothing more to send for ${SLOT_LABELS[slot].split(' (')[0]?.toLowerCase()}.`,
    );
  }
  const storageKey = `documents/${randomUUID()}.${extension(file.contentType)}`;
  await deps.privateStorage.put(storageKey, file.data, file.contentType);
  const values = {
    kind,
    status: 'uploaded' as const,
    storageKey,
    contentType: file.contentType,
    fileName,
    size: file.data.length,
    pages: file.pages,
    uploadedAt: new Date(),
    reviewedAt: null,
    reviewedBy: null,
    rejectionReason: null,
    updatedAt: new Date(),
  };
  let row: Row | undefined;
  try {
    [row] = await deps.db
      .insert(studentDocuments)
      .values({ userId: user.id, slot, ...values })
      .onConflictDoUpdate({
        target: [studentDocuments.userId, studentDocuments.slot],
        set: values,
        // Two uploads at once, or a review in between: an approved document is never replaced.
        setWhere: ne(studentDocuments.status, 'approved'),
      })
      .returning();
  } catch (err) {
    await deps.privateStorage.remove(storageKey);
    throw err;
  }
  if (!row) {
    await deps.privateStorage.remove(storageKey);
    throw conflict('This document was approved meanwhile; there is nothing more to send.');
  }
  if (current) {
    await deps.privateStorage.remove(current.storageKey).catch((err: unknown) => {
      deps.log.warn({ err, key: current.storageKey }, 'a replaced document could not be removed');
    });
  }
  return toDocument(row);
}

/** Her documents by slot, and the next step in words (the profile and the upload page show it). */
export async function myDocuments(deps: Pick<Deps, 'db'>, userId: string): Promise<MyDocuments> {
  const [rows, settings] = await Promise.all([
    deps.db.select().from(studentDocuments).where(eq(studentDocuments.userId, userId)),
    getSettings(deps),
  ]);
  const bySlot = new Map(rows.map((r) => [r.slot, r]));
  return {
    documents: DOCUMENT_SLOTS.map((slot) => {
      const row = bySlot.get(slot);
      return { slot, document: row ? toDocument(row) : null };
    }),
    approved: DOCUMENT_SLOTS.every((slot) => bySlot.get(slot)?.status === 'approved'),
    next_step: nextStep(bySlot),
    required_for_rent: settings.paperwork_required_for_rent,
  };
}

const slotName = (slot: (typeof DOCUMENT_SLOTS)[number]) =>
  slot === 'study'
    ? 'your student ID or admission letter'
    : "your passport, national ID card, NIN slip or voter's card";

/** What is missing, in the order she can act on it; null when both are approved. */
function nextStep(bySlot: Map<string, Row>): string | null {
  const missing = DOCUMENT_SLOTS.filter((slot) => !bySlot.get(slot));
  const rejected = DOCUMENT_SLOTS.filter((slot) => bySlot.get(slot)?.status === 'rejected');
  const waiting = DOCUMENT_SLOTS.filter((slot) => bySlot.get(slot)?.status === 'uploaded');
  const steps: string[] = [];
  for (const slot of rejected) {
    const row = bySlot.get(slot) as Row;
    steps.push(
      `Upload ${slotName(slot)} again: ${DOCUMENT_KIND_LABELS[row.kind]} was rejected (${row.rejectionReason}).`,
    );
  }
  if (missing.length) steps.push(`Upload ${missing.map(slotName).join(' and ')}.`);
  if (waiting.length && !steps.length) {
    steps.push(
      `Wait for an admin to check ${waiting.map((s) => DOCUMENT_KIND_LABELS[(bySlot.get(s) as Row).kind]).join(' and ')}; you will be told by e-mail.`,
    );
  } else if (waiting.length) {
    steps.push(
      `${waiting.map((s) => DOCUMENT_KIND_LABELS[(bySlot.get(s) as Row).kind]).join(' and ')} is waiting for an admin.`,
    );
  }
  return steps.length ? steps.join(' ') : null;
}

/**
 * Rent needs approved documents while the paperwork setting is on (checkout asks only then;
 * docs/domain.md, "Documents"): 409 documents_required with what is still missing.
 */
export async function requireApprovedDocuments(deps: Pick<Deps, 'db'>, userId: string): Promise<void> {
  const mine = await myDocuments(deps, userId);
  if (mine.approved) return;
  throw new AppError(
    409,
    `Approved documents are needed before rent can be paid. ${mine.next_step ?? ''}`.trim(),
    undefined,
    undefined,
    ERROR_CODES.documentsRequired,
  );
}

/** The file of one document, for its owner or an admin; anyone else is told it does not exist. */
export async function documentFile(
  deps: Pick<Deps, 'db' | 'privateStorage'>,
  user: AuthUser,
  id: string,
): Promise<{ document: DocumentQueueItem; data: Buffer }> {
  const [found] = await deps.db
    .select({ row: studentDocuments, student: personRefColumns })
    .from(studentDocuments)
    .innerJoin(users, eq(users.id, studentDocuments.userId))
    .where(and(eq(studentDocuments.id, id), isNull(users.deletedAt)))
    .limit(1);
  // The same answer for a document of someone else as for none: its existence is not told either.
  if (!found || (user.role !== 'admin' && found.row.userId !== user.id)) throw notFound('No such document');
  const data = await deps.privateStorage.get(found.row.storageKey);
  if (!data) throw notFound("This document's file is no longer kept");
  return { document: queueItem(found.row, found.student), data };
}

/** The review queue, one status at a time, oldest upload first (docs/domain.md, "Documents"). */
export async function documentQueue(
  deps: Pick<Deps, 'db'>,
  status: DocumentStatus,
): Promise<DocumentQueueItem[]> {
  const rows = await deps.db
    .select({ row: studentDocuments, student: personRefColumns })
    .from(studentDocuments)
    .innerJoin(users, eq(users.id, studentDocuments.userId))
    .where(and(eq(studentDocuments.status, status), isNull(users.deletedAt)))
    .orderBy(asc(studentDocuments.uploadedAt), asc(studentDocuments.id))
    .limit(500);
  return rows.map(({ row, student }) => queueItem(row, student));
}

type Review = { decision: 'approve' } | { decision: 'reject'; reason: string };

/**
 * An admin's decision on a document waiting for one; a rejection is sent to the student by e-mail
 * and, when her number can take texts, by SMS, with the reason.
 */
export async function reviewDocument(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  adminId: string,
  id: string,
  review: Review,
): Promise<DocumentQueueItem> {
  const reason = review.decision === 'reject' ? review.reason : null;
  const [row] = await deps.db
    .update(studentDocuments)
    .set({
      status: review.decision === 'approve' ? 'approved' : 'rejected',
      reviewedAt: new Date(),
      reviewedBy: adminId,
      rejectionReason: reason,
      updatedAt: new Date(),
    })
    .where(and(eq(studentDocuments.id, id), eq(studentDocuments.status, 'uploaded')))
    .returning();
  if (!row) {
    const [other] = await deps.db
      .select({ status: studentDocuments.status })
      .from(studentDocuments)
      .where(eq(studentDocuments.id, id))
      .limit(1);
    if (!other) throw notFound('No such document');
    throw conflict(
      `This document is already ${other.status}; only a document waiting for review can be decided.`,
    );
  }
  const [student] = await deps.db
    .select(personRefColumns)
    .from(users)
    .where(eq(users.id, row.userId))
    .limit(1);
  if (!student) throw notFound('No such document');
  if (reason !== null) await tellRejected(deps, row, student, reason);
  return queueItem(row, student);
}

async function tellRejected(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  row: Row,
  student: { _id: string; first_name: string; email: string; phone_number: string },
  reason: string,
) {
  const label = DOCUMENT_KIND_LABELS[row.kind];
  const link = `${deps.config.publicUrl.replace(/\/+$/, '')}/documents`;
  const key = `document-rejected:${row.id}:${row.reviewedAt?.toISOString()}`;
  const messages: NewMessage[] = [
    {
      channel: 'email',
      to: student.email,
      userId: student._id,
      topic: 'account',
      subject: `StudyNest: please upload your ${label} again`,
      text: [
        `Hello ${student.first_name},`,
        '',
        `We could not accept the ${label} you uploaded (${row.fileName}).`,
        '',
        `Reason: ${reason}`,
        '',
        `Upload a new one here: ${link}`,
      ].join('\n'),
      key: `${key}:email`,
    },
  ];
  const phone = nigerianMobile(student.phone_number);
  if (phone) {
    messages.push({
      channel: 'sms',
      to: phone,
      userId: student._id,
      topic: 'account',
      text: `StudyNest: your ${label} was not accepted: ${reason.slice(0, 200)}. Upload it again at ${link}`,
      key: `${key}:sms`,
    });
  }
  await queueMessages(deps, messages);
}

/** The name of a document's file in her data export: `documents/<slot>-<kind>.<pdf|jpg>`. */
const exportName = (row: Row) =>
  `documents/${row.slot}-${row.kind}.${extension(row.contentType as CleanFile['contentType'])}`;

/**
 * Her documents for "Download my data" (docs/domain.md, "Access"): each row as stored but for our
 * storage key (where a file lies in our store says nothing about her), with the name of its file
 * in the ZIP; a file no longer kept is named null.
 */
export async function documentsExportOf(
  deps: Pick<Deps, 'db' | 'privateStorage'>,
  userId: string,
): Promise<{ rows: unknown[]; files: Record<string, Uint8Array> }> {
  const rows = await deps.db.select().from(studentDocuments).where(eq(studentDocuments.userId, userId));
  const files: Record<string, Uint8Array> = {};
  const shown = [];
  for (const { storageKey, ...row } of rows) {
    const data = await deps.privateStorage.get(storageKey);
    const name = exportName({ storageKey, ...row });
    if (data) files[name] = data;
    shown.push({ ...row, file: data ? name : null });
  }
  return { rows: shown, files };
}

/** One document gone: the file first, then the row (a file whose row is gone could never be found again). */
export async function removeDocument(deps: Pick<Deps, 'db' | 'privateStorage'>, id: string): Promise<void> {
  const [row] = await deps.db
    .select({ storageKey: studentDocuments.storageKey })
    .from(studentDocuments)
    .where(eq(studentDocuments.id, id));
  if (!row) return;
  await deps.privateStorage.remove(row.storageKey);
  await deps.db.delete(studentDocuments).where(eq(studentDocuments.id, id));
}

/** Every document of hers, rows and files (her account's deletion, docs/domain.md "Deletion"). */
export async function removeDocumentsOf(
  deps: Pick<Deps, 'db' | 'privateStorage'>,
  userId: string,
): Promise<number> {
  const rows = await deps.db
    .select({ id: studentDocuments.id })
    .from(studentDocuments)
    .where(eq(studentDocuments.userId, userId));
  for (const row of rows) await removeDocument(deps, row.id);
  return rows.length;
}
