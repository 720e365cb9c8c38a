import { type HostelSearchItem, type HostelSearchResult, UNIVERSITIES } from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testApp, testAppWith } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, type SignedIn, signedInUser } from '../../../test/factories.ts';
import { send, sendForm } from '../../../test/requests.ts';
import { seedDemoOnce } from '../demo/demo-data.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { multipart } from './hostels.fixtures.ts';
import { hostels } from './hostels.schema.ts';

describe('hostel search (GET /hostels with parameters)', () => {
  let t: TestApp;
  let studentId: string;
  let admin: SignedIn;

  async function search(params: Record<string, string | number>): Promise<HostelSearchResult> {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await t.app.inject({ url: `/api/hostels?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const names = (r: HostelSearchResult) => r.items.map((i) => i.hostel_name).sort();
  const byName = (r: HostelSearchResult, name: string) =>
    r.items.find((i) => i.hostel_name === name) as HostelSearchItem;

  const future = () => new Date(Date.now() + 20 * 60_000);
  const past = () => new Date(Date.now() - 60_000);

  // The main set: every hostel in Lagos, Enugu or nowhere, so the tests below that add hostels of
  // their own (other states) do not disturb it.
  beforeAll(async () => {
    t = await buildTestApp();
    studentId = (await signedInUser(t)).user.id;
    admin = await signedInUser(t, { role: 'admin' });

    const akoka = await insertHostel(t.db, {
      hostelName: 'Akoka Court',
      address: '3 Bayo Street, Akoka',
      state: 'Lagos',
      city: 'Akoka, Lagos',
      university: 'UNILAG',
      walkingMinutes: 5,
      genderPolicy: 'female_only',
      amenities: ['wifi', 'water'],
    });
    await insertRoom(t.db, akoka.id, {
      roomNumber: 'room 01',
      unit: 'single room (share facilities)',
      price: 300_000,
    });
    await insertRoom(t.db, akoka.id, { roomNumber: 'room 02', price: 500_000 });
    await insertRoom(t.db, akoka.id, { roomNumber: 'room 03', price: 200_000, status: 'booked' });

    const nsukka = await insertHostel(t.db, {
      hostelName: 'Green Hill Lodge',
      address: '5 Odenigbo Road',
      state: 'Enugu',
      city: 'Nsukka',
      university: 'UNN',
      walkingMinutes: 10,
      genderPolicy: 'male_only',
      amenities: ['water', 'security'],
    });
    await insertRoom(t.db, nsukka.id, { roomNumber: 'room 01', price: 400_000 });

    const yaba = await insertHostel(t.db, {
      hostelName: 'Yaba Student Home',
      address: '9 Herbert Macaulay Way, Yaba',
      state: 'Lagos',
      city: 'Yaba, Lagos',
      university: 'UNILAG',
      walkingMinutes: 15,
      genderPolicy: 'mixed',
      amenities: ['wifi', 'water', 'security'],
    });
    await insertRoom(t.db, yaba.id, { roomNumber: 'room 01', price: 250_000, status: 'rented' });
    await insertRoom(t.db, yaba.id, {
      roomNumber: 'room 02',
      price: 350_000,
      heldByUserId: studentId,
      heldUntil: future(),
    });

    const closed = await insertHostel(t.db, {
      hostelName: 'Closed Akoka Lodge',
      address: '1 Akoka Road',
      state: 'Lagos',
      city: 'Akoka, Lagos',
      university: 'UNILAG',
      walkingMinutes: 1,
      amenities: ['wifi', 'water', 'security'],
      isClosed: true,
    });
    await insertRoom(t.db, closed.id, { roomNumber: 'room 01', price: 100_000 });

    // No facts at all, no rooms: how every hostel looked before the facts existed.
    await insertHostel(t.db, { hostelName: 'Plain Lodge', address: '2 Old Road' });
  });
  afterAll(() => t.close());

  const MAIN = ['Akoka Court', 'Green Hill Lodge', 'Plain Lodge', 'Yaba Student Home'];
  /** Keeps the main set's answers apart from hostels other tests add in other states. */
  const mainOnly = (r: HostelSearchResult) =>
    names(r).filter((n) => [...MAIN, 'Closed Akoka Lodge'].includes(n));

  it('without parameters the answer is the original list, now with the facts', async () => {
    const res = await t.app.inject({ url: '/api/hostels' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((h) => h.hostel_name)).not.toContain('Closed Akoka Lodge');
    expect(list.find((h) => h.hostel_name === 'Plain Lodge')).toMatchObject({
      state: null,
      city: null,
      university: null,
      university_name: null,
      walking_minutes: null,
      gender_policy: 'mixed',
      amenities: [],
      latitude: null,
      longitude: null,
    });
    expect(list.find((h) => h.hostel_name === 'Akoka Court')).toMatchObject({
      university: 'UNILAG',
      university_name: 'University of Lagos',
      amenities: ['wifi', 'water'],
    });
  });

  it('each filter alone', async () => {
    expect(mainOnly(await search({ university: 'unilag' }))).toEqual(['Akoka Court', 'Yaba Student Home']);
    expect(mainOnly(await search({ state: 'enugu' }))).toEqual(['Green Hill Lodge']);
    expect(mainOnly(await search({ city: 'nsukka' }))).toEqual(['Green Hill Lodge']);
    expect(mainOnly(await search({ city: 'Lagos' }))).toEqual(['Akoka Court', 'Yaba Student Home']);
    expect(mainOnly(await search({ unit: 'single room (share facilities)' }))).toEqual(['Akoka Court']);
    expect(mainOnly(await search({ gender: 'female' }))).toEqual([
      'Akoka Court',
      'Plain Lodge',
      'Yaba Student Home',
    ]);
    expect(mainOnly(await search({ gender: 'male' }))).toEqual([
      'Green Hill Lodge',
      'Plain Lodge',
      'Yaba Student Home',
    ]);
    expect(mainOnly(await search({ gender: 'male_only' }))).toEqual(['Green Hill Lodge']);
    expect(mainOnly(await search({ amenities: 'wifi,water' }))).toEqual(['Akoka Court', 'Yaba Student Home']);
    expect(mainOnly(await search({ amenities: 'security' }))).toEqual([
      'Green Hill Lodge',
      'Yaba Student Home',
    ]);
    expect(mainOnly(await search({ available: 'true' }))).toEqual(['Akoka Court', 'Green Hill Lodge']);
    expect(mainOnly(await search({ available: 'false' }))).toEqual(MAIN);
    expect(mainOnly(await search({ limit: 50 }))).toEqual(MAIN);
  });

  it('price bounds are inclusive and look at the rooms a student can book now', async () => {
    // Akoka's dearest room is 500 000, Green Hill's only room 400 000: both on the bound.
    expect(mainOnly(await search({ min_price: 400_000 }))).toEqual(['Akoka Court', 'Green Hill Lodge']);
    expect(mainOnly(await search({ min_price: 500_001 }))).toEqual([]);
    // Yaba's rented room is 250 000; Akoka's cheapest is 200 000 (booked): neither can be booked.
    expect(mainOnly(await search({ max_price: 250_000 }))).toEqual([]);
    expect(mainOnly(await search({ max_price: 199_999 }))).toEqual([]);
    expect(mainOnly(await search({ min_price: 300_000, max_price: 300_000 }))).toEqual(['Akoka Court']);
    // Typed as people write it (a search form sent without JavaScript): the same budget.
    expect(mainOnly(await search({ max_price: '₦350,000' }))).toEqual(['Akoka Court']);
    // Yaba's 350 000 room is held by someone: within the budget, but not bookable now.
    const withinBudget = await search({ max_price: 350_000 });
    expect(mainOnly(withinBudget)).toEqual(['Akoka Court']);
    expect(byName(withinBudget, 'Akoka Court')).toMatchObject({
      min_available_price: 300_000,
      available_rooms: 1,
    });
  });

  it('available=false with a price bound asks for the booked, rented and held rooms too', async () => {
    expect(mainOnly(await search({ max_price: 250_000, available: 'false' }))).toEqual([
      'Akoka Court',
      'Yaba Student Home',
    ]);
    const all = await search({ max_price: 350_000, available: 'false' });
    expect(mainOnly(all)).toEqual(['Akoka Court', 'Yaba Student Home']);
    // The numbers still say what can be booked now: nothing at Yaba.
    expect(byName(all, 'Yaba Student Home')).toMatchObject({ min_available_price: null, available_rooms: 0 });
    // A sort by price keeps the rule: the same hostels, cheapest bookable rent first.
    expect(mainOnly(await search({ max_price: 250_000, sort: 'price' }))).toEqual([]);
  });

  it('filters combine, and the items carry what can be booked now', async () => {
    const r = await search({ university: 'UNILAG', available: 'true', max_price: 300_000 });
    expect(mainOnly(r)).toEqual(['Akoka Court']);
    expect(byName(r, 'Akoka Court')).toMatchObject({
      min_available_price: 300_000,
      available_rooms: 1,
      photo: null,
      images: [],
      state: 'Lagos',
      city: 'Akoka, Lagos',
      university: 'UNILAG',
      walking_minutes: 5,
      gender_policy: 'female_only',
      is_closed: false,
    });
    expect(r.next_cursor).toBeNull();

    const all = await search({ state: 'Lagos' });
    // The booked 200 000 room is not "available from": 300 000 is.
    expect(byName(all, 'Akoka Court')).toMatchObject({ min_available_price: 300_000, available_rooms: 2 });
    expect(byName(all, 'Yaba Student Home')).toMatchObject({ min_available_price: null, available_rooms: 0 });
    expect(mainOnly(await search({ state: 'Lagos', gender: 'mixed', amenities: 'security' }))).toEqual([
      'Yaba Student Home',
    ]);
    expect(mainOnly(await search({ q: 'akoka', available: 'true', amenities: 'wifi' }))).toEqual([
      'Akoka Court',
    ]);
  });

  it('q forgives typos: "unilagg" finds UNILAG hostels, "nsuka" finds Nsukka', async () => {
    expect(mainOnly(await search({ q: 'unilagg' }))).toEqual(['Akoka Court', 'Yaba Student Home']);
    expect(mainOnly(await search({ q: 'nsuka' }))).toEqual(['Green Hill Lodge']);
    // The university's name counts too, and so does the hostel's.
    expect(mainOnly(await search({ q: 'nigeria' }))).toEqual(['Green Hill Lodge']);
    expect(mainOnly(await search({ q: 'yaba studnt' }))).toEqual(['Yaba Student Home']);
    expect(mainOnly(await search({ q: 'zzzqqq' }))).toEqual([]);
  });

  it('q is words: all must match, each may be misspelt, and the last may be half typed', async () => {
    await insertHostel(t.db, { hostelName: 'Zion Lodge', address: '7 Hill Road', state: 'Kwara' });
    await insertHostel(t.db, { hostelName: 'Zion Court', address: '8 Hill Road', state: 'Kwara' });
    const cases: Array<[string, string[], string?]> = [
      ['zion lodg', ['Zion Lodge']],
      ['zionn lodge', ['Zion Lodge']],
      ['zion', ['Zion Court', 'Zion Lodge']],
      ['lodge zion', ['Zion Lodge']],
      ['unil', ['Akoka Court', 'Yaba Student Home'], '"unil" begins "unilag": results while typing'],
      ['UNILAG Akoka', ['Akoka Court']],
      ['unil akoka', ['Akoka Court'], 'not last: corrected to the closest whole word instead'],
      ['akoka zzzqqq', [], 'a word that matches nothing, however corrected, leaves nothing'],
    ];
    const ours = [...MAIN, 'Zion Court', 'Zion Lodge'];
    for (const [q, expected, why] of cases) {
      expect(
        names(await search({ q })).filter((n) => ours.includes(n)),
        why ?? q,
      ).toEqual(expected);
    }
  });

  it('best match first: a word of the name ranks above the same word elsewhere', async () => {
    await insertHostel(t.db, { hostelName: 'Palm House', address: '3 Bodija Road', state: 'Oyo' });
    await insertHostel(t.db, { hostelName: 'Bodija Court', address: '4 Ring Road', state: 'Oyo' });
    await insertHostel(t.db, {
      hostelName: 'Cedar House',
      address: '5 Ring Road',
      city: 'Bodija',
      state: 'Oyo',
    });
    const ranked = (await search({ q: 'bodija' })).items.map((i) => i.hostel_name);
    expect(ranked[0]).toBe('Bodija Court');
    expect(ranked.slice(1).sort()).toEqual(['Cedar House', 'Palm House']);
    expect((await search({ q: 'bodja' })).items[0]?.hostel_name).toBe('Bodija Court');
  });

  it('a renamed hostel is found by its new name, misspelt too, and no longer by its old one', async () => {
    const h = await insertHostel(t.db, {
      hostelName: 'Quarry Rest',
      address: '1 Quarry Road',
      state: 'Benue',
    });
    expect(names(await search({ q: 'quarry rest' }))).toEqual(['Quarry Rest']);
    // Any write will do: the database itself keeps the words and the vocabulary.
    await t.db
      .update(hostels)
      .set({ hostelName: 'Nkrumah Hall', address: '1 Makurdi Road' })
      .where(eq(hostels.id, h.id));
    expect(names(await search({ q: 'nkrumah' }))).toEqual(['Nkrumah Hall']);
    // The new words reached the vocabulary, so a typo in them is corrected.
    expect(names(await search({ q: 'nkruma hall' }))).toEqual(['Nkrumah Hall']);
    expect((await search({ q: 'quarry rest' })).items).toEqual([]);
  });

  it('tsquery syntax in q is only text: 200, never a 500', async () => {
    const odd = [
      "'&|!():*\\",
      "'",
      '\\',
      '&',
      '!akoka',
      'akoka:*',
      'akoka & !yaba',
      "akoka' | 'yaba",
      '(akoka',
      'a <-> b',
      '%',
      '_',
    ];
    for (const q of odd) {
      const res = await t.app.inject({ url: `/api/hostels?${new URLSearchParams({ q })}` });
      expect(res.statusCode, q).toBe(200);
    }
    // Punctuation is not a word: what is left is searched for.
    expect(mainOnly(await search({ q: 'akoka:*' }))).toEqual(['Akoka Court']);
    expect(mainOnly(await search({ q: '!akoka' }))).toEqual(['Akoka Court']);
    expect((await search({ q: "'&|!():*\\" })).items).toEqual([]);
    // A word may hold a quote (a URL keeps its path whole); it is still only a word.
    await insertHostel(t.db, { hostelName: 'Link Lodge', address: "See x.ng/o'k", state: 'Yobe' });
    expect(names(await search({ q: "x.ng/o'k" }))).toEqual(['Link Lodge']);
    expect(names(await search({ q: "link x.ng/o'" }))).toEqual(['Link Lodge']);
  });

  it('the words each hostel is found by name its university as the contract spells it', async () => {
    const r = (await t.db.execute(
      sql`select code, hostel_search_text('', '', null, null, code) as text
        from unnest(${`{${UNIVERSITIES.map((u) => u.code).join(',')}}`}::text[]) code`,
    )) as unknown as { rows: { code: string; text: string }[] };
    expect(r.rows.map((x) => x.text.trim())).toEqual(
      UNIVERSITIES.map((u) => `${u.code} ${u.name}`.toLowerCase()),
    );
  });

  it('sorts by price, -price, nearest and newest', async () => {
    const main = (r: HostelSearchResult) => r.items.map((i) => i.hostel_name).filter((n) => MAIN.includes(n));
    // Without a bookable room a hostel has no price: last either way.
    const byPrice = main(await search({ sort: 'price', limit: 50 }));
    expect(byPrice.slice(0, 2)).toEqual(['Akoka Court', 'Green Hill Lodge']);
    const byPriceDesc = main(await search({ sort: '-price', limit: 50 }));
    expect(byPriceDesc.slice(0, 2)).toEqual(['Green Hill Lodge', 'Akoka Court']);
    expect(main(await search({ sort: 'nearest', university: 'UNILAG' }))).toEqual([
      'Akoka Court',
      'Yaba Student Home',
    ]);
    expect(main(await search({ sort: 'newest', limit: 50 }))).toEqual([
      'Plain Lodge',
      'Yaba Student Home',
      'Green Hill Lodge',
      'Akoka Court',
    ]);
  });

  it('available=true leaves out booked, rented, held rooms and closed hostels, and a run-out hold frees the room', async () => {
    const h = await insertHostel(t.db, {
      hostelName: 'Kano Gate Hostel',
      address: '1 Gate Road',
      state: 'Kano',
    });
    const held = await insertRoom(t.db, h.id, {
      roomNumber: 'room 01',
      price: 150_000,
      heldByUserId: studentId,
      heldUntil: future(),
    });
    await insertRoom(t.db, h.id, { roomNumber: 'room 02', price: 120_000, status: 'booked' });
    await insertRoom(t.db, h.id, { roomNumber: 'room 03', price: 110_000, status: 'rented' });
    expect((await search({ state: 'Kano', available: 'true' })).items).toEqual([]);
    expect((await search({ state: 'Kano' })).items[0]).toMatchObject({
      min_available_price: null,
      available_rooms: 0,
    });

    await t.db.update(rooms).set({ heldUntil: past() }).where(eq(rooms.id, held.id));
    const freed = await search({ state: 'Kano', available: 'true' });
    expect(freed.items).toHaveLength(1);
    expect(freed.items[0]).toMatchObject({
      hostel_name: 'Kano Gate Hostel',
      min_available_price: 150_000,
      available_rooms: 1,
    });

    const closed = await send(t, admin, 'POST', `/api/hostels/${h.id}/close`);
    expect(closed.statusCode).toBe(200);
    expect((await search({ state: 'Kano', available: 'true' })).items).toEqual([]);
    expect((await search({ state: 'Kano' })).items).toEqual([]);
    expect((await search({ q: 'kano gate' })).items).toEqual([]);
  });

  it('a hold that runs out with nothing written frees the room, and room writes move a hostel in the price sort', async () => {
    const h = await insertHostel(t.db, {
      hostelName: 'Sokoto Rest',
      address: '4 Rest Road',
      state: 'Sokoto',
    });
    const holdEnds = Date.now() + 4000;
    const cheap = await insertRoom(t.db, h.id, {
      roomNumber: 'room 01',
      price: 90_000,
      heldByUserId: studentId,
      heldUntil: new Date(holdEnds),
    });
    await insertRoom(t.db, h.id, { roomNumber: 'room 02', price: 140_000 });
    const other = await insertHostel(t.db, {
      hostelName: 'Sokoto Gate',
      address: '5 Gate Road',
      state: 'Sokoto',
    });
    await insertRoom(t.db, other.id, { roomNumber: 'room 01', price: 100_000 });

    const order = async () =>
      (await search({ state: 'Sokoto', sort: 'price' })).items.map((i) => [
        i.hostel_name,
        i.min_available_price,
        i.available_rooms,
      ]);
    expect(await order()).toEqual([
      ['Sokoto Gate', 100_000, 1],
      ['Sokoto Rest', 140_000, 1],
    ]);
    // No room is written when the hold runs out: the search must still see the room as free.
    await new Promise((r) => setTimeout(r, Math.max(0, holdEnds - Date.now()) + 200));
    expect(await order()).toEqual([
      ['Sokoto Rest', 90_000, 2],
      ['Sokoto Gate', 100_000, 1],
    ]);
    const first = await search({ state: 'Sokoto', sort: 'price', limit: 1 });
    expect(first.items[0]?.hostel_name).toBe('Sokoto Rest');
    // The stale hostel came from its own branch; the next page continues in the stored order.
    const second = await search({ state: 'Sokoto', sort: 'price', limit: 1, cursor: first.next_cursor! });
    expect(second.items.map((i) => i.hostel_name)).toEqual(['Sokoto Gate']);
    const dearestFirst = await search({ state: 'Sokoto', sort: '-price', limit: 1 });
    expect(dearestFirst.items[0]?.hostel_name).toBe('Sokoto Gate');
    const cheaper = await search({
      state: 'Sokoto',
      sort: '-price',
      limit: 1,
      cursor: dearestFirst.next_cursor!,
    });
    expect(cheaper.items.map((i) => i.hostel_name)).toEqual(['Sokoto Rest']);

    await t.db.update(rooms).set({ status: 'booked' }).where(eq(rooms.id, cheap.id));
    await t.db.update(rooms).set({ price: 80_000 }).where(eq(rooms.hostelId, other.id));
    expect(await order()).toEqual([
      ['Sokoto Gate', 80_000, 1],
      ['Sokoto Rest', 140_000, 1],
    ]);
    await t.db.delete(rooms).where(eq(rooms.hostelId, other.id));
    expect(await order()).toEqual([
      ['Sokoto Rest', 140_000, 1],
      ['Sokoto Gate', null, 0],
    ]);
  });

  it('a repeated search gives the answer the search would give now: writes by hand and a hold running out are seen', async () => {
    const h = await insertHostel(t.db, {
      hostelName: 'Jos Plateau Lodge',
      address: '7 Hill Road',
      state: 'Plateau',
    });
    const room = await insertRoom(t.db, h.id, { roomNumber: 'room 01', price: 100_000 });
    const plateau = async () => {
      const item = (await search({ state: 'Plateau' })).items[0];
      return [item?.min_available_price, item?.available_rooms, item?.photo !== null];
    };
    expect(await plateau()).toEqual([100_000, 1, false]);
    expect(await plateau()).toEqual([100_000, 1, false]);

    await t.db.update(rooms).set({ price: 95_000 }).where(eq(rooms.id, room.id));
    expect(await plateau()).toEqual([95_000, 1, false]);
    await t.db.execute(
      sql`insert into hostel_images (hostel_id, storage_key, width, height) values (${h.id}, 'hostels/by-hand', 800, 600)`,
    );
    expect(await plateau()).toEqual([95_000, 1, true]);
    await t.db
      .update(rooms)
      .set({ heldByUserId: studentId, heldUntil: new Date(Date.now() + 1500) })
      .where(eq(rooms.id, room.id));
    expect(await plateau()).toEqual([null, 0, true]);
    expect(await plateau()).toEqual([null, 0, true]);
    await new Promise((r) => setTimeout(r, 1800));
    expect(await plateau()).toEqual([95_000, 1, true]);

    // The stamp is what tells: with its triggers off, a price written by hand goes unseen on the
    // embedded database (the kept answer comes back) and is seen on PostgreSQL (nothing is kept).
    await t.db.execute(sql`alter table rooms disable trigger rooms_search_catalogue`);
    await t.db.execute(sql`alter table hostels disable trigger hostels_search_catalogue`);
    try {
      await t.db.update(rooms).set({ price: 90_000 }).where(eq(rooms.id, room.id));
      expect((await plateau())[0]).toBe(t.app.deps.dbKind === 'pglite' ? 95_000 : 90_000);
    } finally {
      await t.db.execute(sql`alter table rooms enable trigger rooms_search_catalogue`);
      await t.db.execute(sql`alter table hostels enable trigger hostels_search_catalogue`);
    }
    await t.db.update(rooms).set({ price: 85_000 }).where(eq(rooms.id, room.id));
    expect(await plateau()).toEqual([85_000, 1, true]);
  });

  it('paging by cursor returns each hostel exactly once while new hostels arrive between pages', async () => {
    const originals: string[] = [];
    for (let i = 0; i < 9; i++) {
      const h = await insertHostel(t.db, {
        hostelName: `Ogun Page ${i}`,
        address: `${i} Ota Road`,
        state: 'Ogun',
      });
      // Equal prices on purpose: the id must break the tie.
      await insertRoom(t.db, h.id, { roomNumber: 'room 01', price: 100_000 * (1 + (i % 3)) });
      originals.push(h.id);
    }
    for (const sort of ['newest', 'price', '-price'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let added = 0;
      for (let page = 0; page < 20; page++) {
        const r: HostelSearchResult = await search({
          state: 'Ogun',
          sort,
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        expect(r.items.length).toBeLessThanOrEqual(2);
        seen.push(...r.items.map((i) => i.id));
        // A new hostel, cheaper, dearer and newer than everything, between every two pages.
        const h = await insertHostel(t.db, {
          hostelName: `Ogun New ${sort} ${added}`,
          address: 'New Road',
          state: 'Ogun',
        });
        await insertRoom(t.db, h.id, { roomNumber: 'room 01', price: added % 2 ? 50_000 : 900_000 });
        added++;
        cursor = r.next_cursor;
        if (!cursor) break;
      }
      expect(new Set(seen).size, `${sort}: no hostel twice`).toBe(seen.length);
      for (const id of originals)
        expect(
          seen.filter((s) => s === id),
          `${sort}: ${id} once`,
        ).toHaveLength(1);
    }
  });

  it('the first page says how many hostels match, by every path a search takes', async () => {
    const searches: Record<string, string | number>[] = [
      {},
      { q: 'akoka' },
      { state: 'Lagos' },
      { available: 'true' },
      { max_price: 350_000 },
      { max_price: 350_000, available: 'false' },
      { unit: 'single room (share facilities)' },
      { sort: 'price' },
      { sort: '-price', available: 'true' },
      { q: 'lodge', sort: 'price', state: 'Enugu' },
      { state: 'Lagos', available: 'true', sort: 'nearest', university: 'UNILAG' },
    ];
    for (const params of searches) {
      const seen: string[] = [];
      let first: HostelSearchResult | undefined;
      let cursor: string | null = null;
      do {
        const page: HostelSearchResult = await search({ ...params, limit: 2, ...(cursor ? { cursor } : {}) });
        if (first) expect(page.total, JSON.stringify(params)).toBeNull();
        else first = page;
        seen.push(...page.items.map((i) => i.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(first?.total, JSON.stringify(params)).toBe(seen.length);
    }
    // Known answers, not only consistent ones.
    expect((await search({ state: 'Lagos', max_price: 350_000 })).total).toBe(1);
    expect((await search({ state: 'Lagos' })).total).toBe(2);
    expect((await search({ q: 'zzzz-nothing' })).total).toBe(0);
  });

  it('q pages by relevance too', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: HostelSearchResult = await search({ q: 'ogun page', limit: 4, ...(cursor ? { cursor } : {}) });
      seen.push(...r.items.map((i) => i.hostel_name));
      cursor = r.next_cursor;
    } while (cursor);
    const pages = seen.filter((n) => n.startsWith('Ogun Page'));
    expect(new Set(pages).size).toBe(9);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('every bad parameter answers 400 naming the field', async () => {
    const otherSortCursor = (await search({ state: 'Ogun', sort: 'price', limit: 1 })).next_cursor as string;
    const cases: Array<[string, string]> = [
      [`q=${'a'.repeat(101)}`, 'q'],
      ['university=UNIVERSE', 'university'],
      ['state=Atlantis', 'state'],
      ['city=', 'city'],
      ['unit=palace', 'unit'],
      ['min_price=cheap', 'min_price'],
      ['min_price=-1', 'min_price'],
      ['max_price=1.5', 'max_price'],
      ['min_price=500&max_price=100', 'max_price'],
      ['gender=other', 'gender'],
      ['amenities=pool', 'amenities'],
      ['amenities=wifi,pool', 'amenities'],
      ['amenities=,', 'amenities'],
      ['available=maybe', 'available'],
      ['sort=cheapest', 'sort'],
      ['sort=nearest', 'sort'],
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not*base64', 'cursor'],
      ['cursor=abc', 'cursor'],
      [`cursor=${otherSortCursor}&sort=newest`, 'cursor'],
      [
        `cursor=${Buffer.from(JSON.stringify({ s: 'newest', k: '1; drop', i: 'x' })).toString('base64url')}`,
        'cursor',
      ],
      // A price key beyond any stored price (the sort compares it with an integer).
      [
        `sort=price&cursor=${Buffer.from(
          JSON.stringify({ s: 'price', k: '99999999999999', i: '00000000-0000-4000-8000-000000000000' }),
        ).toString('base64url')}`,
        'cursor',
      ],
    ];
    for (const [query, field] of cases) {
      const res = await t.app.inject({ url: `/api/hostels?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), query).toContain(field);
    }
  });
});

