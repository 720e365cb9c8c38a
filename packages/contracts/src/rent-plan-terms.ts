import { addMonths } from './calendar.ts';

/*
 * Rent in parts (docs/domain.md, "Rent plans"). A hostel offers one plan, a room may offer another;
 * the student chooses the full year or that plan when she first pays a year's rent (and again at
 * each renewal). The catalogue is fixed on purpose: every plan here is worded in the Terms page
 * and on the booking page, and a plan an admin could type freely would need that wording re-checked.
 */

export const RENT_PLANS = ['full', 'two_parts', 'three_parts'] as const;
export type RentPlanName = (typeof RENT_PLANS)[number];

/** Each part of a year's rent: its share in percent and how many months after the year's start it is due. */
export const RENT_PLAN_PARTS: Record<RentPlanName, readonly { percent: number; months: number }[]> = {
  full: [{ percent: 100, months: 0 }],
  two_parts: [
    { percent: 60, months: 0 },
    { percent: 40, months: 4 },
  ],
  three_parts: [
    { percent: 40, months: 0 },
    { percent: 30, months: 4 },
    { percent: 30, months: 8 },
  ],
};

/** The plan in words, as the room card, the booking page and the admin form show it. */
export const RENT_PLAN_LABEL: Record<RentPlanName, string> = {
  full: 'Full year at once',
  two_parts: '2 parts: 60% at move-in, 40% within 4 months',
  three_parts: '3 parts: 40% at move-in, 30% within 4 months, 30% within 8 months',
};

/** What happens when a part is late, as the booking page and the agreement say it. */
export const LATE_PART_TERMS =
  'A part not paid by its due date is rent in arrears: reminders go out as for a late renewal, the part stays payable, and the year cannot be renewed until every part is paid. Unpaid rent is settled at move-out.';

export type RentPart = { number: number; amount: number; due_on: string };

/**
 * A year's rent split into its parts: whole naira, each part its percent rounded down, the first
 * part taking what rounding left over (so the parts always add up to the year's rent exactly).
 * `start` is the year's first day (a Lagos date); part n is due `months` after it.
 */
export function splitRent(plan: RentPlanName, yearRent: number, start: string): RentPart[] {
  const shares = RENT_PLAN_PARTS[plan];
  const amounts = shares.map((s) => Math.floor((yearRent * s.percent) / 100));
  amounts[0] = (amounts[0] ?? 0) + yearRent - amounts.reduce((a, b) => a + b, 0);
  return shares.map((s, i) => ({
    number: i + 1,
    amount: amounts[i] ?? 0,
    due_on: addMonths(start, s.months),
  }));
}

/** "part 2 of 2", "parts 1–2 of 3": parts in words (what a payment paid, what is left), from their numbers. */
export function partsInWords(numbers: number[], of: number): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return '';
  return first === last ? `part ${first} of ${of}` : `parts ${first}–${last} of ${of}`;
}

export const RENT_PART_STATUSES = ['paid', 'part_paid', 'due', 'late', 'upcoming'] as const;
export type RentPartStatus = (typeof RENT_PART_STATUSES)[number];
