import {
  CONSENT_WORDING,
  type ConsentKind,
  type ConsentSource,
  type MessageChannel,
} from '@studynest/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consents, sessions } from './auth.schema.ts';

/*
 * Consent to news and offers (docs/domain.md, "Consent"). The account's marketing_email /
 * marketing_sms are what the senders read; each change to them is written here too, with the words
 * the person saw.
 */

export const CHANNEL_CONSENT: Record<MessageChannel, ConsentKind> = {
  email: 'marketing_email',
  sms: 'marketing_sms',
};

/** The words a change was made under: the sign-up box, a profile switch, or the unsubscribe link. */
export function consentWording(kind: ConsentKind, source: ConsentSource): string {
  if (source === 'signup') return CONSENT_WORDING.signup;
  if (source === 'unsubscribe') return CONSENT_WORDING.unsubscribe;
  return CONSENT_WORDING[kind];
}

export async function recordConsents(
  db: DbOrTx,
  userId: string,
  changes: { kind: ConsentKind; granted: boolean }[],
  source: ConsentSource,
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(consents)
    .values(changes.map((c) => ({ userId, ...c, source, wording: consentWording(c.kind, source) })));
}

/** One person's consents, oldest first; the two written at one moment (sign-up) e-mail first. */
export async function listConsents(db: DbOrTx, userId: string) {
  return db
    .select({
      id: consents.id,
      kind: consents.kind,
      granted: consents.granted,
      wording: consents.wording,
      source: consents.source,
      at: consents.at,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.at), asc(consents.kind));
}

/**
 * Every sign-in of one person as stored, ended ones too (her data export): when, until when and the
 * browser. A session row holds no secret (the token is signed, not stored).
 */
export const listSessionRowsOf = (db: DbOrTx, userId: string) =>
  db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
