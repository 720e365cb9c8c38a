import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type Agreement,
  type AgreementTerms,
  type AgreementVerification,
  addMonths,
  BUSINESS,
  ERROR_CODES,
  formatLagosDateTime,
  todayInLagos,
} from '@studynest/contracts';
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { derivedKey } from '../../lib/derived-key.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type AuthUser, assertAdminReady, users } from '../auth/index.ts';
import { maskedName, type PdfPool } from '../receipts/index.ts';
import { effectiveRentPlan, type rooms, roomWithItsHostel } from '../rooms/index.ts';
import { bookingFeeOf, checkRoomPayment, runningTenancyOf, tenancies } from '../tenancies/index.ts';
import type { AgreementPdfTask } from './agreement-pdf.ts';
import {
  AGREEMENT_TEMPLATE_VERSION,
  GOVERNING_LAW,
  genderPolicyText,
  QUIET_HOURS,
  SUBLETTING,
} from './agreement-template.ts';
import { tenancyAgreements } from './agreements.schema.ts';

/*
 * The tenancy agreement (docs/domain.md, "Tenancy agreement"): made for the rent she is about to
 * pay — a first rent or a renewal — from the template of terms in the repository, accepted by
 * typing her name and ticking a box, and kept as evidence: the exact PDF she read, its SHA-256,
 * when, from which address and browser, and a signed copy verifiable by a QR code.
 */

export type AgreementDeps = Pick<Deps, 'db' | 'config'> & { pdfs: PdfPool<AgreementPdfTask> };
type Row = typeof tenancyAgreements.$inferSelect;
type RoomRow = typeof rooms.$inferSelect;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const agreementNumber = (id: string) => `TA-${id.slice(0, 8).toUpperCase()}`;

/** 128 bits of HMAC-SHA256, base64url, like a receipt's code (docs/decisions/0014-receipts.md). */
const MAC_BYTES = 16;
const macOf = (secret: string, id: string) =>
  createHmac('sha256', derivedKey(secret, 'agreement-verification'))
    .update(id)
    .digest()
    .subarray(0, MAC_BYTES);
