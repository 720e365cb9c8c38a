import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BUSINESS } from '@studynest/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { derivedKey } from '../../lib/derived-key.ts';
import { badRequest } from '../../lib/errors.ts';
import { oneTimeCodes } from './auth.schema.ts';
import { type Attempt, type AuthLimits, assertMayTryCode, codeFailed } from './throttle.ts';

export type OtpPurpose = 'verify_email' | 'reset_password';

/**
 * One answer for every code that does not work (wrong, expired, out of tries, never sent, or an
 * e-mail with no account), so the answer tells nobody whether the address has an account.
 */
export const OTP_MESSAGES = {
  wrong:
    'That code is not correct or no longer valid. Use the newest code we e-mailed, or request a new one.',
} as const;

const otpError = () => badRequest(OTP_MESSAGES.wrong, { otp: OTP_MESSAGES.wrong });

/** Stands in for the account id of an unknown e-mail: the same statements run, and match no row. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * Codes are stored as an HMAC (its key derived from the server secret, never the token-signing key
 * itself) bound to the user and purpose, so a database leak does not hand out live codes (10,000
 * plain hashes would be trivial to reverse).
 */
function hashCode(secret: string, userId: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', derivedKey(secret, 'one-time codes'))
    .update(`${purpose}:${userId}:${code}`)
    .digest('hex');
}

export type CodeOwner = { id: string };

/** A fresh 4-digit code that replaces any earlier one of the same purpose (tries reset). */
export async function issueCode(
  db: Db | Tx,
  secret: string,
  userId: string,
  purpose: OtpPurpose,
): Promise<string> {
  const code = String(randomInt(0, 10 ** BUSINESS.otpLength)).padStart(BUSINESS.otpLength, '0');
  const codeHash = hashCode(secret, userId, purpose, code);
  const expiresAt = new Date(Date.now() + BUSINESS.otpTtlMinutes * 60_000);
  await db
    .insert(oneTimeCodes)
    .values({ userId, purpose, codeHash, expiresAt, attempts: 0 })
    .onConflictDoUpdate({
      target: [oneTimeCodes.userId, oneTimeCodes.purpose],
      set: { codeHash, expiresAt, attempts: 0, createdAt: new Date() },
    });
  return code;
}

/**
 * Check a code and, when it is right, consume it and run `apply` in the same transaction.
 * Every try is counted atomically before comparing, so parallel guesses cannot exceed the code's
 * tries. Wrong codes are also counted per (e-mail, client address) (`assertMayTryCode`): one
 * address guessing cannot stop the owner using a fresh code from another. `user` undefined (no
 * such account) runs the same statements against no row and answers exactly like a wrong code.
 */
export async function redeemCode(
  ctx: Pick<Deps, 'db' | 'config'> & { limits: AuthLimits },
  attempt: Attempt,
  user: CodeOwner | undefined,
  purpose: OtpPurpose,
  code: string,
  apply: (tx: Tx) => Promise<void>,
): Promise<void> {
  await assertMayTryCode(ctx.limits, purpose, attempt);
  const { db } = ctx;
  const userId = user?.id ?? NO_ACCOUNT;
  const mine = and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose));
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(mine, lt(oneTimeCodes.attempts, BUSINESS.otpMaxAttempts)))
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, expiresAt: oneTimeCodes.expiresAt });
  const given = Buffer.from(hashCode(ctx.config.jwtSecret, userId, purpose, code), 'hex');
  // With no code to check, compare anyway: both paths take the same steps.
  const stored = Buffer.from(claimed?.codeHash ?? given.toString('hex'), 'hex');
  const right =
    claimed !== undefined &&
    claimed.expiresAt.getTime() > Date.now() &&
    given.length === stored.length &&
    timingSafeEqual(given, stored);
  if (!claimed || !right) {
    await codeFailed(ctx.limits, purpose, attempt);
    throw otpError();
  }

  await db.transaction(async (tx) => {
    // Conditional on the hash we checked: a code replaced or used meanwhile does not count.
    const [consumed] = await tx
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.id, claimed.id), eq(oneTimeCodes.codeHash, claimed.codeHash)))
      .returning({ id: oneTimeCodes.id });
    if (!consumed) throw otpError();
    await apply(tx);
  });
}
