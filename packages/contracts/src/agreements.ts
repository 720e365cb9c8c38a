import * as z from 'zod/mini';
import { IdSchema } from './common.ts';
import { formatNaira } from './format.ts';
import { RENT_PLAN_LABEL, RENT_PLANS } from './rent-plan-terms.ts';

/** GET /agreements/rent?room_id=…: the tenancy agreement for the rent she is about to pay for that room. */
export const AgreementQuerySchema = z.object({ room_id: IdSchema });
export type AgreementQuery = z.output<typeof AgreementQuerySchema>;

/** A first rent starts a tenancy; a renewal continues one for another term. */
export const AGREEMENT_TERM_KINDS = ['first', 'renewal'] as const;
export type AgreementTermKind = (typeof AGREEMENT_TERM_KINDS)[number];

/** The key terms of an agreement, as the page shows them beside the PDF. */
export const AgreementTermsSchema = z.object({
  tenant_name: z.string(),
  hostel_name: z.string(),
  hostel_address: z.string(),
  room_number: z.string(),
  unit: z.string(),
  term_kind: z.enum(AGREEMENT_TERM_KINDS),
  term_months: z.int(),
  /** Lagos dates. For a first rent: the term if the rent is paid on `start_date` (it starts on the day paid). */
  start_date: z.string(),
  end_date: z.string(),
  /** Naira. */
  yearly_rent: z.int(),
  /**
   * The Room's rent plan (docs/domain.md, "Rent plans"): the year may also be paid in its parts.
   * Left out when only the whole year is offered, and on agreements drawn before plans.
   */
  rent_plan: z.optional(z.enum(RENT_PLANS)),
  caution_deposit: z.int(),
  notice_days: z.int(),
  quiet_hours: z.string(),
  subletting: z.string(),
  gender_policy: z.string(),
  governing_law: z.string(),
});
export type AgreementTerms = z.output<typeof AgreementTermsSchema>;

/**
 * The key terms as label/value rows, read from the terms kept with the agreement: the PDF's first
 * table and the page beside it show the same rows. `term` is the Term line, which each words for
 * its reader (a long date on paper, a short one on a phone).
 */
export function agreementKeyTermRows(t: AgreementTerms, term: string): [string, string][] {
  return [
    ['Tenant', t.tenant_name],
    ['Hostel', `${t.hostel_name}, ${t.hostel_address}`],
    ['Room', `${t.room_number.charAt(0).toUpperCase()}${t.room_number.slice(1)} (${t.unit})`],
    ['Term', term],
    [
      'Yearly rent',
      t.rent_plan && t.rent_plan !== 'full'
        ? `${formatNaira(t.yearly_rent)}: the whole year, or in ${RENT_PLAN_LABEL[t.rent_plan]}`
        : formatNaira(t.yearly_rent),
    ],
    ['Caution deposit', t.caution_deposit > 0 ? formatNaira(t.caution_deposit) : 'None'],
    ['Notice to leave', `${t.notice_days} days in writing`],
    ['Quiet hours', t.quiet_hours],
    ['Subletting', t.subletting],
    ['Gender policy', t.gender_policy],
    ['Governing law', t.governing_law],
  ];
}

export const AgreementSchema = z.object({
  _id: z.string(),
  /** TA-XXXXXXXX: what the tenant and the admins call it. */
  agreement_number: z.string(),
  status: z.enum(['awaiting_acceptance', 'accepted']),
  template_version: z.string(),
  terms: AgreementTermsSchema,
  /** SHA-256 (hex) of the exact PDF at `document_url`: send it back when accepting. */
  document_sha256: z.string(),
  document_url: z.string(),
  accepted_at: z.nullable(z.string()),
  accepted_name: z.nullable(z.string()),
  /** The signed copy (the same pages plus an acceptance page), once accepted. */
  signed_url: z.nullable(z.string()),
  signed_sha256: z.nullable(z.string()),
  verify_url: z.nullable(z.string()),
});
export type Agreement = z.output<typeof AgreementSchema>;

/** POST /agreements/{id}/accept. */
export const AgreementAcceptSchema = z.object({
  full_name: z
    .string({ error: 'Type your full name as it is on your account' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Type your full name as it is on your account' }),
      z.maxLength(200, { error: 'Your full name can be at most 200 characters' }),
    ),
  agree: z.literal(true, { error: 'Tick the box to say you agree to the tenancy agreement' }),
  document_sha256: z
    .string({ error: 'Say which agreement you read (document_sha256 from the agreement)' })
    .check(
      z.regex(/^[0-9a-f]{64}$/, {
        error: 'document_sha256 must be the 64-character SHA-256 given with the agreement',
      }),
    ),
});
export type AgreementAcceptInput = z.input<typeof AgreementAcceptSchema>;

/** The code a signed copy's QR code carries: the agreement's id and a MAC. */
export const AgreementCodeParamsSchema = z.object({
  code: z.string().check(z.maxLength(100, { error: 'This is not an agreement code' })),
});

/** GET /agreements/verify/{code}, and POST /agreements/verify (the PDF's bytes): a genuine agreement. */
export const AgreementVerificationSchema = z.object({
  valid: z.literal(true),
  agreement_number: z.string(),
  /** Masked ("Adaeze O."): enough to recognise, too little to find the person. */
  tenant: z.string(),
  hostel_name: z.string(),
  room_number: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  accepted_at: z.string(),
  /** SHA-256 of the agreement she read and of the signed copy. */
  document_sha256: z.string(),
  signed_sha256: z.string(),
  /** For a file checked: which of the two it is. */
  matches: z.optional(z.enum(['agreement', 'signed_copy'])),
});
export type AgreementVerification = z.output<typeof AgreementVerificationSchema>;
