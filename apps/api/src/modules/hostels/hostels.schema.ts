import {
  AMENITIES,
  type Amenity,
  GENDER_POLICIES,
  type GenderPolicy,
  NIGERIAN_STATES,
  type NigerianState,
  RENT_PLANS,
  type RentPlanName,
  UNIVERSITY_CODES,
  type UniversityCode,
} from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, inList, photoColumns, rowId, updatedAt } from '../../db/columns.ts';

/** Hostels, their photos and the words search corrects typos against (docs/domain.md, "Hostels and rooms"). Owned by the hostels module. */

/** A column type drizzle lacks; search only ever reads it in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const hostels = pgTable(
  'hostels',
  {
    id: rowId(),
    hostelName: text('hostel_name').notNull(),
    address: text('address').notNull(),
    hostelDetails: text('hostel_details').notNull().default(''),
    isClosed: boolean('is_closed').notNull().default(false),
    /** Facts students search by (docs/domain.md, "Hostels and rooms"); null when not given. */
    state: text('state').$type<NigerianState>(),
    city: text('city'),
    university: text('university').$type<UniversityCode>(),
    walkingMinutes: integer('walking_minutes'),
    genderPolicy: text('gender_policy').$type<GenderPolicy>().notNull().default('mixed'),
    amenities: text('amenities').array().$type<Amenity[]>().notNull().default(sql`'{}'::text[]`),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The rent plan its rooms offer unless a room has its own (docs/domain.md, "Rent plans"). */
    rentPlan: text('rent_plan').$type<RentPlanName>().notNull().default('full'),
    /**
     * What `q` is matched against: the words of the name (weight A, so they rank first) and of
     * `hostel_search_text(...)` (name, address, city, state, university code and name; migration
     * 0014), kept by the database itself so no write path can forget it. Triggers copy its words
     * into `hostel_search_terms`, the vocabulary typos are corrected against.
     */
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `setweight(to_tsvector('simple'::regconfig, hostel_name), 'A') || to_tsvector('simple'::regconfig, hostel_search_text(hostel_name, address, city, state, university))`,
        ),
      ),
    /**
     * What a student can book now, kept by triggers on `rooms` (migration 0010) so a search need
     * not read every hostel's rooms: the count and cheapest rent of rooms `available` and not held,
     * as of the last room write, and when the earliest running hold ends (from then on the two
     * may undercount until the next room write; search reads the rooms of such a hostel itself).
     * docs/decisions/0015-search.md.
     */
    availableRooms: integer('available_rooms').notNull().default(0),
    minAvailablePrice: integer('min_available_price'),
    availabilityStaleAt: timestamp('availability_stale_at', { withTimezone: true, mode: 'date' }),
    /**
     * The visible tenants' reviews, kept by the hostel-reviews module through `setHostelRating` so
     * a search card shows the average without reading any review (docs/domain.md, "Hostel reviews").
     */
    reviewCount: integer('review_count').notNull().default(0),
    reviewStarsTotal: integer('review_stars_total').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('hostels_open_name_idx').on(t.isClosed, t.hostelName),
    // fastupdate off: a search would otherwise scan every entry written since the last vacuum.
    index('hostels_search_tsv_idx').using('gin', t.searchTsv).with({ fastupdate: false }),
    index('hostels_university_idx').on(t.university, t.walkingMinutes),
    // The price sorts page open hostels by their stored cheapest bookable rent (hostels.search.ts)
    // and read the few whose stored numbers a lapsed hold made stale apart.
    index('hostels_price_asc_idx')
      .on(sql`coalesce(${t.minAvailablePrice}, 2147483647)`, t.id)
      .where(sql`not ${t.isClosed}`),
    index('hostels_price_desc_idx')
      .on(sql`coalesce(${t.minAvailablePrice}, -1)`, t.id)
      .where(sql`not ${t.isClosed}`),
    index('hostels_availability_stale_idx')
      .on(t.availabilityStaleAt)
      .where(sql`${t.availabilityStaleAt} is not null`),
    check('hostels_state_ck', inList('state', NIGERIAN_STATES)),
    check('hostels_university_ck', inList('university', UNIVERSITY_CODES)),
    check('hostels_gender_policy_ck', inList('gender_policy', GENDER_POLICIES)),
    check('hostels_rent_plan_ck', inList('rent_plan', RENT_PLANS)),
    check(
      'hostels_amenities_ck',
      sql.raw(`amenities <@ array[${AMENITIES.map((a) => `'${a}'`).join(', ')}]::text[]`),
    ),
    check(
      'hostels_review_totals_ck',
      sql`${t.reviewCount} >= 0 and ${t.reviewStarsTotal} between ${t.reviewCount} and 5 * ${t.reviewCount}`,
    ),
    check('hostels_walking_minutes_ck', sql`${t.walkingMinutes} between 0 and 1000`),
    check(
      'hostels_coordinates_ck',
      sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
  ],
);

/**
 * Every word any hostel's `search_tsv` has had, filled by triggers on `hostels` (migration 0014):
 * the short list a misspelt word of `q` is corrected against by trigrams (docs/domain.md, "Search").
 */
export const hostelSearchTerms = pgTable(
  'hostel_search_terms',
  { term: text('term').primaryKey() },
  // fastupdate off, as for hostels_search_tsv_idx: new words are rare, searches many.
  (t) => [
    index('hostel_search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export const hostelImages = pgTable(
  'hostel_images',
  { ...photoColumns(), hostelId: belongsTo('hostel_id', () => hostels.id) },
  (t) => [index('hostel_images_hostel_idx').on(t.hostelId, t.position)],
);
