import { addDays, lagosInstant, todayInLagos } from '@studynest/contracts';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, insertTenancy, signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { messageDeliveries } from '../messages/index.ts';
import { maintenanceRequests } from './maintenance.schema.ts';

/**
 * The issue's flood: one tenant's script sent 210 emergency reports in under two seconds; the
 * admins' queue showed a fixed 200, so another tenant's live wire fell off it, and 200
 * acknowledgements were queued. Run alone: `npx vitest run src/modules/maintenance/maintenance-flood.test.ts`.
 */

type Request = { _id: string; urgency: string; status: string; created_at: string; user: { _id: string } };

describe('maintenance flood: per-tenant limits and a paged queue with emergencies first', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  let rooms = 0;
  async function tenant(firstName = 'Tobi') {
    rooms += 1;
    const hostel = await insertHostel(t.db, { hostelName: `Flood Lodge ${rooms}` });
    const room = await insertRoom(t.db, hostel.id, {
      roomNumber: `room ${String(rooms).padStart(2, '0')}`,
      status: 'rented',
    });
    const who = await signedInUser(t, { firstName });
    const tenancy = await insertTenancy(t.db, room, who.user.id, addDays(todayInLagos(), 200));
    return { ...who, hostel, room, tenancy };
  }
  type Tenant = Awaited<ReturnType<typeof tenant>>;

  const report = (who: Tenant, fields: Record<string, string>) =>
    send(t, who, 'POST', '/api/maintenance', fields);
  const liveWire = {
    category: 'electrical',
    description: 'Exposed live wire hanging from the corridor ceiling, sparking.',
    urgency: 'emergency',
  };
  const script = {
    category: 'other',
    description: 'Automated report number something.',
    urgency: 'emergency',
  };

  /** `n` reports at once from one tenant, as a script sends them. */
  const burst = (who: Tenant, n: number, fields = script) =>
    Promise.all(Array.from({ length: n }, () => report(who, fields)));

  const storedReports = async (userId: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(maintenanceRequests)
        .where(eq(maintenanceRequests.userId, userId))
    )[0]?.n ?? 0;
  const acknowledgements = async (userId: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.userId, userId), eq(messageDeliveries.topic, 'maintenance')))
    )[0]?.n ?? 0;
  const queue = (query = '') => send(t, admin, 'GET', `/api/admin/maintenance${query}`);

  it('takes exactly 10 of a burst of 25 parallel emergencies from one tenant; the rest get 429 with Retry-After and the helpline, and no e-mail', async () => {
    const flooder = await tenant();
    const answers = await burst(flooder, 25);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(refused?.json().message).toContain('You already have 10 maintenance reports');
    expect(refused?.json().message).toContain(t.config.site.supportPhone);
    expect(await storedReports(flooder.user.id)).toBe(10);
    expect(await acknowledgements(flooder.user.id)).toBe(10);

    // Once one is done there is room for one more.
    const first = answers.find((r) => r.statusCode === 201)?.json() as Request;
    const done = await send(t, admin, 'PATCH', `/api/admin/maintenance/${first._id}`, { status: 'done' });
    expect(done.statusCode).toBe(200);
    expect((await report(flooder, script)).statusCode).toBe(201);
    expect((await report(flooder, script)).statusCode).toBe(429);
  });

  it("keeps another tenant's live wire on the first page after one tenant's burst of 210 emergencies", async () => {
    const flooder = await tenant();
    await burst(flooder, 210);
    const neighbour = await tenant('Amaka');
    const wire = await report(neighbour, liveWire);
    expect(wire.statusCode, wire.body).toBe(201);
    const { _id: wireId } = wire.json() as Request;

    const firstPage = await queue();
    expect(firstPage.statusCode).toBe(200);
    expect((firstPage.json() as Request[]).map((r) => r._id)).toContain(wireId);
    expect(Number(firstPage.headers['x-total-count'])).toBe(
      (await t.db.select({ n: count() }).from(maintenanceRequests))[0]?.n,
    );
    // No more acknowledgements than reports taken.
    expect(await acknowledgements(flooder.user.id)).toBe(await storedReports(flooder.user.id));
    expect(await storedReports(flooder.user.id)).toBe(10);
  });

  it('lists unfinished emergencies before other repairs, oldest first, even behind a flood of overdue ordinary ones', async () => {
    const flooder = await tenant();
    const ordinary = await burst(flooder, 12, { ...script, urgency: 'normal' });
    expect(ordinary.filter((r) => r.statusCode === 201)).toHaveLength(10);
    // Ordinary reports long past their deadline still come after a fresh emergency.
    await t.db
      .update(maintenanceRequests)
      .set({ dueBy: new Date(Date.now() - 30 * 24 * 3600_000) })
      .where(eq(maintenanceRequests.userId, flooder.user.id));
    const neighbour = await tenant('Amaka');
    const { _id: wireId } = (await report(neighbour, liveWire)).json() as Request;

    const page = (await queue('?status=open&limit=200')).json() as Request[];
    const lastEmergency = page.findLastIndex((r) => r.urgency === 'emergency');
    const firstOrdinary = page.findIndex((r) => r.urgency === 'normal');
    expect(firstOrdinary).toBeGreaterThan(-1);
    expect(lastEmergency).toBeLessThan(firstOrdinary);
    expect(page.findIndex((r) => r._id === wireId)).toBeLessThan(firstOrdinary);
    const emergencies = page.filter((r) => r.urgency === 'emergency').map((r) => r.created_at);
    expect(emergencies).toEqual([...emergencies].sort());
  });

  it('pages the queue with limit and offset, the total in X-Total-Count, 50 a page unless asked', async () => {
    // Enough finished reports that the queue runs past one default page.
    const owner = await tenant();
    await t.db.insert(maintenanceRequests).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: owner.user.id,
        roomId: owner.room.id,
        hostelId: owner.hostel.id,
        tenancyId: owner.tenancy.id,
        category: 'furniture' as const,
        description: `A finished repair, number ${i}.`,
        urgency: 'normal' as const,
        status: 'done' as const,
        dueBy: new Date(Date.now() - i * 3600_000),
      })),
    );
    const total = (await t.db.select({ n: count() }).from(maintenanceRequests))[0]?.n ?? 0;
    expect(total).toBeGreaterThan(60);

    const first = await queue();
    expect(first.json()).toHaveLength(50);
    expect(Number(first.headers['x-total-count'])).toBe(total);

    const all = (await queue('?limit=200')).json() as Request[];
    expect(all).toHaveLength(Math.min(total, 200));
    const pages: Request[] = [];
    for (let offset = 0; offset < all.length; offset += 7) {
      const res = await queue(`?limit=7&offset=${offset}`);
      expect(Number(res.headers['x-total-count'])).toBe(total);
      pages.push(...(res.json() as Request[]));
    }
    expect(pages.map((r) => r._id)).toEqual(all.map((r) => r._id));

    const hostelOnly = await queue(`?hostel_id=${owner.hostel.id}&status=done&limit=5&offset=55`);
    expect(hostelOnly.json()).toHaveLength(5);
    expect(Number(hostelOnly.headers['x-total-count'])).toBe(60);
    const beyond = await queue(`?hostel_id=${owner.hostel.id}&offset=500`);
    expect(beyond.json()).toEqual([]);
    expect(Number(beyond.headers['x-total-count'])).toBe(60);

    const doc = (await send(t, admin, 'GET', '/api/docs/json')).json();
    const list = doc.paths['/api/admin/maintenance'].get;
    expect(list.responses['200'].headers['X-Total-Count'].schema).toEqual({ type: 'integer' });
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'offset', 'status', 'hostel_id']),
    );
  });

  it.each([
    ['limit=0', 'limit', 'at least 1'],
    ['limit=201', 'limit', 'at most 200'],
    ['limit=ten', 'limit', 'must be a number'],
    ['limit=2.5', 'limit', 'whole number'],
    ['offset=-1', 'offset', 'cannot be negative'],
  ])('refuses ?%s with 400 naming %s', async (query, field, words) => {
    const res = await queue(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field]).toContain(words);
    expect(res.json().message).toContain(words);
  });

  it('takes at most 15 reports a Lagos day from one tenant, open or finished; Retry-After runs to Lagos midnight', async () => {
    const busy = await tenant();
    const morning = (await burst(busy, 10)).map((r) => r.json() as Request);
    for (const r of morning.slice(0, 6)) {
      expect(
        (await send(t, admin, 'PATCH', `/api/admin/maintenance/${r._id}`, { status: 'done' })).statusCode,
      ).toBe(200);
    }
    const later = await burst(busy, 8);
    expect(later.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = later.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toContain('15 maintenance reports today');
    expect(refused?.json().message).toContain('midnight (Lagos time)');
    expect(refused?.json().message).toContain(t.config.site.supportPhone);
    const untilMidnight = (lagosInstant(addDays(todayInLagos(), 1), '00:00').getTime() - Date.now()) / 1000;
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(untilMidnight - 60);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(Math.ceil(untilMidnight) + 1);
    expect(await storedReports(busy.user.id)).toBe(15);
    // 15 acknowledgements and 6 "done" e-mails: nothing for the refused three.
    expect(await acknowledgements(busy.user.id)).toBe(21);

    // Yesterday's reports do not count against today.
    await t.db
      .update(maintenanceRequests)
      .set({ createdAt: new Date(lagosInstant(todayInLagos(), '00:00').getTime() - 3600_000) })
      .where(eq(maintenanceRequests.userId, busy.user.id));
    expect((await report(busy, script)).statusCode).toBe(201);
  });
});
