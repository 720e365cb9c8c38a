import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { AppError } from './errors.ts';
import { type Counters, enforce, type Limiter } from './rate-limiter.ts';

const HOUR = 60 * 60;

type AccountLimit = {
  /** Requests one account may make in the window. */
  points: number;
  windowSeconds: number;
  /** What the account has done when it reaches the limit, after "This account has": "given notice 5 times". */
  done: (points: number) => string;
};

/**
 * Writes a signed-in person may repeat, and how often (docs/security.md, "Limits per account").
 * Each number is well past what someone using the screens does in the window, and well short of
 * what a script looping on the route gets through in a minute.
 */
export const ACCOUNT_LIMITS = {
  /** Each one draws a PDF on a worker thread the first time, and reads storage every time. */
  'receipt-downloads': { points: 60, windowSeconds: HOUR, done: (n) => `downloaded ${n} receipts` },
  /** Opening or accepting a tenancy agreement may draw a PDF on a worker thread. */
  agreements: { points: 120, windowSeconds: HOUR, done: (n) => `opened tenancy agreements ${n} times` },
  /** Each one is a payment row and a transaction at the provider. */
  'payment-initiations': { points: 20, windowSeconds: HOUR, done: (n) => `started ${n} payments` },
  /** Each one of an open payment is a call to the provider. */
  'payment-verifications': {
    points: 300,
    windowSeconds: HOUR,
    done: (n) => `checked payments ${n} times`,
  },
  /** Each notice e-mails the tenant a copy. */
  'tenancy-notices': { points: 5, windowSeconds: HOUR, done: (n) => `given notice ${n} times` },
  /** Each one hashes twice (argon2), ends the other sessions and e-mails the owner. */
  'password-changes': { points: 5, windowSeconds: HOUR, done: (n) => `changed its password ${n} times` },
  /** Each one is an argon2 check; wrong ones also count with failed logins. */
  'password-confirmations': {
    points: 30,
    windowSeconds: HOUR,
    done: (n) => `confirmed its password ${n} times`,
  },
  /** Setting up, turning on and turning off two-step sign-in; turning it on or off e-mails the owner. */
  'two-step-changes': {
    points: 10,
    windowSeconds: HOUR,
    done: (n) => `changed two-step sign-in ${n} times`,
  },
  /** Each one is a booking row and a room hold (at most two live at once, so a loop books and cancels). */
  bookings: { points: 30, windowSeconds: HOUR, done: (n) => `booked ${n} inspections` },
  /** Each one resolves the audience and renders the message for one of them. */
  'message-previews': { points: 120, windowSeconds: HOUR, done: (n) => `previewed ${n} messages` },
  /** Each one queues an e-mail or a paid text to every recipient (a retry, to each failed one). */
  'message-sends': { points: 30, windowSeconds: HOUR, done: (n) => `sent or retried ${n} messages` },
  /** Each one is a call to the provider that moves money. */
  refunds: { points: 200, windowSeconds: HOUR, done: (n) => `asked for ${n} refunds` },
  /** Each one is a call to the provider. */
  'refund-checks': {
    points: 120,
    windowSeconds: HOUR,
    done: (n) => `checked refunds with the provider ${n} times`,
  },
  /** Each one lists a whole day's transactions at the provider, page by page. */
  'reconciliation-runs': { points: 30, windowSeconds: HOUR, done: (n) => `reconciled ${n} days` },
  /** Each one aggregates a period's payments, bookings or tenancies. */
  reports: { points: 300, windowSeconds: HOUR, done: (n) => `opened ${n} reports` },
  /** Each one streams every row of a period. */
  exports: { points: 60, windowSeconds: HOUR, done: (n) => `exported ${n} CSV files` },
  /** Each one builds a ZIP of all her rows and photos and e-mails her (one pending at a time besides). */
  'data-exports': { points: 5, windowSeconds: 24 * HOUR, done: (n) => `asked for its data ${n} times` },
  /** Each one may carry ten photos, each decoded and re-encoded (sharp). */
  'hostel-saves': { points: 60, windowSeconds: HOUR, done: (n) => `saved hostels ${n} times` },
  /** Each one may carry eight photos, each decoded and re-encoded (sharp). */
  'room-photo-uploads': { points: 60, windowSeconds: HOUR, done: (n) => `added room photos ${n} times` },
  /** Each one parses a PDF or decodes and re-encodes an image (up to 5 MB). */
  'document-uploads': { points: 30, windowSeconds: HOUR, done: (n) => `uploaded documents ${n} times` },
} as const satisfies Record<string, AccountLimit>;

export type AccountLimitName = keyof typeof ACCOUNT_LIMITS;

const inWords = (seconds: number) => {
  if (seconds <= 90 * 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  const hours = Math.ceil(seconds / HOUR);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
};

const windowWords = (seconds: number) =>
  seconds === HOUR ? 'hour' : seconds === 24 * HOUR ? 'day' : inWords(seconds);

/** The 429 of a limit per account: what the account did, and when it may go on. */
export function accountLimitReached(name: AccountLimitName, retryAfterSeconds: number): AppError {
  const limit: AccountLimit = ACCOUNT_LIMITS[name];
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    `This account has ${limit.done(limit.points)} in the last ${windowWords(limit.windowSeconds)}, the most we allow. Try again in ${inWords(seconds)}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

type LimitDeps = { config: Pick<Config, 'rateLimits'>; counters: Counters };
type Hook = (request: FastifyRequest) => Promise<void>;

// One hook per limit per app, so routes sharing a limit share its count.
const hooksOf = new WeakMap<Counters, Map<AccountLimitName, Hook>>();

/**
 * A route's `preHandler` that counts one request for the signed-in caller's account and answers
 * 429 with Retry-After past the limit: `{ onRequest: app.signedIn, preHandler: perAccountLimit(deps, 'bookings') }`.
 * As a preHandler it runs after the guard and the body's validation, so refused and malformed
 * requests do not use up a person's allowance. Nothing at all when RATE_LIMITS=off.
 * The counts are the app's counters: in Redis with REDIS_URL (docs/decisions/0017-shared-engines.md).
 */
export function perAccountLimit(deps: LimitDeps, name: AccountLimitName): Hook {
  const hooks = hooksOf.get(deps.counters) ?? new Map<AccountLimitName, Hook>();
  hooksOf.set(deps.counters, hooks);
  const known = hooks.get(name);
  if (known) return known;
  const hook = deps.config.rateLimits ? counting(deps.counters, name) : async () => {};
  hooks.set(name, hook);
  return hook;
}

function counting(counters: Counters, name: AccountLimitName): Hook {
  const { points, windowSeconds } = ACCOUNT_LIMITS[name];
  const limiter: Limiter = counters(name, points, windowSeconds);
  const refusal = (seconds: number) => accountLimitReached(name, seconds);
  return async (request) => enforce(limiter, (await request.requireUser()).id, refusal);
}
