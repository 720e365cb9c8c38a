import type {
  HostelListQuery,
  HostelSearchResult,
  HostelSort,
  NigerianState,
  RentPlanName,
  UniversityCode,
} from '@studynest/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { jpegKey, type PhotoFiles, toPhoto } from '../../storage/photos.ts';
import { toHostelRating, toHostelSummary } from './hostels.mapper.ts';

/** The search rules are in docs/domain.md ("Hostels and rooms", "Search"). */

const DEFAULT_LIMIT = 20;
/** No q and no sort: newest first. With q and no sort: best match first. */
type SortKey = HostelSort | 'relevance';

type SearchRow = {
  /** Only when the page's statement counts the matches (a first page that reads every candidate's rooms). */
  total?: number;
  id: string;
  hostel_name: string;
  address: string;
  is_closed: boolean;
  state: NigerianState | null;
  city: string | null;
  university: UniversityCode | null;
  walking_minutes: number | null;
  gender_policy: 'mixed' | 'female_only' | 'male_only';
  amenities: string[] | string;
  latitude: number | null;
  longitude: number | null;
  rent_plan: RentPlanName;
  review_count: number;
  review_stars_total: number;
  image_keys: string[] | string;
  cover: PhotoFiles | string | null;
  min_price: number | null;
  free: number;
  sort_key: string;
};

type Cursor = { s: SortKey; k: string; i: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMERIC = /^-?\d{1,30}(\.\d{1,10})?$/;

const isPriceKey = (k: string) => /^-?\d{1,10}$/.test(k) && Number(k) >= -1 && Number(k) <= 2147483647;

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(raw: string, sort: SortKey): Cursor {
  const invalid = () =>
    badRequest('This page link is out of date; start the search again', {
      cursor: 'cursor is not valid for this search',
    });
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !c ||
    typeof c !== 'object' ||
    (c as Cursor).s !== sort ||
    typeof (c as Cursor).k !== 'string' ||
    !NUMERIC.test((c as Cursor).k) ||
    typeof (c as Cursor).i !== 'string' ||
    !UUID.test((c as Cursor).i) ||
    // The price sorts compare the key with a stored integer price.
    ((sort === 'price' || sort === '-price') && !isPriceKey((c as Cursor).k))
  ) {
    throw invalid();
  }
  return c as Cursor;
}

/** A room a student can book now: available, and nobody's hold is running. */
const notHeld = sql`(r.held_until is null or r.held_until <= now())`;
const bookable = sql`r.status = 'available' and ${notHeld}`;

/**
 * A hostel's bookable rooms without room filters: the numbers the database keeps on `hostels`
 * (migration 0010), unless a hold has run out since the last room write; then its rooms are read.
 * CASE runs a sub-select only for the rows that take its branch.
 */
const fresh = sql`(h.availability_stale_at is null or h.availability_stale_at > now())`;
const storedAvailability = sql`select
  case when ${fresh} then h.min_available_price
    else (select min(r.price) from rooms r where r.hostel_id = h.id and ${bookable}) end as min_price,
  case when ${fresh} then h.available_rooms
    else (select count(*)::int from rooms r where r.hostel_id = h.id and ${bookable}) end as free,
  1 as matching`;

/**
 * With `unit` or price bounds: the hostel's rooms that match them. With `available` only rooms
 * that are available can count (a partial index holds them); otherwise every room does, since the
 * filters keep hostels with such a room "booked or not".
 */
const roomsMatching = (roomFilters: SQL[], availableOnly: boolean) => {
  // Among available rooms, bookable is "not held": the index has every column the query reads.
  const now = availableOnly ? notHeld : bookable;
  return sql`select
  min(r.price) filter (where ${now}) as min_price,
  (count(*) filter (where ${now}))::int as free,
  count(*)::int as matching
  from rooms r
  where r.hostel_id = h.id${availableOnly ? sql` and r.status = 'available'` : sql``}
    and ${sql.join(roomFilters, sql` and `)}`;
};

/** Caps on the alternatives of one word: enough for any real typo, few enough for a small query. */
const PREFIX_TERMS = 50;
const CORRECTED_TERMS = 20;

