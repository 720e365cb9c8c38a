import { AppError } from './errors.ts';

export type LimitResult = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * Sliding-window counter (the previous window's count, weighted by how much of it still overlaps
 * the sliding window, plus the current one) keyed by any string: per e-mail, per account.
 * In memory, per process: enough for a single API process; behind a load balancer each process
 * counts on its own, which still bounds abuse by the number of processes.
 */
export class SlidingWindowLimiter {
  private readonly windows = new Map<string, { start: number; current: number; previous: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private entry(key: string) {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w) {
      // Windows start at a key's first hit, so a burst is never split across a boundary.
      w = { start: now, current: 0, previous: 0 };
      this.windows.set(key, w);
      this.prune(now);
    }
    const elapsedWindows = Math.floor((now - w.start) / this.windowMs);
    if (elapsedWindows >= 1) {
      w.previous = elapsedWindows === 1 ? w.current : 0;
      w.current = 0;
      w.start += elapsedWindows * this.windowMs;
    }
    return { w, now };
  }

  private estimate(w: { start: number; current: number; previous: number }, now: number) {
    const overlap = 1 - (now - w.start) / this.windowMs;
    return w.previous * overlap + w.current;
  }

  /** Seconds until one more hit would fit again (at least 1). */
  private retryAfter(w: { start: number; current: number; previous: number }, now: number): number {
    const room = this.limit - 1;
    let at: number;
    if (w.current <= room) {
      // Still this window: wait until the previous window's weight has decayed enough.
      at = w.start + this.windowMs * (1 - (room - w.current) / w.previous);
    } else {
      // Only after this window ends, as its count (now "previous") decays.
      at = w.start + this.windowMs + this.windowMs * (1 - room / w.current);
    }
    return Math.max(1, Math.ceil((at - now) / 1000));
  }

  /** Would one more hit be allowed? Does not count. */
  check(key: string): LimitResult {
    const { w, now } = this.entry(key);
    if (this.estimate(w, now) + 1 <= this.limit) return { allowed: true };
    return { allowed: false, retryAfter: this.retryAfter(w, now) };
  }

  /** Count one hit if allowed; refuse (and do not count) otherwise. */
  hit(key: string): LimitResult {
    const result = this.check(key);
    if (result.allowed) this.record(key);
    return result;
  }

  /** Count one hit unconditionally (e.g. a failure that already happened). */
  record(key: string): void {
    this.entry(key).w.current += 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Keep memory bounded: forget keys idle for two windows, checked only as the map grows. */
  private prune(now: number) {
    if (this.windows.size % 1000 !== 0) return;
    for (const [key, w] of this.windows) {
      if (now - w.start >= 2 * this.windowMs) this.windows.delete(key);
    }
  }
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

/** Throw 429 unless `limiter` allows (and counts) one more hit for `key`. */
export function enforce(limiter: SlidingWindowLimiter, key: string): void {
  const r = limiter.hit(key);
  if (!r.allowed) throw tooManyAttempts(r.retryAfter);
}