describe('hostel facts on create and update', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  it('name, address and details alone still create a hostel, with default facts', async () => {
    const res = await send(t, admin, 'POST', '/api/hostels', {
      hostel_name: 'Only Basics',
      address: '1 Road',
      hostel_details: 'Nice',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      state: null,
      university: null,
      gender_policy: 'mixed',
      amenities: [],
    });
  });

  it('takes the facts, a university lends its state and city, and updates change only what is sent', async () => {
    const res = await send(t, admin, 'POST', '/api/hostels', {
      hostel_name: 'Odenigbo Lodge',
      address: '5 Odenigbo Road',
      university: 'unn',
      walking_minutes: 12,
      gender_policy: 'female_only',
      amenities: ['water', 'wifi', 'water'],
      latitude: '6.864',
      longitude: 7.409,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      state: 'Enugu',
      city: 'Nsukka',
      university: 'UNN',
      university_name: 'University of Nigeria, Nsukka',
      walking_minutes: 12,
      gender_policy: 'female_only',
      amenities: ['water', 'wifi'],
      latitude: 6.864,
      longitude: 7.409,
    });

    const patched = await send(t, admin, 'PATCH', `/api/hostels/${created.id}`, {
      amenities: 'security,kitchen',
      walking_minutes: '',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      state: 'Enugu',
      university: 'UNN',
      amenities: ['security', 'kitchen'],
      walking_minutes: null,
      gender_policy: 'female_only',
    });
  });

  it('a multipart form may repeat amenities; a blank amenities field clears them', async () => {
    const form = await multipart({
      hostel_name: 'Form Lodge',
      address: '2 Form Road',
      state: 'oyo',
      city: 'Ibadan',
      walking_minutes: '7',
      amenities: ['wifi', 'kitchen,laundry'],
    });
    const res = await sendForm(t, admin, 'POST', '/api/hostels', form);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      state: 'Oyo',
      walking_minutes: 7,
      amenities: ['wifi', 'kitchen', 'laundry'],
    });
    const clear = await multipart({ amenities: '' });
    const cleared = await sendForm(t, admin, 'PATCH', `/api/hostels/${res.json().id}`, clear);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ amenities: [], state: 'Oyo', walking_minutes: 7 });
  });

  it('refuses facts outside the lists, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ state: 'Atlantis' }, 'state'],
      [{ university: 'HARVARD' }, 'university'],
      [{ walking_minutes: -3 }, 'walking_minutes'],
      [{ walking_minutes: '2.5' }, 'walking_minutes'],
      [{ gender_policy: 'couples' }, 'gender_policy'],
      [{ amenities: 'wifi,pool' }, 'amenities'],
      [{ latitude: 91 }, 'latitude'],
      [{ longitude: 'east' }, 'longitude'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(t, admin, 'POST', '/api/hostels', {
        hostel_name: 'Bad Facts',
        address: '1 Road',
        ...payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
  });
});

describe('demo data', () => {
  const t = testApp();

  it('the demo hostels carry real facts and are found by search', async () => {
    // Seeding happens only into an empty database, so this suite has its own.
    await seedDemoOnce(t.app.deps);
    const r = await t.app.inject({ url: '/api/hostels?q=nsuka' });
    expect(r.statusCode).toBe(200);
    const items = r.json().items as HostelSearchItem[];
    expect(items.map((i) => i.hostel_name)).toContain('Nsukka Heights Hostel');
    const uniben = await t.app.inject({ url: '/api/hostels?university=UNIBEN&sort=nearest&available=true' });
    expect(uniben.json().items[0]).toMatchObject({
      hostel_name: 'Unity Court Hostel',
      state: 'Edo',
      city: 'Benin City',
      walking_minutes: 10,
    });
    expect(uniben.json().items[0].photo).toMatch(/\.jpg$/);
    expect(uniben.json().items[0].available_rooms).toBeGreaterThan(0);
  });
});