/**
 * `q` as a tsquery, built in SQL so no tsquery syntax a student types is ever parsed: its words as
 * `to_tsvector('simple')` splits them, each replaced by its alternatives from the vocabulary
 * `hostel_search_terms` — the word itself if some hostel has it; for the last word also the words
 * it begins (2 characters or more, so results come while typing, "lodge 42" on the way to "lodge
 * 4212" included); failing both, the closest words by trigram similarity (pg_trgm's `%`, 0.3 or
 * more, within 0.1 of the best). AND across words, OR within. A word with no alternative, or no
 * word at all, leaves it null: nothing matches. Terms are quoted as tsquery lexemes because a
 * word may hold a quote (the parser keeps a URL's path whole: "x.ng/o'k").
 */
const searchQuery = (q: string) => sql`words as (
    select w.lexeme as word,
      w.positions[array_length(w.positions, 1)]
        = max(w.positions[array_length(w.positions, 1)]) over () as last
    from unnest(to_tsvector('simple', ${q})) w
  ),
  typed as (
    -- A lateral with a limit stays a nested loop: one primary-key lookup per word, never a hash
    -- join over the whole vocabulary.
    select w.word, e.term from words w cross join lateral (
      select t.term from hostel_search_terms t where t.term = w.word limit 1) e
    union
    select w.word, p.term from words w cross join lateral (
      select t.term from hostel_search_terms t
      where w.last and length(w.word) >= 2
        and t.term like replace(replace(replace(w.word, chr(92), chr(92) || chr(92)),
          '%', chr(92) || '%'), '_', chr(92) || '_') || '%'
      order by length(t.term), t.term limit ${PREFIX_TERMS}) p
  ),
  corrected as (
    select word, term from (
      select c.*, max(c.sim) over (partition by c.word) as best,
        row_number() over (partition by c.word order by c.sim desc, c.term) as n
      from (
        select w.word, t.term, similarity(t.term, w.word) as sim
        from words w join hostel_search_terms t on t.term % w.word
        where w.word not in (select word from typed)
      ) c
    ) c where c.sim >= c.best - 0.1 and c.n <= ${CORRECTED_TERMS}
  ),
  alternatives as (
    select word, '(' || string_agg(
      '''' || replace(replace(term, chr(92), chr(92) || chr(92)), '''', '''''') || '''',
      ' | ' order by term) || ')' as any_of
    from (select * from typed union all select * from corrected) a group by word
  ),
  search_q as (
    select case when count(*) = (select count(*) from words)
      then string_agg(any_of, ' & ' order by word)::tsquery end as tsq
    from alternatives
  )`;
/** The search's tsquery (null without q), from the `search_q` the statement begins with. */
const tsq = sql`(select tsq from search_q)`;
/**
 * Each sort as one numeric key plus the id, both in the same direction: the keyset the cursor
 * carries. Hostels without the key (no bookable room, no walking minutes) sort last.
 */
function sortKey(sort: SortKey): { key: SQL; desc: boolean } {
  switch (sort) {
    case 'price':
      return { key: sql`coalesce(m.min_price, 2147483647)::numeric`, desc: false };
    case '-price':
      return { key: sql`coalesce(m.min_price, -1)::numeric`, desc: true };
    case 'nearest':
      return { key: sql`coalesce(h.walking_minutes, 1000000)::numeric`, desc: false };
    case 'relevance':
      // Rounded so the key compares exactly when the cursor brings it back.
      return { key: sql`round(ts_rank(h.search_tsv, ${tsq})::numeric, 6)`, desc: true };
    default:
      // Microseconds since the epoch: created_at exactly, as a number.
      return { key: sql`(extract(epoch from h.created_at) * 1000000)::numeric`, desc: true };
  }
}

/** Postgres hands arrays back parsed; a driver that does not gives their text form. */
const asArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

/**
 * What a search asks of a hostel (`h`, open) and of its rooms (`r`), and whether only rooms a student
 * can book now count: the one reading of a search, shared by the search and by saved searches' alerts.
 */
