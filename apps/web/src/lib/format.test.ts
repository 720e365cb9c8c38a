import { describe, expect, it } from 'vitest';
import { formatLagosDate, formatNaira } from './format.ts';

describe('formatNaira', () => {
  it('formats whole naira in en-NG with the naira sign and no decimals', () => {
    expect(formatNaira(650000)).toBe('₦650,000');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(1_250_000)).toBe('₦1,250,000');
  });
  it('rounds to whole naira and keeps the sign', () => {
    expect(formatNaira(1_234.5)).toBe('₦1,235');
    expect(formatNaira(-5000)).toBe('-₦5,000');
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
