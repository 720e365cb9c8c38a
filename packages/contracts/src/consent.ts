// Apart from constants.ts: the landing page loads constants, and these words are for sign-up and the API.
import { MARKETING_SWITCH_WORDING } from './constants.ts';

/**
 * Consent to marketing (news and offers from StudyNest), one per channel (docs/domain.md,
 * "Consent"). The account's marketing_email / marketing_sms say where it stands now; the consents
 * table keeps every grant and withdrawal with the exact words the person saw. Service messages
 * (rent reminders, maintenance updates, saved-search alerts) are not consent: notify_email /
 * notify_sms turn those off.
 */
export const CONSENT_KINDS = ['marketing_email', 'marketing_sms'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
/** Where a consent was given or withdrawn. */
export const CONSENT_SOURCES = ['signup', 'profile', 'unsubscribe'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
/** The words beside each place consent is asked for: the web shows them and the record keeps them. */
export const CONSENT_WORDING = {
  signup:
    'Send me news and offers from StudyNest (new rooms, open days, discounts) by e-mail and text message. I can stop them at any time from my profile or the unsubscribe link.',
  ...MARKETING_SWITCH_WORDING,
  unsubscribe: 'Unsubscribe (the link at the foot of a news e-mail)',
} as const;
