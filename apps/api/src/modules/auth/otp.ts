import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BUSINESS } from '@studynest/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

export type OtpPurpose = 'verify_email' | 'reset_password';

export const OTP_MESSAGES = {
  wrong: 'That code is not correct',
  noCode: 'That code is not correct. Request a new code.',
  expired: 'That code has expired. Request a new one.',
  tooMany: 'Too many wrong codes. Request a new code.',
} as const;

const otpError = (message: string) => badRequest(message, { otp: message });

/**
 * Codes are stored as an HMAC keyed with the server secret and bound to the user and purpose, so
 * a database leak does not hand out live codes (10,000 plain hashes would be trivial to reverse).
 */
function hashCode(secret: string, userId: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('hex');
}

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
 * Every try is counted atomically before comparing, so parallel guesses cannot exceed the limit.
 * `userId` undefined (no such account) answers like a missing code.
 */
export async function redeemCode(
  db: Db,
  secret: string,
  userId: string | undefined,
  purpose: OtpPurpose,
  code: string,
  apply: (tx: Tx) => Promise<void>,
): Promise<void> {
  if (!userId) throw otpError(OTP_MESSAGES.noCode);
  const max = BUSINESS.otpMaxAttempts;
  const mine = and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose));
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(mine, lt(oneTimeCodes.attempts, max)))
    .returning({
      id: oneTimeCodes.id,
      codeHash: oneTimeCodes.codeHash,
      expiresAt: oneTimeCodes.expiresAt,
      attempts: oneTimeCodes.attempts,
    });
  if (!claimed) {
    const [exists] = await db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(mine).limit(1);
    throw otpError(exists ? OTP_MESSAGES.tooMany : OTP_MESSAGES.noCode);
  }
  if (claimed.expiresAt.getTime() <= Date.now()) throw otpError(OTP_MESSAGES.expired);

  const given = Buffer.from(hashCode(secret, userId, purpose, code), 'hex');
  const stored = Buffer.from(claimed.codeHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    const left = max - claimed.attempts;
    if (left <= 0) throw otpError(OTP_MESSAGES.tooMany);
    throw otpError(`${OTP_MESSAGES.wrong}. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }

  await db.transaction(async (tx) => {
    // Conditional on the hash we checked: a code replaced or used meanwhile does not count.
    const [consumed] = await tx
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.id, claimed.id), eq(oneTimeCodes.codeHash, claimed.codeHash)))
      .returning({ id: oneTimeCodes.id });
    if (!consumed) throw otpError(OTP_MESSAGES.noCode);
    await apply(tx);
  });
}
