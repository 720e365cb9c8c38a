import { describe, expect, it } from 'vitest';
import { parseNaira } from './money.ts';
import { nairaSchema } from './naira.ts';

describe('parseNaira: amounts as people type them', () => {
  it.each([
    ['100000', 100_000],
    ['100,000', 100_000],
    ['₦100,000', 100_000],
    ['₦ 100,000', 100_000],
    ['NGN 1,250,000', 1_250_000],
    ['N5000', 5_000],
    ['100 000', 100_000],
    ['100\u00a0000', 100_000],
    ['  1,000  ', 1_000],
    ['1,000.00', 1_000],
    ['0', 0],
  ])('%s is ₦%d', (text, naira) => {
    expect(parseNaira(text)).toEqual({ naira });
  });

  it.each([
    ['1,00', 'must be whole naira with thousands in groups of three, like 100,000'],
    ['10,0000', 'must be whole naira with thousands in groups of three, like 100,000'],
    ['1,000 000', 'must be whole naira with thousands in groups of three, like 100,000'],
    ['1000.50', 'must be whole naira, without kobo'],
    ['-100', 'cannot be negative'],
    ['−₦1,000', 'cannot be negative'],
    ['ten thousand', 'must be a number of naira, like 100,000'],
    ['$100', 'must be a number of naira, like 100,000'],
    ['', 'is required'],
  ])('%s is refused: %s', (text, problem) => {
    expect(parseNaira(text)).toEqual({ problem });
  });

  it('is what nairaSchema reads strings with, its messages naming the field', () => {
    const amount = nairaSchema('Amount');
    expect(amount.parse('₦100,000')).toBe(100_000);
    expect(amount.parse(2_500)).toBe(2_500);
    expect(amount.safeParse('1,00').error?.issues[0]?.message).toBe(
      'Amount must be whole naira with thousands in groups of three, like 100,000',
    );
    expect(amount.safeParse(-5).error?.issues[0]?.message).toBe('Amount cannot be negative');
    expect(amount.safeParse(12.5).error?.issues[0]?.message).toBe('Amount must be whole naira, without kobo');
  });
});
