import * as z from 'zod/mini';
import { wholeNumber } from './common.ts';
import { parseNaira } from './money.ts';

/**
 * Whole naira. Forms post strings as people type them ("100,000", "₦100 000"; read by `parseNaira`,
 * the one parser), JSON clients numbers: accept both, refuse fractions, negatives, blanks and
 * misplaced separators with a message naming the field and saying what to type.
 */
export const nairaSchema = (label: string) =>
  z.pipe(
    z.transform((value: unknown, ctx) => {
      if (typeof value !== 'string') return value;
      const parsed = parseNaira(value);
      if ('naira' in parsed) return parsed.naira;
      ctx.issues.push({ code: 'custom', message: `${label} ${parsed.problem}`, input: value });
      return z.NEVER;
    }),
    wholeNumber(`${label} must be a number of naira`, `${label} must be whole naira, without kobo`).check(
      z.minimum(0, { error: `${label} cannot be negative` }),
      z.maximum(1_000_000_000, { error: `${label} is too large` }),
    ),
  );
