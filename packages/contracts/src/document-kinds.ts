/** The documents a student sends and their words, without zod (the upload page reads them). */

/** `study`: student ID or admission letter; `identity`: passport, national ID card, NIN slip or voter's card. */
export const DOCUMENT_SLOTS = ['study', 'identity'] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

export const DOCUMENT_KIND_LABELS = {
  student_id: 'Student ID card',
  admission_letter: 'Admission letter',
  passport: 'International passport',
  national_id: 'National ID card',
  nin_slip: 'NIN slip',
  voters_card: "Voter's card",
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KIND_LABELS;
export const DOCUMENT_KINDS = Object.keys(DOCUMENT_KIND_LABELS) as [DocumentKind, ...DocumentKind[]];

export const KINDS_OF_SLOT: Record<DocumentSlot, readonly DocumentKind[]> = {
  study: ['student_id', 'admission_letter'],
  identity: ['passport', 'national_id', 'nin_slip', 'voters_card'],
};
export const SLOT_LABELS: Record<DocumentSlot, string> = {
  study: 'Proof of study (student ID or admission letter)',
  identity: "Proof of identity (passport, national ID card, NIN slip or voter's card)",
};
export const slotOfKind = (kind: DocumentKind): DocumentSlot =>
  KINDS_OF_SLOT.study.includes(kind) ? 'study' : 'identity';

/** uploaded → approved | rejected; a new upload replaces a rejected (or not yet reviewed) one. */
export const DOCUMENT_STATUSES = ['uploaded', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPdfPages: 10,
  /** Images are kept at most this wide or high: enough to read a card's small print. */
  maxImageSide: 2400,
} as const;
