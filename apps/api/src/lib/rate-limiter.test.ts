import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { enforce, SlidingWindowLimiter, tooManyAttempts } from './rate-limiter.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('SlidingWindowLimiter', () => {
  it('allows up to the limit per key, then refuses with a retry time', () => {
    const c = clock();
    const l = new SlidingWindowLimiter(3, 60_000, c.now);
    expect([l.hit('a'), l.hit('a'), l.hit('a')].every((r) => r.allowed)).toBe(true);
    const refused = l.hit('a');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(120);
    }
    expect(l.hit('b').allowed).toBe(true);
  });

  it('slides: the previous window counts less as time passes, and the retry time is honest', () => {
    const c = clock(0);
    const l = new SlidingWindowLimiter(10, 60_000, c.now);
    for (let i = 0; i < 10; i++) l.hit('k');
    c.advance(60_000); // next window starts: the previous 10 still weigh fully
    const r = l.check('k');
    expect(r.allowed).toBe(false);
    if (r.allowed) return;
    // Waiting exactly retryAfter seconds must be enough, and one second less not.
    c.advance(r.retryAfter * 1000 - 1000);
    expect(l.check('k').allowed).toBe(false);
    c.advance(1000);
    expect(l.check('k').allowed).toBe(true);
  });

  it('forgets everything after two quiet windows', () => {
    const c = clock(0);
    const l = new SlidingWindowLimiter(2, 1000, c.now);
    l.hit('k');
    l.hit('k');
    expect(l.hit('k').allowed).toBe(false);
    c.advance(2000);
    expect(l.hit('k').allowed).toBe(true);
    expect(l.hit('k').allowed).toBe(true);
  });

  it('record counts without asking, check does not count, reset clears', () => {
    const l = new SlidingWindowLimiter(2, 60_000, clock().now);
    expect(l.check('x').allowed).toBe(true);
    expect(l.check('x').allowed).toBe(true);
    l.record('x');
    l.record('x');
    expect(l.check('x').allowed).toBe(false);
    l.reset('x');
    expect(l.check('x').allowed).toBe(true);
  });

  it('enforce throws a 429 AppError with Retry-After and a human message', () => {
    const l = new SlidingWindowLimiter(1, 15 * 60_000, clock().now);
    enforce(l, 'e');
    try {
      enforce(l, 'e');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect(e.statusCode).toBe(429);
      expect(e.message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
      expect(Number(e.headers?.['retry-after'])).toBeGreaterThan(60);
    }
    expect(tooManyAttempts(30).message).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttempts(61).message).toBe('Too many attempts. Try again in 2 minutes.');
  });
});
