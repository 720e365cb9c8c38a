/**
 * Amounts of money as people type them (docs/domain.md, "Money, dates and times"): whole naira,
 * optionally with a naira sign ("₦", "NGN" or "N") and thousands separators ("100,000", "100 000",
 * "₦100,000"), and ".00" kobo. One parser for every form where money is typed and for the API where
 * an amount arrives as a string.
 */
export type ParsedNaira = { naira: number } | { problem: string };

/** The sign people put before an amount: ₦, NGN or N (any case), with or without a space. */
const SIGN = /^(?:₦|ngn|n)\s*/i;
/** Spaces a phone keyboard or a copied figure may hold: ordinary, no-break and narrow no-break. */
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * The whole naira in `text`, or why it is not an amount, in words that say what to type (to follow
 * the field's label: "Amount " + problem). Separators must group by threes, all the same kind;
 * kobo are refused unless they are zero.
 */
export function parseNaira(text: string): ParsedNaira {
  let s = text.trim();
  if (s === '') return { problem: 'is required' };
  const negative = /^[-−]/.test(s);
  if (negative) s = s.slice(1).trim();
  s = s.replace(SIGN, '');
  // A space inside the number is a thousands separator ("100 000"): one kind of space, made plain.
  const grouped = s.replace(SPACES, ' ');
  const match = /^(\d{1,3}(?:([, ])\d{3})(?:\2\d{3})*|\d+)(?:\.(\d+))?$/.exec(grouped);
  if (!match) {
    return /^[\d, .]+$/.test(grouped)
      ? { problem: 'must be whole naira with thousands in groups of three, like 100,000' }
      : { problem: 'must be a number of naira, like 100,000' };
  }
  if (match[3] !== undefined && /[^0]/.test(match[3])) {
    return { problem: 'must be whole naira, without kobo' };
  }
  if (negative) return { problem: 'cannot be negative' };
  return { naira: Number(match[1]!.replace(/[, ]/g, '')) };
}

/** The whole naira in `text`, or null when it is not an amount (for running totals beside a form). */
export function typedNaira(text: string): number | null {
  const parsed = parseNaira(text);
  return 'naira' in parsed ? parsed.naira : null;
}
