import * as z from 'zod/mini';
import { integerCheck, limitSchema, optionalText, prepared, requiredText } from './common.ts';
import { GENDERS, HOSTEL_SORTS, ROOM_UNITS } from './constants.ts';
import { nairaSchema } from './naira.ts';
import {
  AMENITIES,
  type Amenity,
  GENDER_POLICIES,
  MAX_WALKING_MINUTES,
  NIGERIAN_STATES,
  UNIVERSITY_CODES,
} from './places.ts';
import { RENT_PLANS, RentPlanSchema } from './rent-plans.ts';

export const PhotoSchema = z.object({
  _id: z.string(),
  /** Re-encoded JPEG (no EXIF), the widest size we keep. */
  src: z.string(),
  width: z.int(),
  height: z.int(),
  /** Its dominant colour (`#rrggbb`), painted in its place while it loads or until tapped (data saver). */
  placeholder: z.string(),
  /** WebP renditions for small screens, narrowest first (for srcset). */
  variants: z.array(z.object({ url: z.string(), width: z.int() })),
});
export type Photo = z.output<typeof PhotoSchema>;

export const HostelSummarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  hostel_name: z.string(),
  address: z.string(),
  images: z.array(z.string()),
  is_closed: z.boolean(),
  /** Facts (docs/domain.md, "Hostels and rooms"); null when an admin has not given them. */
  state: z.nullable(z.enum(NIGERIAN_STATES)),
  city: z.nullable(z.string()),
  university: z.nullable(z.enum(UNIVERSITY_CODES)),
  university_name: z.nullable(z.string()),
  walking_minutes: z.nullable(z.int()),
  gender_policy: z.enum(GENDER_POLICIES),
  amenities: z.array(z.enum(AMENITIES)),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  /** The rent plan its rooms offer unless a room says otherwise (docs/domain.md, "Rent plans"). */
  rent_plan: z.enum(RENT_PLANS),
});
export type HostelSummary = z.output<typeof HostelSummarySchema>;

/**
 * Tenants' visible reviews of a hostel: the mean of their stars to one decimal and how many there
 * are; null while there is none (docs/domain.md, "Hostel reviews").
 */
export const HostelRatingSchema = z.object({ average: z.number(), count: z.int() });
export type HostelRating = z.output<typeof HostelRatingSchema>;

