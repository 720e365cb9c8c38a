import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.ts';
import { assertUnder, countOf, enforce, forget, limiter, record, tooManyAttempts } from './rate-limiter.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('counters (rate-limiter-flexible)', () => {
  it('enforce allows up to the limit per key, then throws a 429 with Retry-After', async () => {
    const l = limiter(2, 15 * 60);
    await enforce(l, 'a');
    await enforce(l, 'a');
    const err = await enforce(l, 'a').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.statusCode).toBe(429);
    const seconds = Number(err.headers['retry-after']);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(err.message).toBe('Too many attempts. Try again in 15 minutes.');
    // Keys are independent.
    await enforce(l, 'b');
  });

  it('record counts without refusing; assertUnder refuses once the points are used, counting nothing', async () => {
    const l = limiter(3, 60);
    for (let i = 1; i <= 4; i++) expect(await record(l, 'k')).toBe(i);
    await expect(assertUnder(l, 'k')).rejects.toMatchObject({ statusCode: 429 });
    expect((await countOf(l, 'k')).count).toBe(4);
    await forget(l, 'k');
    expect(await countOf(l, 'k')).toEqual({ count: 0, msLeft: 0 });
    await assertUnder(l, 'k');
  });

  it('reads a window that is over as empty, by the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const l = limiter(1, 60);
    await record(l, 'k');
    await expect(assertUnder(l, 'k')).rejects.toMatchObject({ statusCode: 429 });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await countOf(l, 'k')).count).toBe(0);
    await enforce(l, 'k');
  });

  it('tooManyAttempts says minutes, rounding up', () => {
    expect(tooManyAttempts(30).message).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttempts(61).message).toBe('Too many attempts. Try again in 2 minutes.');
    expect(tooManyAttempts(0.2).headers).toEqual({ 'retry-after': '1' });
  });
});
