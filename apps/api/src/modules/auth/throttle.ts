import type { Config } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';
import {
  assertUnder,
  type Counters,
  countOf,
  forget,
  type Limiter,
  limiter,
  record,
} from '../../lib/rate-limiter.ts';

/**
 * Throttle the attacker, not the owner (docs/decisions/0011-throttle-the-attacker-not-the-owner.md).
 * Hard limits are per (account, source address): one address guessing cannot stop the owner
 * elsewhere. The account as a whole only slows down: past a few failures from anywhere, each
 * further attempt waits a delay that grows but never passes a minute, so the owner always gets in.
 * The per-IP limits (route config) still slow credential stuffing across accounts.
 */
export const THROTTLE = {
  /** Wrong passwords one address may try for one account in 15 minutes. */
  failedLoginsPerSource: 10,
  failedLoginsPerSourceWindow: 15 * 60,
  /** Wrong passwords (from anywhere) before the account's delay starts; counted over a day. */
  freeFailuresPerAccount: 10,
  failuresPerAccountWindow: 24 * 60 * 60,
  /** The delay doubles from 1 s with each failure past the free ones, up to this. */
  maxAccountDelay: 60,
  /**
   * An address that logged in to the account skips its delay (still bound by its own limit).
   * Under 24.8 days: the memory store forgets keys with a timer, and longer ones overflow it.
   */
  knownSourceFor: 14 * 24 * 60 * 60,
  /** Wrong e-mailed codes one address may try for one e-mail in a day (the code's own 5 tries aside). */
  wrongCodesPerSource: 10,
  wrongCodesPerSourceWindow: 24 * 60 * 60,
  /** Code e-mails per address (so the mailbox cannot be flooded): per 15 minutes and per day. */
  codeMailsPer15Minutes: 5,
  codeMailsPerDay: 10,
  /** Code e-mails one client address may ask for one e-mail in a day: fewer than either cap above. */
  codeMailsPerSourcePerDay: 3,
} as const;

export type AuthLimits = {
  failedLoginsPerSource: Limiter;
  failedLoginsPerAccount: Limiter;
  /** A key here is an account inside its delay; its window is the delay. */
  accountDelay: Limiter;
  knownSources: Limiter;
  wrongCodesPerSource: Limiter;
  codeMailsPerAddress: Limiter;
  codeMailsPerAddressPerDay: Limiter;
  codeMailsPerSource: Limiter;
} | null;

/**
 * One set per app (so every test app starts with fresh counters); null when RATE_LIMITS=off.
 * `counters` puts them in Redis when the processes share one (ADR 0017), else in memory.
 */
export function createAuthLimits(
  config: Pick<Config, 'rateLimits'>,
  counters: Counters = (_name, points, windowSeconds) => limiter(points, windowSeconds),
): AuthLimits {
  if (!config.rateLimits) return null;
  const t = THROTTLE;
  const day = 24 * 60 * 60;
  return {
    failedLoginsPerSource: counters(
      'failed-logins-per-source',
      t.failedLoginsPerSource,
      t.failedLoginsPerSourceWindow,
    ),
    failedLoginsPerAccount: counters(
      'failed-logins-per-account',
      t.freeFailuresPerAccount,
      t.failuresPerAccountWindow,
    ),
    accountDelay: counters('account-delay', 1, t.maxAccountDelay),
    knownSources: counters('known-sources', 1, t.knownSourceFor),
    wrongCodesPerSource: counters(
      'wrong-codes-per-source',
      t.wrongCodesPerSource,
      t.wrongCodesPerSourceWindow,
    ),
    codeMailsPerAddress: counters('code-mails-per-address', t.codeMailsPer15Minutes, 15 * 60),
    codeMailsPerAddressPerDay: counters('code-mails-per-address-per-day', t.codeMailsPerDay, day),
    codeMailsPerSource: counters('code-mails-per-source', t.codeMailsPerSourcePerDay, day),
  };
}

