import { describe, expect, it } from 'vitest';
import { timeLeft } from './time-left.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

describe('timeLeft', () => {
  it('counts hours under two days and days beyond, both ways', () => {
    expect(timeLeft(at(5.5), NOW)).toEqual({ text: '5 h left', overdue: false });
    expect(timeLeft(at(0.2), NOW)).toEqual({ text: '1 h left', overdue: false });
    expect(timeLeft(at(47), NOW)).toEqual({ text: '47 h left', overdue: false });
    expect(timeLeft(at(73), NOW)).toEqual({ text: '3 days left', overdue: false });
    expect(timeLeft(at(-2), NOW)).toEqual({ text: 'overdue by 2 h', overdue: true });
    expect(timeLeft(at(-50), NOW)).toEqual({ text: 'overdue by 2 days', overdue: true });
  });
});
