import { describe, expect, it } from 'vitest';
import { formatLagosDate, formatLagosDateTime, formatLagosTime, formatNaira } from './format.ts';

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

describe('formatLagosTime', () => {
  it('writes the time as Nigerians do: no leading zero, lower-case am/pm after a space', () => {
    expect(formatLagosTime('2026-11-22T13:05:00Z')).toBe('2:05 pm');
    expect(formatLagosTime('2026-11-22T08:05:00Z')).toBe('9:05 am');
    expect(formatLagosTime('2026-11-22T21:59:00Z')).toBe('10:59 pm');
  });
  it('calls midnight 12:00 am and noon 12:00 pm', () => {
    expect(formatLagosTime('2026-11-22T23:00:00Z')).toBe('12:00 am'); // midnight in Lagos (UTC+1)
    expect(formatLagosTime('2026-11-22T23:30:00Z')).toBe('12:30 am');
    expect(formatLagosTime('2026-11-22T11:00:00Z')).toBe('12:00 pm'); // noon in Lagos
    expect(formatLagosTime('2026-11-22T11:45:00Z')).toBe('12:45 pm');
  });
  it('takes a Date as well as an ISO string, always in Lagos time whatever the device says', () => {
    expect(formatLagosTime(new Date('2026-06-01T00:00:00Z'))).toBe('1:00 am');
  });
});

describe('formatLagosDateTime', () => {
  it('puts the Lagos date before the time', () => {
    expect(formatLagosDateTime('2026-11-22T13:05:00Z')).toBe(`${formatLagosDate('2026-11-22')}, 2:05 pm`);
    // Just before midnight UTC is already the next day in Lagos.
    expect(formatLagosDateTime('2026-12-31T23:30:00Z')).toBe(`${formatLagosDate('2027-01-01')}, 12:30 am`);
  });
});
