import {
  type AgreementTerms,
  COMPANY,
  formatLagosLongDate,
  formatNaira,
  LATE_PART_TERMS,
  RENT_PLAN_LABEL,
  splitRent,
} from '@studynest/contracts';

/**
 * The tenancy agreement's terms, kept in the repository like code: every agreement is drawn from
 * this template and stores the version it was drawn from. Change the wording → raise the version
 * (agreements.test.ts fails until the recorded hash of this file is updated, to make whoever changes
 * it decide). Signed agreements are never drawn again: their PDFs are stored, so a new version
 * changes only agreements not yet accepted (docs/domain.md, "Tenancy agreement").
 *
 * The terms follow the public terms page (apps/web/src/app/routes/terms.tsx): keep them saying the
 * same thing.
 */
export const AGREEMENT_TEMPLATE_VERSION = '2026-11-27.2';

export const QUIET_HOURS = '10 PM to 6 AM every day';
export const SUBLETTING =
  'Not allowed, for the room or any part of it, without the Landlord’s written consent.';
export const GOVERNING_LAW =
  'The laws of the Federal Republic of Nigeria, including the tenancy law of the state in which the hostel stands; disputes go to the courts of Nigeria.';

const GENDER_POLICY: Record<string, string> = {
  mixed: 'Mixed: the hostel houses female and male students.',
  female_only: 'Female only: only female students may live in or stay overnight at the hostel.',
  male_only: 'Male only: only male students may live in or stay overnight at the hostel.',
};
export const genderPolicyText = (policy: string) => GENDER_POLICY[policy] ?? policy;

/** Room numbers are kept as 'room 07'; an agreement writes 'Room 07'. */
export const roomName = (roomNumber: string) => roomNumber.charAt(0).toUpperCase() + roomNumber.slice(1);

export type AgreementSection = { heading: string; paragraphs: string[] };

/**
 * Clause 3: the whole year in advance, or (on a plan) its parts with their amounts and the days they
 * fall due if the term starts on its start date, and what happens when a part is late.
 */
function rentClause(t: AgreementTerms): string[] {
  if (!t.rent_plan || t.rent_plan === 'full') {
    return [
      `The rent is ${formatNaira(t.yearly_rent)} a year, paid in advance for the whole term through StudyNest. The tenancy begins only once it is paid; a receipt is issued for every payment.`,
    ];
  }
  const [first, ...later] = splitRent(t.rent_plan, t.yearly_rent, t.start_date);
  const parts = [
    `${formatNaira(first?.amount ?? 0)} when the term starts`,
    ...later.map((p) => `${formatNaira(p.amount)} by ${formatLagosLongDate(p.due_on)}`),
  ];
  return [
    `The rent is ${formatNaira(t.yearly_rent)} a year, paid through StudyNest: in advance for the whole term, or in parts on the Room’s plan (${RENT_PLAN_LABEL[t.rent_plan]}). The tenancy begins only once the whole year or its first part is paid; a receipt is issued for every payment.`,
    `In parts, for a term starting on ${formatLagosLongDate(t.start_date)}: ${parts.join(', ')}. ${LATE_PART_TERMS}`,
  ];
}

/** The agreement's title block and numbered clauses, in the words the PDF prints. */
export function agreementSections(t: AgreementTerms): {
  title: string;
  intro: string;
  sections: AgreementSection[];
} {
  const date = formatLagosLongDate;
  const term =
    t.term_kind === 'renewal'
      ? `${t.term_months} months, from ${date(t.start_date)} to ${date(t.end_date)}. This renews the Tenant’s current tenancy of the Room for a further term.`
      : `${t.term_months} months, starting on the day the first year’s rent is paid. If it is paid on ${date(t.start_date)}, the term runs to ${date(t.end_date)}.`;
  return {
    title: t.term_kind === 'renewal' ? 'Tenancy Agreement (renewal)' : 'Tenancy Agreement',
    intro: `This agreement is made between ${COMPANY.name}, ${COMPANY.postalAddress} (the “Landlord”), and ${t.tenant_name} (the “Tenant”), for the room described below. It is a fixed-term tenancy of student accommodation.`,
    sections: [
      {
        heading: '1. The room',
        paragraphs: [
          `${roomName(t.room_number)} (${t.unit}) at ${t.hostel_name}, ${t.hostel_address} (the “Room”), with the use of the hostel’s shared areas and amenities.`,
        ],
      },
      { heading: '2. Term', paragraphs: [term] },
      {
        heading: '3. Rent',
        paragraphs: rentClause(t),
      },
      {
        heading: '4. Caution deposit',
        paragraphs: [
          t.caution_deposit > 0
            ? `A refundable caution deposit of ${formatNaira(t.caution_deposit)} is held by the Landlord. It is returned after the Tenant moves out, less itemised deductions for unpaid charges or damage beyond normal wear and tear.`
            : 'The Room asks for no caution deposit.',
        ],
      },
      {
        heading: '5. House rules',
        paragraphs: [
          `Quiet hours: ${QUIET_HOURS}.`,
          `Subletting: ${SUBLETTING}`,
          `Gender policy: ${genderPolicyText(t.gender_policy)}`,
          'The Tenant treats the Room, shared areas and neighbours with care and respect, and follows the house rules.',
        ],
      },
      {
        heading: '6. Ending the tenancy',
        paragraphs: [
          `The Tenant may end the tenancy by giving written notice (from the StudyNest profile) at least ${t.notice_days} days before the day of moving out.`,
          'The Landlord may end the tenancy for a breach of this agreement — for example unpaid rent, subletting without consent or behaviour that endangers others — after giving the Tenant written notice.',
        ],
      },
      {
        heading: '7. The Landlord’s duties',
        paragraphs: [
          'The Landlord keeps the Room and the hostel in good repair, attends to maintenance reports (emergencies within 24 hours, other repairs within 5 working days) and lets the Tenant live in the Room in peace for the term.',
        ],
      },
      { heading: '8. Governing law', paragraphs: [`${GOVERNING_LAW}`] },
      {
        heading: '9. Acceptance',
        paragraphs: [
          'The Tenant accepts this agreement electronically on StudyNest by typing their full name and ticking a box. The time, the address and browser they used and the SHA-256 fingerprint of this exact document are recorded, and a signed copy with an acceptance page is kept for both parties.',
        ],
      },
    ],
  };
}
