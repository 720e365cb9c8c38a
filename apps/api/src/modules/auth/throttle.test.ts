import { describe, expect, it } from 'vitest';
import { accountDelaySeconds, createAuthLimits, THROTTLE } from './throttle.ts';

describe('auth throttle rules', () => {
  it('lets 10 failures through, then doubles the account delay from 1 s up to a minute', () => {
    const delays = Array.from({ length: 20 }, (_, i) => accountDelaySeconds(i + 1));
    expect(delays).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
    expect(accountDelaySeconds(10_000)).toBe(THROTTLE.maxAccountDelay);
  });

  it('keeps an account under 100 failures an hour at the capped delay (ASVS 2.2.1)', () => {
    let seconds = 0;
    let failures = 0;
    while (seconds < 3600) {
      failures += 1;
      seconds += accountDelaySeconds(failures);
    }
    expect(failures).toBeLessThanOrEqual(100);
  });

  it('keeps every window short enough for the memory store (its timers overflow past 24.8 days)', () => {
    const windows = Object.entries(THROTTLE).filter(([name]) => /Window|For$/.test(name));
    expect(windows.length).toBeGreaterThan(0);
    for (const [, seconds] of windows) expect(seconds * 1000).toBeLessThan(2 ** 31);
  });

  it('has no limits at all when RATE_LIMITS=off', () => {
    expect(createAuthLimits({ rateLimits: false })).toBeNull();
    expect(createAuthLimits({ rateLimits: true })?.failedLoginsPerSource.points).toBe(10);
  });
});
