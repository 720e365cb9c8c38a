import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './errors.ts';
import type { SharedEngine } from './shared-engine.ts';

/**
 * A counter per key over a fixed window (rate-limiter-flexible). Everything below takes the
 * abstract type, so callers do not know whether it counts in this process or in Redis.
 */
export type Limiter = RateLimiterAbstract;

/** In this process only: one process, or tests. */
export function limiter(points: number, windowSeconds: number): Limiter {
  return new RateLimiterMemory({ points, duration: windowSeconds });
}

/** Makes the app's counters; `name` keeps each one's keys apart in a shared store. */
export type Counters = (name: string, points: number, windowSeconds: number) => Limiter;

/**
 * With Redis (REDIS_URL) every process counts in it, so N processes allow what one would. While
 * Redis is away (or not yet connected) the library's insurance limiter, in memory, counts instead:
 * each process on its own again, never an error (docs/decisions/0017-shared-engines.md).
 */
export function counters(shared: SharedEngine | null): Counters {
  if (!shared) return (_name, points, windowSeconds) => limiter(points, windowSeconds);
  return (name, points, windowSeconds) =>
    new RateLimiterRedis({
      storeClient: shared.redis,
      keyPrefix: `${shared.prefix}limit:${name}`,
      points,
      duration: windowSeconds,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration: windowSeconds, keyPrefix: name }),
    });
}

/** The 429 every limiter answers with: standard error shape plus Retry-After. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    429,
    `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** Throw 429 (`refusal`, given the seconds to wait) unless `l` allows (and counts) one more hit for `key`. */
export async function enforce(
  l: Limiter,
  key: string,
  refusal: (retryAfterSeconds: number) => AppError = tooManyAttempts,
): Promise<void> {
  try {
    await l.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw refusal(err.msBeforeNext / 1000);
    throw err;
  }
}

/** How many hits `key` has in its current window, and the milliseconds until that window ends. */
export async function countOf(l: Limiter, key: string): Promise<{ count: number; msLeft: number }> {
  const res = await l.get(key);
  // The memory store forgets a key on a timer; a window already over reads as empty here.
  if (!res || res.msBeforeNext <= 0) return { count: 0, msLeft: 0 };
  return { count: res.consumedPoints, msLeft: res.msBeforeNext };
}

/** Throw 429 when `key` has already used all its points; counts nothing. */
export async function assertUnder(l: Limiter, key: string): Promise<void> {
  const { count, msLeft } = await countOf(l, key);
  if (count >= l.points) throw tooManyAttempts(msLeft / 1000);
}

/** Count one hit unconditionally (a failure that already happened); returns the new count. */
export async function record(l: Limiter, key: string): Promise<number> {
  return (await l.penalty(key)).consumedPoints;
}

export async function forget(l: Limiter, key: string): Promise<void> {
  await l.delete(key);
}
