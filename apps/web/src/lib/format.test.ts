import { describe, expect, it } from 'vitest';
import { formatLagosDate, formatNaira, formatNairaIntl } from './format.ts';

describe('formatNaira', () => {
  it('formats whole naira in en-NG with the naira sign and no decimals', () => {
    expect(formatNaira(650000)).toBe('₦650,000');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(1_250_000)).toBe('₦1,250,000');
  });
  it('matches Intl.NumberFormat exactly, rounding and signs included', () => {
    const values = [0, -0, 1, 12, 999, 1000, 99_999, 100_000, 650_000, 1_250_000, -5000, 0.5, 1.5, 2.5, -0.5];
    values.push(123_456_789.49, 2 ** 53 - 1, 1e21, Number.NaN);
    for (let i = 0; i < 200; i++)
      values.push(Math.round(Math.random() * 10 ** (i % 12)) / (i % 3 === 0 ? 10 : 1));
    for (const v of values) expect(formatNaira(v), String(v)).toBe(formatNairaIntl(v));
  });
});

describe('formatLagosDate', () => {
  it('shows a UTC instant as its Lagos calendar day', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Lagos (UTC+1).
    expect(formatLagosDate('2026-12-31T23:30:00Z')).toBe(formatLagosDate('2027-01-01'));
  });
  it('never shifts a calendar date', () => {
    expect(formatLagosDate('2026-11-22')).toMatch(/22/);
    expect(formatLagosDate('2026-11-22')).toMatch(/2026/);
  });
});