export const HostelSchema = z.extend(HostelSummarySchema, {
  rating: z.nullable(HostelRatingSchema),
  hostel_details: z.string(),
  photos: z.array(PhotoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Hostel = z.output<typeof HostelSchema>;

const hostelName = requiredText('Hostel name', 120);

/** Blank form fields mean "not given" (null); a JSON client may send null itself. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
/** Forms post numeric strings, JSON clients numbers. */
const toNumber = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(b.trim()) ? Number(b) : b;
};
/** Match a fixed list whatever the case ('lagos' is 'Lagos', 'unilag' is 'UNILAG'). */
const fromList = (list: readonly string[]) => (v: unknown) => {
  const t = trimmed(v);
  return typeof t === 'string' ? (list.find((x) => x.toLowerCase() === t.toLowerCase()) ?? t) : t;
};
/** A comma-separated string or an array; repeats dropped. */
const toList = (v: unknown) => {
  const items = typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(items)) return items;
  return [...new Set(items.map((x) => (typeof x === 'string' ? x.trim().toLowerCase() : x)))].filter(
    (x) => x !== '',
  );
};

const stateSchema = z.enum(NIGERIAN_STATES, { error: 'Choose one of the 36 states or FCT' });
const universitySchema = z.enum(UNIVERSITY_CODES, { error: 'Choose a university from the list' });
const genderPolicySchema = z.enum(GENDER_POLICIES, {
  error: 'Gender policy must be mixed, female_only or male_only',
});
const isAmenity = (a: string): a is Amenity => (AMENITIES as readonly string[]).includes(a);
/** Checked as a whole so the error names `amenities` (not `amenities.2`) and the unknown ones. */
const amenityList = (min: number) =>
  z.pipe(
    z.array(z.string({ error: 'Amenities must be text' })).check(
      z.minLength(min, { error: 'amenities must name at least one amenity' }),
      z.refine((list) => list.every(isAmenity), {
        error: (issue) =>
          `Unknown amenity ${(issue.input as string[]).filter((a) => !isAmenity(a)).join(', ')}; choose from: ${AMENITIES.join(', ')}`,
      }),
    ),
    z.transform((list: string[]) => list.filter(isAmenity)),
  );
const amenitiesSchema = amenityList(0);
const coordinate = (label: string, max: number) =>
  prepared(
    toNumber,
    z.nullable(
      z
        .number({ error: `${label} must be a number` })
        .check(
          z.minimum(-max, { error: `${label} must be between -${max} and ${max}` }),
          z.maximum(max, { error: `${label} must be between -${max} and ${max}` }),
        ),
    ),
  );

/** The facts of the hostel form; each may be left out (create: the default, update: unchanged). */
const hostelFacts = {
  state: prepared((v) => fromList(NIGERIAN_STATES)(blankToNull(v)), z.nullable(stateSchema)),
  city: prepared(blankToNull, z.nullable(optionalText('City', 80))),
  university: prepared((v) => fromList(UNIVERSITY_CODES)(blankToNull(v)), z.nullable(universitySchema)),
  walking_minutes: prepared(
    toNumber,
    z.nullable(
      z.number({ error: 'Walking minutes must be a number' }).check(
        integerCheck('Walking minutes must be a whole number'),
        z.minimum(0, { error: 'Walking minutes cannot be negative' }),
        z.maximum(MAX_WALKING_MINUTES, {
          error: `Walking minutes must be at most ${MAX_WALKING_MINUTES}`,
        }),
      ),
    ),
  ),
  gender_policy: prepared(fromList(GENDER_POLICIES), genderPolicySchema),
  amenities: prepared(toList, amenitiesSchema),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
};
const address = requiredText('Address', 300);
const hostelDetails = optionalText('Hostel details', 4000);

/** Text fields of the multipart create/update form (files travel separately as `images`). */
export const HostelFieldsSchema = z.object({
  hostel_name: hostelName,
  address,
  hostel_details: z._default(hostelDetails, ''),
  // Left out, a fact is unknown (null), the hostel mixed and without listed amenities: clients that
  // send only name, address and details keep working.
  state: z._default(hostelFacts.state, null),
  city: z._default(hostelFacts.city, null),
  university: z._default(hostelFacts.university, null),
  walking_minutes: z._default(hostelFacts.walking_minutes, null),
  gender_policy: z._default(hostelFacts.gender_policy, 'mixed'),
  amenities: z._default(hostelFacts.amenities, []),
  latitude: z._default(hostelFacts.latitude, null),
  longitude: z._default(hostelFacts.longitude, null),
  rent_plan: z._default(RentPlanSchema, 'full'),
});
export type HostelFieldsInput = z.input<typeof HostelFieldsSchema>;
export type HostelFields = z.output<typeof HostelFieldsSchema>;

/**
 * Update form (PATCH and PUT): a field left out keeps its value. PUT additionally requires
 * hostel_name and address (the API checks that). `images` are appended; `remove_images` lists
 * photo ids (`_id` of `photos`) to delete — repeated fields or one comma-separated string.
 */
export const HostelUpdateFieldsSchema = z.object({
  hostel_name: z.optional(hostelName),
  address: z.optional(address),
  hostel_details: z.optional(hostelDetails),
  state: z.optional(hostelFacts.state),
  city: z.optional(hostelFacts.city),
  university: z.optional(hostelFacts.university),
  walking_minutes: z.optional(hostelFacts.walking_minutes),
  gender_policy: z.optional(hostelFacts.gender_policy),
  amenities: z.optional(hostelFacts.amenities),
  latitude: z.optional(hostelFacts.latitude),
  longitude: z.optional(hostelFacts.longitude),
  rent_plan: z.optional(RentPlanSchema),
  remove_images: z._default(
    z
      .array(z.uuid({ error: 'Photos to remove must be given by their ids' }))
      .check(z.maxLength(50, { error: 'Too many photos to remove' })),
    [],
  ),
});
export type HostelUpdateFieldsInput = z.input<typeof HostelUpdateFieldsSchema>;
export type HostelUpdateFields = z.output<typeof HostelUpdateFieldsSchema>;

/** PUT /hostels/{id}: like the update form, but name and address must be sent. */
export const HostelReplaceFieldsSchema = z.extend(HostelUpdateFieldsSchema, {
  hostel_name: hostelName,
  address,
});

export const HOSTEL_SEARCH_MAX_LIMIT = 50;

/**
 * GET /hostels: `include_closed=1` lists closed hostels too — honoured for admins only. Any search
 * parameter answers `{ items, next_cursor }` instead of the plain list.
 */
export const HostelListQuerySchema = z
  .object({
    include_closed: z.pipe(
      z.optional(z.enum(['1', '0', 'true', 'false'], { error: 'include_closed must be 1 or 0' })),
      z.transform((v) => v === '1' || v === 'true'),
    ),
    q: z.optional(
      z.string().check(z.trim(), z.maxLength(100, { error: 'q must be at most 100 characters' })),
    ),
    university: z.optional(prepared(fromList(UNIVERSITY_CODES), universitySchema)),
    state: z.optional(prepared(fromList(NIGERIAN_STATES), stateSchema)),
    city: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: 'city must not be empty' }),
          z.maxLength(80, { error: 'city must be at most 80 characters' }),
        ),
    ),
    unit: z.optional(
      prepared(
        fromList(ROOM_UNITS),
        z.enum(ROOM_UNITS, { error: `unit must be one of: ${ROOM_UNITS.join(', ')}` }),
      ),
    ),
    // Typed as people write rent ("₦300,000") by a search form sent without JavaScript, too.
    min_price: z.optional(nairaSchema('min_price')),
    max_price: z.optional(nairaSchema('max_price')),
    /** A student's gender (hostels that take them: mixed or their own) or an exact policy. */
    gender: z.optional(
      prepared(
        fromList([...GENDERS, ...GENDER_POLICIES]),
        z.enum([...GENDERS, ...GENDER_POLICIES], {
          error: 'gender must be female, male, mixed, female_only or male_only',
        }),
      ),
    ),
    amenities: z.optional(prepared(toList, amenityList(1))),
    available: z.optional(
      z.pipe(
        z.enum(['1', '0', 'true', 'false'], { error: 'available must be true or false' }),
        z.transform((v) => v === '1' || v === 'true'),
      ),
    ),
    sort: z.optional(z.enum(HOSTEL_SORTS, { error: `sort must be one of: ${HOSTEL_SORTS.join(', ')}` })),
    limit: limitSchema(HOSTEL_SEARCH_MAX_LIMIT),
    cursor: z.optional(
      z
        .string()
        .check(
          z.maxLength(400, { error: 'cursor is not valid' }),
          z.regex(/^[A-Za-z0-9_-]+$/, { error: 'cursor is not valid' }),
        ),
    ),
  })
  .check((ctx) => {
    const { min_price, max_price, sort, university } = ctx.value;
    if (min_price !== undefined && max_price !== undefined && min_price > max_price) {
      ctx.issues.push({
        code: 'custom',
        message: 'max_price must be at least min_price',
        input: max_price,
        path: ['max_price'],
      });
    }
    if (sort === 'nearest' && !university) {
      ctx.issues.push({
        code: 'custom',
        message: 'sort=nearest needs a university to measure from',
        input: sort,
        path: ['sort'],
      });
    }
  });
export type HostelListQuery = z.output<typeof HostelListQuerySchema>;

/** A search result: the hostel with its facts, its first photo and what can be booked now. */
export const HostelSearchItemSchema = z.extend(HostelSummarySchema, {
  photo: z.nullable(z.string()),
  /** The same first photo with its sizes, for the card's srcset and placeholder. */
  cover: z.nullable(PhotoSchema),
  /** Cheapest yearly rent among the rooms a student can book now (matching unit and price filters). */
  min_available_price: z.nullable(z.int()),
  available_rooms: z.int(),
  rating: z.nullable(HostelRatingSchema),
});
export type HostelSearchItem = z.output<typeof HostelSearchItemSchema>;

export const HostelSearchResultSchema = z.object({
  items: z.array(HostelSearchItemSchema),
  /** How many hostels match the search, on its first page; null on the pages after (a cursor given). */
  total: z.nullable(z.int()),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.nullable(z.string()),
});
export type HostelSearchResult = z.output<typeof HostelSearchResultSchema>;

/** A hostel as other resources mention it (a room's, a booking's, a payment's hostel). */
export const HostelRefSchema = z.object({ _id: z.string(), hostel_name: z.string(), address: z.string() });
export type HostelRef = z.output<typeof HostelRefSchema>;
