import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../../lib/derived-key.ts';
import type { UserRow } from './user.mapper.ts';

/** How long after sign-up the code may still sign her in; later, she logs in with the password. */
export const SIGNUP_TICKET_MINUTES = 30;

type Holder = Pick<UserRow, 'id' | 'passwordHash'>;

const mac = (secret: string, user: Holder, expiresAtS: number) =>
  createHmac('sha256', derivedKey(secret, 'sign-up tickets'))
    .update(`${user.id}:${expiresAtS}:${user.passwordHash}`)
    .digest('base64url');

/**
 * The proof, handed only to the browser that just chose the password at sign-up, that it did
 * (docs/decisions/0023-signed-in-after-the-code.md). Bound to the account and to that password's
 * hash, so a reset or a change kills it; it expires; it is never a session token, and on its own it
 * does nothing: only with the e-mailed code, while the address is still unconfirmed.
 */
export function issueSignupTicket(secret: string, user: Holder, now = Date.now()): string {
  const expiresAtS = Math.floor(now / 1000) + SIGNUP_TICKET_MINUTES * 60;
  return `${expiresAtS}.${mac(secret, user, expiresAtS)}`;
}

/** When the ticket was issued (so the session knows when the password was typed), or undefined if it is not good. */
export function checkSignupTicket(secret: string, user: Holder, ticket: string, now = Date.now()) {
  const [expires, given = ''] = ticket.split('.');
  const expiresAtS = Number(expires);
  if (!Number.isSafeInteger(expiresAtS) || expiresAtS * 1000 <= now) return undefined;
  const expected = Buffer.from(mac(secret, user, expiresAtS));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  return new Date((expiresAtS - SIGNUP_TICKET_MINUTES * 60) * 1000);
}
