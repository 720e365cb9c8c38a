import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BUSINESS } from '@studynest/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { oneTimeCodes, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { derivedKey } from '../../lib/derived-key.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { lagosTimeOf } from '../../lib/lagos-time.ts';
import { queueEmail } from '../messages/index.ts';

export type OtpPurpose = 'verify_email' | 'reset_password';

export const OTP_MESSAGES = {
  wrong: 'That code is not correct',
  noCode: 'That code is not correct. Request a new code.',
  expired: 'That code has expired. Request a new one.',
  tooMany: 'Too many wrong codes. Request a new code.',
} as const;

const otpError = (message: string) => badRequest(message, { otp: message });

/**
 * Each code allows 5 tries, and a new code can be asked for every few minutes; with only 10,000
 * possible codes that alone would let a patient attacker in within days. So wrong codes are also
 * counted per account over a rolling day, whichever code they were for: past this many, no code
 * is checked or sent for that account until the day is over (about a 1-in-1,000 chance a day).
 */
export const CODE_FAILURES_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;

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

/**
 * When the account's code pause ends, or null when codes may be checked and sent. Read from the
 * users row the caller already loaded by e-mail: no query of its own.
 */
export function codesPausedUntil(user: CodeOwner): Date | null {
  const since = user.codeFailuresSince;
  if (user.codeFailures < CODE_FAILURES_PER_DAY || !since) return null;
  const until = new Date(since.getTime() + DAY_MS);
  return until.getTime() > Date.now() ? until : null;
}

export function codesPaused(until: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const message = `Too many wrong codes for this account today. Try again after ${lagosTimeOf(until)} (Lagos time).`;
  return new AppError(429, message, { otp: message }, { 'retry-after': String(seconds) });
}

/**
 * Count one wrong code against the account's rolling day (atomically). The failure that reaches
 * the limit e-mails the owner, once per pause.
 */
async function recordCodeFailure(ctx: Pick<Deps, 'db' | 'jobs' | 'config'>, user: CodeOwner): Promise<void> {
  const freshDay = sql`${users.codeFailuresSince} is null or ${users.codeFailuresSince} <= now() - interval '1 day'`;
  const [row] = await ctx.db
    .update(users)
    .set({
      codeFailures: sql`case when ${freshDay} then 1 else ${users.codeFailures} + 1 end`,
      codeFailuresSince: sql`case when ${freshDay} then now() else ${users.codeFailuresSince} end`,
    })
    .where(eq(users.id, user.id))
    .returning({ failures: users.codeFailures, since: users.codeFailuresSince });
  if (row?.failures === CODE_FAILURES_PER_DAY && row.since) {
    const until = new Date(row.since.getTime() + DAY_MS);
    await queueEmail(ctx, {
      to: user.email,
      userId: user.id,
      topic: 'security',
      subject: 'StudyNest: codes for your account are paused',
      text: `Hello ${user.firstName},\n\nSomeone entered ${CODE_FAILURES_PER_DAY} wrong codes for your StudyNest account today, so we will not check or send codes for it until ${lagosTimeOf(until)} (Lagos time). Your password has not changed and you can still log in with it.\n\nIf this was not you, nobody can get in with these codes; you need do nothing. If it keeps happening, reply to this e-mail.\n\nStudyNest`,
    });
  }
}

export type CodeOwner = {
  id: string;
  email: string;
  firstName: string;
  codeFailures: number;
  codeFailuresSince: Date | null;
};

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
 * `user` undefined (no such account) answers like a missing code.
 */
export async function redeemCode(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config'>,
  user: CodeOwner | undefined,
  purpose: OtpPurpose,
  code: string,
  apply: (tx: Tx) => Promise<void>,
): Promise<void> {
  if (!user) throw otpError(OTP_MESSAGES.noCode);
  const { db } = ctx;
  const secret = ctx.config.jwtSecret;
  const userId = user.id;
  const pausedUntil = codesPausedUntil(user);
  if (pausedUntil) throw codesPaused(pausedUntil);
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
    await recordCodeFailure(ctx, user);
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
    // The owner got in: earlier wrong codes (theirs or not) stop counting.
    await tx.update(users).set({ codeFailures: 0, codeFailuresSince: null }).where(eq(users.id, userId));
    await apply(tx);
  });
}