export const agreementCode = ({ config }: Pick<Deps, 'config'>, id: string) =>
  `${id}.${macOf(config.jwtSecret, id).toString('base64url')}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function idOfCode({ config }: Pick<Deps, 'config'>, code: string): string | null {
  const dot = code.lastIndexOf('.');
  const id = code.slice(0, dot);
  const mac = Buffer.from(code.slice(dot + 1), 'base64url');
  if (dot < 0 || !UUID.test(id) || mac.length !== MAC_BYTES) return null;
  if (mac.toString('base64url') !== code.slice(dot + 1)) return null;
  return timingSafeEqual(mac, macOf(config.jwtSecret, id)) ? id : null;
}
export const agreementVerifyUrl = (deps: Pick<Deps, 'config'>, id: string) =>
  `${deps.config.publicUrl}/verify/agreement/${agreementCode(deps, id)}`;

/** Names compared as people type them: case, spaces at the ends and between words do not count. */
const sameName = (a: string, b: string) =>
  a.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase() ===
  b.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Which rent an agreement is for, and its term: the renewal of her running tenancy, or a first rent. */
async function rentOf(db: DbOrTx, userId: string, roomId: string) {
  const [tenancy] = await db
    .select({ id: tenancies.id, dueDate: tenancies.dueDate })
    .from(tenancies)
    .where(runningTenancyOf(roomId, userId))
    .limit(1);
  if (tenancy) {
    return {
      rentKey: `renewal:${tenancy.id}:${tenancy.dueDate}`,
      termKind: 'renewal' as const,
      startDate: tenancy.dueDate,
      endDate: addMonths(tenancy.dueDate, BUSINESS.leaseMonths),
    };
  }
  const [fee] = await db.select({ id: bookingFeeOf(roomId, userId) }).from(sql`(select 1) as one`);
  if (!fee?.id)
    throw forbidden('Only the student who paid the agent fee for this room, or its tenant, can pay its rent');
  // A first tenancy starts on the day the rent is paid: the agreement shows the term if paid today.
  const startDate = todayInLagos();
  return {
    rentKey: `first:${fee.id}`,
    termKind: 'first' as const,
    startDate,
    endDate: addMonths(startDate, BUSINESS.leaseMonths),
  };
}

/** The agreement as it would be drawn now for her next rent of this room; 403/409 when it is not hers to pay. */
async function currentAgreement(deps: Pick<Deps, 'db' | 'config'>, userId: string, roomId: string) {
  const { room, hostel } = await roomWithItsHostel(deps.db, roomId);
  await checkRoomPayment(deps.db, userId, room, 'rent');
  const rent = await rentOf(deps.db, userId, room.id);
  const [person] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!person) throw notFound('This account no longer exists');
  const plan = effectiveRentPlan(room, hostel.rentPlan);
  const terms: AgreementTerms = {
    tenant_name: `${person.firstName.trim()} ${person.lastName.trim()}`.trim(),
    hostel_name: hostel.hostelName,
    hostel_address: hostel.address,
    room_number: room.roomNumber,
    unit: room.unit,
    term_kind: rent.termKind,
    term_months: BUSINESS.leaseMonths,
    start_date: rent.startDate,
    end_date: rent.endDate,
    yearly_rent: room.price,
    // Only a plan in parts is written: an agreement for the whole year reads as it always did.
    ...(plan === 'full' ? {} : { rent_plan: plan }),
    caution_deposit: room.cautionFee,
    notice_days: deps.config.site.tenantNoticeDays,
    quiet_hours: QUIET_HOURS,
    subletting: SUBLETTING,
    gender_policy: genderPolicyText(hostel.genderPolicy),
    governing_law: GOVERNING_LAW,
  };
  return { room, rent, terms };
}

/** The terms as text with their keys in order (jsonb keeps keys in an order of its own). */
const canonical = (terms: AgreementTerms) =>
  JSON.stringify(Object.entries(terms).sort(([a], [b]) => a.localeCompare(b)));

/** Same facts, same template: the draft she may have read is still the agreement for this rent. */
const sameAgreement = (row: Row, terms: AgreementTerms) =>
  row.templateVersion === AGREEMENT_TEMPLATE_VERSION && canonical(row.terms) === canonical(terms);

/** Accepted for this rent at the rent asked now (a changed price needs a new agreement). */
const acceptedFor = (rentKey: string, rentAmount: number) =>
  and(
    eq(tenancyAgreements.rentKey, rentKey),
    eq(tenancyAgreements.rentAmount, rentAmount),
    isNotNull(tenancyAgreements.acceptedAt),
  );

export function toAgreement(row: Row, deps: Pick<Deps, 'config'>): Agreement {
  const base = `/api/agreements/${row.id}`;
  const accepted = row.acceptedAt !== null;
  return {
    _id: row.id,
    agreement_number: agreementNumber(row.id),
    status: accepted ? 'accepted' : 'awaiting_acceptance',
    template_version: row.templateVersion,
    terms: row.terms,
    document_sha256: row.documentSha256,
    document_url: `${base}/document.pdf`,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    accepted_name: row.acceptedName,
    signed_url: accepted ? `${base}/signed.pdf` : null,
    signed_sha256: row.signedSha256,
    verify_url: accepted ? agreementVerifyUrl(deps, row.id) : null,
  };
}

/**
 * GET /agreements/rent?room_id=: the agreement for the rent she may pay now for this room — the
 * one she accepted, or one awaiting her acceptance, drawn (again) when the facts or the template
 * changed since it was last drawn.
 */
export async function agreementForRent(
  deps: AgreementDeps,
  user: AuthUser,
  roomId: string,
): Promise<Agreement> {
  const { room, rent, terms } = await currentAgreement(deps, user.id, roomId);
  const [accepted] = await deps.db
    .select()
    .from(tenancyAgreements)
    .where(acceptedFor(rent.rentKey, room.price))
    .orderBy(desc(tenancyAgreements.acceptedAt))
    .limit(1);
  if (accepted) return toAgreement(accepted, deps);
  const [draft] = await deps.db
    .select()
    .from(tenancyAgreements)
    .where(and(eq(tenancyAgreements.rentKey, rent.rentKey), isNull(tenancyAgreements.acceptedAt)))
    .limit(1);
  if (draft && sameAgreement(draft, terms)) return toAgreement(draft, deps);
  const id = draft?.id ?? randomUUID();
  const drawnAt = new Date();
  const document = await deps.pdfs.render({
    agreementNumber: agreementNumber(id),
    templateVersion: AGREEMENT_TEMPLATE_VERSION,
    terms,
    drawnAt: drawnAt.toISOString(),
  });
  const values = {
    rentKey: rent.rentKey,
    termKind: rent.termKind,
    startDate: rent.startDate,
    endDate: rent.endDate,
    rentAmount: room.price,
    templateVersion: AGREEMENT_TEMPLATE_VERSION,
    terms,
    document,
    documentSha256: sha256(document),
    createdAt: drawnAt,
    updatedAt: drawnAt,
  };
  // Two requests at once draw two; the draft index keeps one, and both answer with it.
  await deps.db
    .insert(tenancyAgreements)
    .values({ id, userId: user.id, roomId: room.id, hostelId: room.hostelId, ...values })
    .onConflictDoUpdate({
      target: tenancyAgreements.rentKey,
      targetWhere: isNull(tenancyAgreements.acceptedAt),
      set: values,
    });
  const [row] = await deps.db
    .select()
    .from(tenancyAgreements)
    .where(and(eq(tenancyAgreements.rentKey, rent.rentKey), isNull(tenancyAgreements.acceptedAt)))
    .limit(1);
  if (!row) throw conflict('The agreement was accepted meanwhile; open it again');
  return toAgreement(row, deps);
}

/** An agreement the caller may see: hers, or any for an admin. */
async function readable(deps: Pick<Deps, 'db' | 'config'>, user: AuthUser, id: string): Promise<Row> {
  const [row] = await deps.db.select().from(tenancyAgreements).where(eq(tenancyAgreements.id, id)).limit(1);
  if (!row) throw notFound('No tenancy agreement has this id');
  if (row.userId !== user.id) {
    if (user.role !== 'admin') throw forbidden('This tenancy agreement is someone else’s');
    assertAdminReady(deps.config, user);
  }
  return row;
}

export const getAgreement = async (deps: Pick<Deps, 'db' | 'config'>, user: AuthUser, id: string) =>
  toAgreement(await readable(deps, user, id), deps);

/** The exact bytes she was shown (document) or the signed copy, and the name to save it under. */
export async function agreementPdf(
  deps: Pick<Deps, 'db' | 'config'>,
  user: AuthUser,
  id: string,
  which: 'document' | 'signed',
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await readable(deps, user, id);
  const number = agreementNumber(row.id);
  if (which === 'document') return { pdf: row.document, fileName: `${number}.pdf` };
  if (!row.signedDocument)
    throw conflict('This agreement has not been accepted yet, so there is no signed copy');
  return { pdf: row.signedDocument, fileName: `${number}-signed.pdf` };
}

/** Where the acceptance came from, as the request shows it. */
export type AcceptanceSource = { ip: string; userAgent: string };

/**
 * POST /agreements/{id}/accept: she accepts the agreement she read (its SHA-256 sent back) by
 * typing her full name and ticking the box. Only the student it was made for; once.
 */
export async function acceptAgreement(
  deps: AgreementDeps,
  user: AuthUser,
  id: string,
  input: { full_name: string; document_sha256: string },
  source: AcceptanceSource,
): Promise<Agreement> {
  const [row] = await deps.db.select().from(tenancyAgreements).where(eq(tenancyAgreements.id, id)).limit(1);
  if (!row) throw notFound('No tenancy agreement has this id');
  if (row.userId !== user.id) throw forbidden('Only the student this agreement was made for can accept it');
  if (row.acceptedAt) {
    throw conflict(
      `You already accepted this agreement on ${formatLagosDateTime(row.acceptedAt)}. Download the signed copy from your profile.`,
    );
  }
  if (input.document_sha256 !== row.documentSha256) {
    throw conflict('The agreement has changed since you opened it. Read it again, then accept.', {
      document_sha256: 'This is not the agreement as it is now',
    });
  }
  // Still the agreement for the rent she may pay now (the price, dates and template as drawn).
  const now = await currentAgreement(deps, user.id, row.roomId);
  if (now.rent.rentKey !== row.rentKey || !sameAgreement(row, now.terms)) {
    throw conflict('The agreement has changed since you opened it. Read it again, then accept.');
  }
  const name = now.terms.tenant_name;
  if (!sameName(input.full_name, name)) {
    throw badRequest('The name you typed is not the name on your account', {
      full_name: `Type your full name as it is on your account: ${name}`,
    });
  }
  const at = new Date();
  const signed = await deps.pdfs.render({
    agreementNumber: agreementNumber(row.id),
    templateVersion: row.templateVersion,
    terms: row.terms,
    drawnAt: row.updatedAt.toISOString(),
    acceptance: {
      name: input.full_name.trim().replace(/\s+/g, ' '),
      at: at.toISOString(),
      ip: source.ip,
      userAgent: source.userAgent,
      documentSha256: row.documentSha256,
      verifyUrl: agreementVerifyUrl(deps, row.id),
    },
  });
  const [saved] = await deps.db
    .update(tenancyAgreements)
    .set({
      acceptedAt: at,
      acceptedName: input.full_name.trim().replace(/\s+/g, ' '),
      acceptedIp: source.ip,
      acceptedUserAgent: source.userAgent,
      signedDocument: signed,
      signedSha256: sha256(signed),
      updatedAt: at,
    })
    // The PDF she read is still the one stored, and nobody accepted it meanwhile.
    .where(
      and(
        eq(tenancyAgreements.id, row.id),
        isNull(tenancyAgreements.acceptedAt),
        eq(tenancyAgreements.documentSha256, input.document_sha256),
      ),
    )
    .returning();
  if (!saved) throw conflict('This agreement was accepted or changed meanwhile. Open it again.');
  return toAgreement(saved, deps);
}

/** Her agreements (or a student's, for admins), newest first. */
export async function listAgreementsOf(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
): Promise<Agreement[]> {
  const rows = await deps.db
    .select()
    .from(tenancyAgreements)
    .where(eq(tenancyAgreements.userId, userId))
    .orderBy(desc(tenancyAgreements.createdAt));
  return rows.map((r) => toAgreement(r, deps));
}

/** "Chiamaka O." from the full name an agreement was drawn or accepted with. */
function maskedFullName(name: string): string {
  const [first = '', ...rest] = name.split(' ');
  return maskedName(first, rest.join(' '));
}

/**
 * A student's agreements for an admin: an id that is no account is a 404, not an empty list. Once
 * her account is deleted the agreements stay (the record of a contract, kept with the payments),
 * but the list shows her name masked, as a receipt does; the PDFs are kept byte for byte, since
 * they are the evidence and a changed byte would no longer verify (docs/domain.md, "Deletion").
 */
export async function listAgreementsOfUser(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
): Promise<Agreement[]> {
  const [account] = await deps.db
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound('No user with that id');
  const list = await listAgreementsOf(deps, userId);
  if (!account.deletedAt) return list;
  return list.map((a) => ({
    ...a,
    terms: { ...a.terms, tenant_name: maskedFullName(a.terms.tenant_name) },
    accepted_name: a.accepted_name === null ? null : maskedFullName(a.accepted_name),
  }));
}

/**
 * Her agreements for "Download my data" (docs/domain.md, "Access"): each row as stored without
 * its PDF bytes, which go in the ZIP as files: the signed copy once accepted, else the PDF drawn
 * for her to read.
 */
export async function agreementsExportOf(
  { db }: Pick<Deps, 'db'>,
  userId: string,
): Promise<{ rows: unknown[]; files: Record<string, Uint8Array> }> {
  const rows = await db.select().from(tenancyAgreements).where(eq(tenancyAgreements.userId, userId));
  const files: Record<string, Uint8Array> = {};
  const shown = rows.map(({ document, signedDocument, ...row }) => {
    const number = agreementNumber(row.id);
    const file = signedDocument ? `agreements/${number}-signed.pdf` : `agreements/${number}.pdf`;
    files[file] = signedDocument ?? document;
    return { ...row, file };
  });
  return { rows: shown, files };
}

/**
 * The paperwork gate on rent (docs/domain.md, "Tenancy agreement"): with the setting on, rent
 * is refused until she has accepted the agreement for this rent at this price.
 */
export async function requireAcceptedAgreement(db: DbOrTx, userId: string, room: RoomRow): Promise<void> {
  const rent = await rentOf(db, userId, room.id);
  const [found] = await db
    .select({ id: tenancyAgreements.id })
    .from(tenancyAgreements)
    .where(acceptedFor(rent.rentKey, room.price))
    .limit(1);
  if (found) return;
  throw new AppError(
    409,
    `Read and accept your tenancy agreement for ${room.roomNumber} before paying ${rent.termKind === 'renewal' ? 'the renewal' : 'the rent'}: open "Tenancy agreement" on your profile, type your full name and tick the box.`,
    undefined,
    undefined,
    ERROR_CODES.agreementRequired,
  );
}

export const NOT_AN_AGREEMENT =
  'This is not a StudyNest tenancy agreement code. Check that it was copied in full, or ask the tenant for the signed copy.';

function verification(row: Row, matches?: 'agreement' | 'signed_copy'): AgreementVerification {
  return {
    valid: true,
    agreement_number: agreementNumber(row.id),
    tenant: maskedFullName(row.terms.tenant_name),
    hostel_name: row.terms.hostel_name,
    room_number: row.terms.room_number,
    start_date: row.startDate,
    end_date: row.endDate,
    accepted_at: row.acceptedAt?.toISOString() ?? '',
    document_sha256: row.documentSha256,
    signed_sha256: row.signedSha256 ?? '',
    ...(matches ? { matches } : {}),
  };
}

/** GET /agreements/verify/{code}: the accepted agreement a QR code vouches for, or null. */
export async function findAgreementByCode(
  deps: Pick<Deps, 'db' | 'config'>,
  code: string,
): Promise<AgreementVerification | null> {
  const id = idOfCode(deps, code);
  if (!id) return null;
  const [row] = await deps.db
    .select()
    .from(tenancyAgreements)
    .where(and(eq(tenancyAgreements.id, id), isNotNull(tenancyAgreements.acceptedAt)))
    .limit(1);
  return row ? verification(row) : null;
}

/** POST /agreements/verify: whether these exact bytes are an accepted agreement or its signed copy. */
export async function verifyAgreementBytes(
  deps: Pick<Deps, 'db'>,
  bytes: Buffer,
): Promise<AgreementVerification> {
  const hash = sha256(bytes);
  const [row] = await deps.db
    .select()
    .from(tenancyAgreements)
    .where(
      and(
        isNotNull(tenancyAgreements.acceptedAt),
        or(eq(tenancyAgreements.documentSha256, hash), eq(tenancyAgreements.signedSha256, hash)),
      ),
    )
    .limit(1);
  if (!row) {
    throw notFound(
      `These bytes are not a StudyNest tenancy agreement that was accepted (SHA-256 ${hash}). A copy changed in any way does not match; ask the tenant for the signed copy.`,
    );
  }
  return verification(row, row.signedSha256 === hash ? 'signed_copy' : 'agreement');
}
