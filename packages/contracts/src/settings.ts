import * as z from 'zod/mini';
import { PersonRefSchema, RoomRefSchema } from './bookings.ts';
import { HostelRefSchema } from './hostels.ts';

const MAX_ENTRIES = 8;

/** What the admin sent, as they would recognise it in a message: 'seven', 400, true. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/**
 * A whole number of `unit` within [min, max]; every refusal names the value and the range, e.g.
 * "'seven' is not a number of days; use 0–365".
 */
const wholeIn = (unit: string, min: number, max: number) => {
  const range = `use ${min}–${max}`;
  return z
    .int({
      error: (issue) =>
        typeof issue.input === 'number'
          ? `${shown(issue.input)} is not a whole number of ${unit}; ${range}`
          : `${shown(issue.input)} is not a number of ${unit}; ${range}`,
    })
    .check(
      z.minimum(min, { error: (issue) => `${shown(issue.input)} ${unit} is too few; ${range}` }),
      z.maximum(max, { error: (issue) => `${shown(issue.input)} ${unit} is too many; ${range}` }),
    );
};

/** A list of whole days within [min, max], each at most once, at most 8 of them. */
const dayList = (label: string, min: number, max: number) =>
  z
    .array(wholeIn('days', min, max), {
      error: (issue) =>
        `${label}: ${issue.input === undefined ? 'missing' : `${shown(issue.input)} is not a list of days`}; give up to ${MAX_ENTRIES} days, each ${min}–${max}`,
    })
    .check(
      z.maxLength(MAX_ENTRIES, {
        error: (issue) =>
          `${label}: ${Array.isArray(issue.input) ? issue.input.length : 'too many'} days given; use at most ${MAX_ENTRIES}`,
      }),
      z.refine((days) => new Set(days).size === days.length, {
        error: (issue) => {
          const days = issue.input as number[];
          const twice = days.find((d, i) => days.indexOf(d) !== i);
          return `${label}: ${twice} is given twice; give each day once`;
        },
      }),
    );

/** The days `document_retention_days` may be: a month to ten years. */
export const DOCUMENT_RETENTION_RANGE = { min: 30, max: 3650 } as const;

/** GET/PUT /admin/settings: when tenants are reminded about rent, and whether by text too. */
export const AdminSettingsSchema = z.object({
  /** Days before the due date (0: on the due date) a reminder goes out. */
  reminder_days_before: dayList('Reminder days', 0, 365),
  /** Days after the due date an overdue notice goes out, while the rent is unpaid. */
  overdue_days_after: dayList('Overdue notice days', 1, 365),
  /** Reminders and overdue notices go by text too (to tenants who allow texts). */
  reminder_sms: z.boolean({
    error: (issue) =>
      `Also send texts (reminder_sms): ${issue.input === undefined ? 'missing' : `${shown(issue.input)} is not true or false`}; use true or false`,
  }),
  /**
   * A student may cancel an inspection booking until this many hours before its time (its agent fee
   * then goes to Refunds). Left out, it stays 24.
   */
  inspection_cancel_hours: z._default(wholeIn('hours', 0, 168), 24),
  /**
   * Require approved documents and a signed tenancy agreement before rent can be paid. Left out, it
   * stays off, so clients that pay rent as before keep working.
   */
  paperwork_required_for_rent: z._default(
    z.boolean({
      error: (issue) =>
        `Require approved documents and a signed tenancy agreement before rent can be paid (paperwork_required_for_rent): ${shown(issue.input)} is not true or false; use true or false`,
    }),
    false,
  ),
  /**
   * Days a person's files are kept after her tenancy ends (or her application is abandoned) before
   * the nightly retention job deletes them (docs/domain.md, "Retention"). At least 30: the deposit
   * is settled within weeks of a move-out and its questions need the photos. Left out, it stays 90.
   */
  document_retention_days: z._default(
    wholeIn('days', DOCUMENT_RETENTION_RANGE.min, DOCUMENT_RETENTION_RANGE.max),
    90,
  ),
});
export type AdminSettingsInput = z.input<typeof AdminSettingsSchema>;
export type AdminSettings = z.output<typeof AdminSettingsSchema>;

/** What a new install starts with: a month, a week and a day ahead, the day itself, then three notices. */
export const DEFAULT_SETTINGS: AdminSettings = {
  reminder_days_before: [30, 7, 1, 0],
  overdue_days_after: [1, 7, 14],
  reminder_sms: true,
  inspection_cancel_hours: 24,
  paperwork_required_for_rent: false,
  document_retention_days: 90,
};

/** GET /admin/arrears: tenants past their due date, most overdue first. */
export const ArrearsItemSchema = z.object({
  user: PersonRefSchema,
  hostel: HostelRefSchema,
  room: RoomRefSchema,
  rentDueDate: z.string(),
  daysOverdue: z.int(),
  /** A year's rent for the room, in naira. */
  amountOwed: z.int(),
  /** When the last reminder or overdue notice went out (ISO instant), or null. */
  lastReminderAt: z.nullable(z.string()),
});
export type ArrearsItem = z.output<typeof ArrearsItemSchema>;