function searchFilters(query: HostelListQuery, q: string | undefined) {
  const roomFilters: SQL[] = [];
  if (query.unit) roomFilters.push(sql`r.unit = ${query.unit}`);
  if (query.min_price !== undefined) roomFilters.push(sql`r.price >= ${query.min_price}`);
  if (query.max_price !== undefined) roomFilters.push(sql`r.price <= ${query.max_price}`);
  /**
   * A budget is for a room she can book now: with a price bound only bookable rooms count, unless
   * she asks for the others too (`available=false`).
   */
  const bookableOnly = query.available ?? (query.min_price !== undefined || query.max_price !== undefined);

  const where: SQL[] = [sql`not h.is_closed`];
  if (q) where.push(sql`h.search_tsv @@ ${tsq}`);
  if (query.university) where.push(sql`h.university = ${query.university}`);
  if (query.state) where.push(sql`h.state = ${query.state}`);
  if (query.city) where.push(sql`strpos(lower(coalesce(h.city, '')), lower(${query.city})) > 0`);
  if (query.gender) {
    const policies =
      query.gender === 'female' || query.gender === 'male'
        ? ['mixed', `${query.gender}_only`]
        : [query.gender];
    where.push(
      sql`h.gender_policy in (${sql.join(
        policies.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
  }
  if (query.amenities?.length) {
    where.push(
      sql`h.amenities @> array[${sql.join(
        query.amenities.map((a) => sql`${a}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  return { roomFilters, bookableOnly, where };
}

/**
 * The rooms a student can book now that a search (or one hostel) matches: what a saved search's or
 * a saved hostel's alert compares with what it last saw (modules/saved).
 */
export async function bookableRoomsMatching(
  { db }: Pick<Deps, 'db'>,
  match: { query: HostelListQuery } | { hostelId: string },
): Promise<BookableRoom[]> {
  const query: HostelListQuery = 'query' in match ? match.query : { include_closed: false };
  const q = query.q ? query.q.toLowerCase() : undefined;
  const { roomFilters, where } = searchFilters(query, q);
  if ('hostelId' in match) where.push(sql`h.id = ${match.hostelId}`);
  const result = (await db.execute(sql`
    ${q ? sql`with ${searchQuery(q)}` : sql``}
    select r.id, r.price, r.room_number, h.id as hostel_id, h.hostel_name
    from hostels h join rooms r on r.hostel_id = h.id
    where ${sql.join([...where, ...roomFilters, bookable], sql` and `)}
    order by r.price, r.id
    limit 1000
  `)) as unknown as {
    rows: { id: string; price: number; room_number: string; hostel_id: string; hostel_name: string }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    price: Number(r.price),
    roomNumber: r.room_number,
    hostelId: r.hostel_id,
    hostelName: r.hostel_name,
  }));
}

export type BookableRoom = {
  id: string;
  price: number;
  roomNumber: string;
  hostelId: string;
  hostelName: string;
};

/** Search open hostels: filters, typo-tolerant `q`, keyset pages. */
export async function searchHostels(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  query: HostelListQuery,
): Promise<HostelSearchResult> {
  const q = query.q ? query.q.toLowerCase() : undefined;
  const sort: SortKey = query.sort ?? (q ? 'relevance' : 'newest');
  const limit = query.limit ?? DEFAULT_LIMIT;
  const { key, desc } = sortKey(sort);

  const { roomFilters, bookableOnly, where } = searchFilters(query, q);
  // What only the rooms can say, checked once each hostel's rooms are read (`m`).
  const roomWhere: SQL[] = [];
  if (roomFilters.length) roomWhere.push(sql`m.matching > 0`);
  if (bookableOnly) {
    // The stored count rules out hostels with nothing to book before their rooms are read.
    where.push(sql`(h.available_rooms > 0 or not ${fresh})`);
    roomWhere.push(sql`m.free > 0`);
  }
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
  /**
   * After the cursor's row, in the sort's direction, by `sortBy`: the key, or the stored price it
   * equals (an integer, compared as one so that its index serves).
   */
  const after = (sortBy: SQL, c: Cursor, as = sql`numeric`) =>
    desc
      ? sql`(${sortBy}, h.id) < (${c.k}::numeric::${as}, ${c.i}::uuid)`
      : sql`(${sortBy}, h.id) > (${c.k}::numeric::${as}, ${c.i}::uuid)`;
  const direction = desc ? sql`desc` : sql`asc`;
  const whereSql = sql.join(where, sql` and `);
  const pageWhere = sql.join([...roomWhere, ...(cursor ? [after(key, cursor)] : [])], sql` and `);
  const candidates = pickCandidates();

  /**
   * The hostels whose rooms are read. When neither the filters nor the sort look at rooms: the
   * page's hostels alone, picked first (a broad q otherwise reads rooms for every match; ADR 0015).
   * The price sorts without room filters: the page's hostels by their stored cheapest rent, from an
   * index, plus every hostel whose stored numbers a lapsed hold has made stale (few: the hold
   * release job runs every minute). Otherwise every hostel that passes the filters.
   */
  function pickCandidates(): SQL {
    const sortsByPrice = sort === 'price' || sort === '-price';
    if (!roomFilters.length && !bookableOnly && !sortsByPrice) {
      return sql`(select h.* from hostels h
        where ${whereSql}${cursor ? sql` and ${after(key, cursor)}` : sql``}
        order by ${key} ${direction}, h.id ${direction} limit ${limit + 1}) h`;
    }
    if (!roomFilters.length && sortsByPrice) {
      // The same expressions as the indexes hostels_price_asc_idx / hostels_price_desc_idx.
      const stored =
        sort === 'price'
          ? sql`coalesce(h.min_available_price, 2147483647)`
          : sql`coalesce(h.min_available_price, -1)`;
      return sql`((select h.* from hostels h
          where ${whereSql} and ${fresh}${cursor ? sql` and ${after(stored, cursor, sql`integer`)}` : sql``}
          order by ${stored} ${direction}, h.id ${direction} limit ${limit + 1})
        union all
        (select h.* from hostels h where ${whereSql} and not ${fresh})) h`;
    }
    return sql`(select h.* from hostels h where ${whereSql}) h`;
  }
  const availability = roomFilters.length ? roomsMatching(roomFilters, bookableOnly) : storedAvailability;
  const withSearch = q ? sql`with ${searchQuery(q)}` : sql``;
  /**
   * How many hostels match, on a first page. Where every candidate's rooms are read anyway (room
   * filters, or bookable-only without a price sort: see pickCandidates) the page's statement counts
   * them as it goes; otherwise the candidates are the page alone, and the hostels are counted apart,
   * by their stored numbers.
   */
  const readsEveryCandidate =
    roomFilters.length > 0 || (bookableOnly && sort !== 'price' && sort !== '-price');
  const countInline = !cursor && readsEveryCandidate;
  const countApart =
    cursor || readsEveryCandidate
      ? undefined
      : (db.execute(sql`${withSearch}
        select count(*)::int as n from hostels h cross join lateral (${availability}) m
        where ${sql.join([whereSql, ...roomWhere], sql` and `)}`) as unknown as Promise<{
          rows: { n: number }[];
        }>);

  const page = db.execute(sql`
    ${withSearch}
    select ${countInline ? sql`count(*) over ()::int as total,` : sql``} h.id, h.hostel_name, h.address, h.is_closed, h.state, h.city, h.university,
      h.walking_minutes, h.gender_policy, h.amenities, h.latitude, h.longitude, h.rent_plan,
      h.review_count, h.review_stars_total,
      array(select i.storage_key from hostel_images i where i.hostel_id = h.id
        order by i.position, i.created_at) as image_keys,
      (select json_build_object('id', i.id, 'storageKey', i.storage_key, 'width', i.width,
        'height', i.height, 'variantWidths', i.variant_widths, 'placeholder', i.placeholder)
        from hostel_images i where i.hostel_id = h.id
        order by i.position, i.created_at limit 1) as cover,
      m.min_price, m.free, (${key})::text as sort_key
    from ${candidates}
    cross join lateral (${availability}) m
    ${roomWhere.length || cursor ? sql`where ${pageWhere}` : sql``}
    order by ${key} ${direction}, h.id ${direction}
    limit ${limit + 1}
  `) as unknown as Promise<{ rows: SearchRow[] }>;
  const [result, counted] = await Promise.all([page, countApart]);

  const rows = result.rows.slice(0, limit);
  const last = rows.at(-1);
  const items = rows.map((r) => {
    const imageKeys = asArray(r.image_keys);
    const summary = toHostelSummary(
      storage,
      {
        id: r.id,
        hostelName: r.hostel_name,
        address: r.address,
        isClosed: r.is_closed,
        state: r.state,
        city: r.city,
        university: r.university,
        walkingMinutes: r.walking_minutes,
        genderPolicy: r.gender_policy,
        amenities: asArray(r.amenities) as SearchRowAmenities,
        latitude: r.latitude === null ? null : Number(r.latitude),
        longitude: r.longitude === null ? null : Number(r.longitude),
        rentPlan: r.rent_plan,
      },
      imageKeys,
    );
    return {
      ...summary,
      photo: imageKeys[0] ? storage.url(jpegKey(imageKeys[0])) : null,
      cover: r.cover ? toPhoto(storage, typeof r.cover === 'string' ? JSON.parse(r.cover) : r.cover) : null,
      min_available_price: r.min_price === null ? null : Number(r.min_price),
      available_rooms: Number(r.free),
      rating: toHostelRating(Number(r.review_count), Number(r.review_stars_total)),
    };
  });
  return {
    items,
    total: cursor ? null : Number(counted ? counted.rows[0]?.n : (result.rows[0]?.total ?? 0)),
    next_cursor:
      result.rows.length > limit && last ? encodeCursor({ s: sort, k: last.sort_key, i: last.id }) : null,
  };
}

type SearchRowAmenities = Parameters<typeof toHostelSummary>[1]['amenities'];

/** Enough for the searches a busy hour repeats; an answer is a page of 20 hostels, a few kilobytes. */
const KEPT_ANSWERS = 500;

/**
 * What answers a search for the routes. On PostgreSQL every search is run. On the embedded
 * database, which runs one query at a time for the whole process, an answer is kept with the
 * catalogue's stamp: the count of writes to hostels, rooms and photos (migration 0027) and the
 * moment the next running hold ends. An answer is given again only while both are unchanged, so it
 * is the answer the search would give now: a write behind the server moves the count, and a hold
 * running out with nothing written moves the moment. (docs/decisions/0024-search-answers-on-the-embedded-database.md)
 */
export function searchAnswers(
  deps: Pick<Deps, 'db' | 'dbKind' | 'storage'>,
): (query: HostelListQuery) => Promise<HostelSearchResult> {
  if (deps.dbKind !== 'pglite') return (query) => searchHostels(deps, query);
  // Keyed by stamp and search: an answer under an older stamp is never found again, and ages out.
  // Requests that arrive while a search runs get that run's answer (lru-cache's fetch keeps one in
  // flight per key) instead of each queueing the same search on the one thread behind it.
  const kept = new LRUCache<string, HostelSearchResult, HostelListQuery>({
    max: KEPT_ANSWERS,
    fetchMethod: (_key, _stale, { context }) => searchHostels(deps, context),
  });
  return async (query) => {
    // Read before the search: data written after the stamp can only make the stamp older than
    // the answer, never an old answer look current.
    const stamp = await catalogueStamp(deps.db);
    const answer = await kept.fetch(`${stamp} ${JSON.stringify(query)}`, { context: query });
    // fetch gives nothing only when aborted, which nothing here does.
    return answer ?? searchHostels(deps, query);
  };
}

async function catalogueStamp(db: Deps['db']): Promise<string> {
  const result = (await db.execute(sql`select
    (select last_value from search_catalogue_changes)::text as writes,
    (select min(availability_stale_at) from hostels
      where availability_stale_at is not null and availability_stale_at > now())::text as next_lapse`)) as unknown as {
    rows: { writes: string; next_lapse: string | null }[];
  };
  const row = result.rows[0];
  return `${row?.writes}|${row?.next_lapse ?? ''}`;
}
