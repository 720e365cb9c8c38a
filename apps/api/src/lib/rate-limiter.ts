import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

/**
 * A counter per key over a fixed window (rate-limiter-flexible). In memory, per process, for now:
 * behind a load balancer each process counts on its own, which still bounds abuse by the number of
 * processes. Everything below takes the abstract type, so a shared store can replace the memory one
 * without touching the callers.
 */
export type Limiter = RateLimiterAbstract;

export function limiter(points: number, windowSeconds: number): Limiter {
  return new RateLimiterMemory({ points, duration: windowSeconds });
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

/** Throw 429 unless `l` allows (and counts) one more hit for `key`. */
export async function enforce(l: Limiter, key: string): Promise<void> {
  try {
    await l.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooManyAttempts(err.msBeforeNext / 1000);
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
