import * as z from 'zod/mini';
import { IdSchema } from './common.ts';
import { MESSAGE_CHANNELS } from './constants.ts';
import { formatNaira } from './format.ts';
import { type HostelListQuery, HostelListQuerySchema, HostelRefSchema } from './hostels.ts';

/** Saved hostels and saved searches, and their alerts (docs/domain.md, "Saved hostels and searches"). */

export const SAVED_KINDS = ['hostel', 'search'] as const;
export type SavedKind = (typeof SAVED_KINDS)[number];

/** How many items one student may keep saved. */
export const SAVED_LIMIT = 30;

/**
 * Parameters of the search page that do not change which rooms match: left out of a saved search,
 * so "page 2" or another order of the same search is the same saved search.
 */
const NOT_A_FILTER = new Set(['cursor', 'limit', 'include_closed', 'sort']);

/** `a=1&b=2` as pairs, decoded as a browser's form sends them (`+` is a space). */
function queryPairs(search: string): [string, string][] {
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part; // a stray % stays as written, as URLSearchParams leaves it
    }
  };
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
    });
}

const encode = (part: string) => encodeURIComponent(part).replace(/%20/g, '+');

/**
 * A search as the search page's URL carries it (`university=UNILAG&max_price=250000`), checked with
 * the search's own schema. Its filters, in a fixed order: the one spelling a saved search is kept as.
 */
export function canonicalSearch(search: string): string {
  const kept = queryPairs(search).filter(([k, v]) => !NOT_A_FILTER.has(k) && v.trim() !== '');
  kept.sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
  return kept.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
}

/** The search's parameters as the search schema reads them (a repeated key becomes a list). */
export function searchParamsObject(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of queryPairs(search)) out[k] = out[k] ? `${out[k]},${v}` : v;
  return out;
}

export const SavedCreateSchema = z
  .object({
    /** Save this hostel… */
    hostel_id: z.optional(IdSchema),
    /** …or this search: the search page's query string. */
    search: z.optional(
      z.string().check(z.maxLength(1000, { error: 'search must be at most 1000 characters' })),
    ),
    /** Where her alerts go; e-mail unless she picks texts. */
    channel: z.optional(z.enum(MESSAGE_CHANNELS, { error: 'channel must be email or sms' })),
  })
  .check((ctx) => {
    const { hostel_id, search } = ctx.value;
    if ((hostel_id === undefined) === (search === undefined)) {
      ctx.issues.push({
        code: 'custom',
        message: 'Give either hostel_id (save a hostel) or search (save a search), not both',
        input: ctx.value,
        path: [hostel_id === undefined ? 'hostel_id' : 'search'],
      });
      return;
    }
    if (search === undefined) return;
    const canonical = canonicalSearch(search);
    if (!canonical) {
      ctx.issues.push({
        code: 'custom',
        message: 'search has no filter to watch; choose a place, a budget or a room type first',
        input: search,
        path: ['search'],
      });
      return;
    }
    const parsed = HostelListQuerySchema.safeParse(searchParamsObject(canonical));
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      ctx.issues.push({
        code: 'custom',
        message: issue.message,
        input: search,
        path: ['search', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      });
    }
  });
export type SavedCreate = z.output<typeof SavedCreateSchema>;

export const SavedUpdateSchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { error: 'channel must be email or sms' }),
});
export type SavedUpdate = z.output<typeof SavedUpdateSchema>;

export const SavedItemSchema = z.object({
  _id: IdSchema,
  kind: z.enum(SAVED_KINDS),
  /** The saved hostel (kind hostel). */
  hostel: z.nullable(HostelRefSchema),
  /** The saved search's query string (kind search), to open it again at /hostels?…. */
  search: z.nullable(z.string()),
  /** What it is, in words: the hostel's name, or the search's filters. */
  label: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  created_at: z.string(),
  last_alert_at: z.nullable(z.string()),
});
export type SavedItem = z.output<typeof SavedItemSchema>;

const range = (min?: number, max?: number) =>
  min !== undefined && max !== undefined
    ? `${formatNaira(min)}–${formatNaira(max)}`
    : min !== undefined
      ? `from ${formatNaira(min)}`
      : max !== undefined
        ? `up to ${formatNaira(max)}`
        : undefined;

/** A saved search in words ("“lodge” · UNILAG · self contain · up to ₦250,000"), for her list and her alerts. */
export function describeSearch(query: HostelListQuery): string {
  const parts = [
    query.q ? `“${query.q}”` : undefined,
    query.university,
    query.city,
    query.state,
    query.unit,
    range(query.min_price, query.max_price),
    query.gender,
    query.amenities?.length ? query.amenities.join(', ') : undefined,
    query.available === false ? 'booked rooms too' : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'All hostels';
}