/** Seconds the account waits after its `failures`-th failure: 0, then 1, 2, 4 … up to the cap. */
export function accountDelaySeconds(failures: number): number {
  const past = failures - THROTTLE.freeFailuresPerAccount;
  if (past <= 0) return 0;
  return Math.min(THROTTLE.maxAccountDelay, 2 ** (past - 1));
}

/** Who is trying: the account's e-mail (as the contracts normalise it) and the client address. */
export type Attempt = { account: string; ip: string };

const pair = ({ account, ip }: Attempt) => `${account}|${ip}`;

function accountSlowedDown(seconds: number): AppError {
  const s = Math.max(1, Math.ceil(seconds));
  return new AppError(
    429,
    `Too many wrong passwords for this account. Try again in ${s} ${s === 1 ? 'second' : 'seconds'}.`,
    undefined,
    { 'retry-after': String(s) },
  );
}

/** Before a password is checked: 429 when this address has used its tries, or the account is waiting. */
export async function assertMayTryPassword(limits: AuthLimits, attempt: Attempt): Promise<void> {
  if (!limits) return;
  await assertUnder(limits.failedLoginsPerSource, pair(attempt));
  const wait = await countOf(limits.accountDelay, attempt.account);
  if (wait.count === 0) return;
  if ((await countOf(limits.knownSources, pair(attempt))).count > 0) return;
  throw accountSlowedDown(wait.msLeft / 1000);
}

/** A wrong password (or second-factor code) for the account from this address. */
export async function passwordFailed(limits: AuthLimits, attempt: Attempt): Promise<void> {
  if (!limits) return;
  await record(limits.failedLoginsPerSource, pair(attempt));
  const failures = await record(limits.failedLoginsPerAccount, attempt.account);
  const delay = accountDelaySeconds(failures);
  if (delay > 0) await limits.accountDelay.set(attempt.account, 1, delay);
}

/** The right password: this address's own count is cleared, and it skips the account's delay from now on. */
export async function passwordSucceeded(limits: AuthLimits, attempt: Attempt): Promise<void> {
  if (!limits) return;
  await forget(limits.failedLoginsPerSource, pair(attempt));
  await limits.knownSources.set(pair(attempt), 1, THROTTLE.knownSourceFor);
}

/** A new password was set with an e-mailed code: the owner is back, earlier failures stop counting. */
export async function passwordReset(limits: AuthLimits, account: string): Promise<void> {
  if (!limits) return;
  await forget(limits.failedLoginsPerAccount, account);
  await forget(limits.accountDelay, account);
}

function wrongCodesFromHere(seconds: number): AppError {
  const message = 'Too many wrong codes from this connection. Try again later, or from another connection.';
  return new AppError(
    429,
    message,
    { otp: message },
    { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
  );
}

const codeKey = (purpose: string, attempt: Attempt) => `${purpose}|${pair(attempt)}`;

/** Before a code is checked: 429 when this address has used its wrong codes for this e-mail. */
export async function assertMayTryCode(limits: AuthLimits, purpose: string, attempt: Attempt) {
  if (!limits) return;
  const { count, msLeft } = await countOf(limits.wrongCodesPerSource, codeKey(purpose, attempt));
  if (count >= limits.wrongCodesPerSource.points) throw wrongCodesFromHere(msLeft / 1000);
}

export async function codeFailed(limits: AuthLimits, purpose: string, attempt: Attempt) {
  if (!limits) return;
  await record(limits.wrongCodesPerSource, codeKey(purpose, attempt));
}

/**
 * Before a code e-mail is sent (or, for an unknown address, would be): counted by the e-mail given,
 * known or not, so the limits tell nobody which addresses have accounts.
 */
export async function takeCodeMail(limits: AuthLimits, purpose: string, attempt: Attempt) {
  if (!limits) return;
  const address = `${purpose}|${attempt.account}`;
  const checks: [Limiter, string][] = [
    [limits.codeMailsPerSource, codeKey(purpose, attempt)],
    [limits.codeMailsPerAddress, address],
    [limits.codeMailsPerAddressPerDay, address],
  ];
  for (const [l, key] of checks) await assertUnder(l, key);
  for (const [l, key] of checks) await record(l, key);
}
