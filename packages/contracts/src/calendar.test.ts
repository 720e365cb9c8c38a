import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysBetween,
  isCalendarDate,
  lagosDateOf,
  lagosInstant,
  todayInLagos,
} from './calendar.ts';

describe('calendar', () => {
  it('gives the Lagos calendar date (UTC+1) of an instant', () => {
    expect(lagosDateOf(new Date('2025-03-14T22:59:59Z'))).toBe('2025-03-14');
    expect(lagosDateOf(new Date('2025-03-14T23:00:00Z'))).toBe('2025-03-15');
    expect(todayInLagos(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });

  it('adds months, clamping to the end of shorter months', () => {
    expect(addMonths('2025-03-14', 12)).toBe('2026-03-14');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-03-14', -3)).toBe('2024-12-14');
  });

  it('counts whole days between dates', () => {
    expect(daysBetween('2025-03-14', '2026-03-14')).toBe(365);
    expect(daysBetween('2023-03-14', '2024-03-14')).toBe(366);
    expect(daysBetween('2025-03-14', '2025-03-10')).toBe(-4);
    expect(daysBetween('2025-03-14', '2025-03-14')).toBe(0);
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isCalendarDate('2025-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });
});

describe('lagosInstant', () => {
  it('reads a Lagos wall-clock time as the UTC instant an hour earlier', () => {
    expect(lagosInstant('2026-03-14', '08:00').toISOString()).toBe('2026-03-14T07:00:00.000Z');
    expect(lagosInstant('2026-01-01', '00:30').toISOString()).toBe('2025-12-31T23:30:00.000Z');
  });
});
