import { addDays, todayInLagos } from '@studynest/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, insertTenancy, signedInUser } from '../../../test/factories.ts';
import { hostelRentedBy } from '../hostel-reviews/hostel-reviews.fixtures.ts';
import { multipart, smallJpeg } from '../hostels/hostels.fixtures.ts';
import { idempotentRequests } from '../idempotency/idempotency.schema.ts';
import { forgetOldKeys } from '../idempotency/index.ts';
import { maintenanceRequests } from './maintenance.schema.ts';

/** A report written offline is sent again by the phone when the signal returns: it is made once. */
describe('Idempotency-Key on a maintenance report', () => {
  const t = testApp();

  async function tenant(firstName = 'Chiamaka') {
    const hostel = await insertHostel(t.db, { hostelName: `Keys Lodge ${firstName}` });
    const room = await insertRoom(t.db, hostel.id, { roomNumber: 'room 03', status: 'rented' });
    const who = await signedInUser(t, { firstName });
    await insertTenancy(t.db, room, who.user.id, addDays(todayInLagos(), 200));
    return who;
  }
  const reportsOf = async (userId: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(maintenanceRequests)
        .where(eq(maintenanceRequests.userId, userId))
    )[0]?.n ?? 0;
  const leak = { category: 'plumbing', description: 'The shower drips all night.', urgency: 'normal' };
  const send = (who: { headers: Record<string, string> }, body: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });

  it('the same key and body again replays the first answer; only one report exists', async () => {
    const me = await tenant();
    const key = crypto.randomUUID();
    const first = await send(me, leak, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(me, leak, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await reportsOf(me.user.id)).toBe(1);
  });

  it('a multipart report with a photo, sent twice with the same bytes, is made once', async () => {
    const me = await tenant('Ngozi');
    const form = await multipart(leak, [{ data: await smallJpeg(2), field: 'photos' }]);
    const key = crypto.randomUUID();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/maintenance',
        headers: { ...me.headers, ...form.headers, 'idempotency-key': key },
        payload: form.payload,
      });
    const first = await post();
    expect(first.statusCode, first.body).toBe(201);
    const again = await post();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await reportsOf(me.user.id)).toBe(1);
  });

  it('the same key with another body is refused with 422 and nothing more is written', async () => {
    const me = await tenant('Bisi');
    const key = crypto.randomUUID();
    expect((await send(me, leak, key)).statusCode).toBe(201);
    const other = await send(me, { ...leak, description: 'The window will not close.' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/already used for a different request/);
    expect(await reportsOf(me.user.id)).toBe(1);
  });

  it('the same key on another route is refused with 422', async () => {
    const me = await tenant('Kemi');
    const key = crypto.randomUUID();
    expect((await send(me, leak, key)).statusCode).toBe(201);
    const notice = await t.app.inject({
      method: 'POST',
      url: '/api/tenancy/notice',
      headers: { ...me.headers, 'idempotency-key': key },
      payload: { move_out_on: addDays(todayInLagos(), 90) },
    });
    expect(notice.statusCode, notice.body).toBe(422);
  });

  it('without the header every request is a new report, as before', async () => {
    const me = await tenant('Tobi');
    expect((await send(me, leak)).statusCode).toBe(201);
    expect((await send(me, leak)).statusCode).toBe(201);
    expect(await reportsOf(me.user.id)).toBe(2);
  });

  it('a malformed key is a 400 and nothing is written', async () => {
    const me = await tenant('Femi');
    for (const key of ['short', 'x'.repeat(101), 'has spaces in it ok', '../../etc/passwd']) {
      const res = await send(me, leak, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toMatch(/Idempotency-Key/);
    }
    expect(await reportsOf(me.user.id)).toBe(0);
  });

  it("another account's same key is its own", async () => {
    const a = await tenant('Ada');
    const b = await tenant('Ebuka');
    const key = crypto.randomUUID();
    expect((await send(a, leak, key)).statusCode).toBe(201);
    const theirs = await send(b, leak, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await reportsOf(a.user.id)).toBe(1);
    expect(await reportsOf(b.user.id)).toBe(1);
  });

  it('a refused first attempt does not keep the key: the corrected retry is made', async () => {
    const me = await tenant('Sade');
    const key = crypto.randomUUID();
    const refused = await send(me, { ...leak, description: '' }, key);
    expect(refused.statusCode).toBe(400);
    const retried = await send(me, leak, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await reportsOf(me.user.id)).toBe(1);
  });

  it('while the first request with a key is still running, the second gets 409', async () => {
    const me = await tenant('Uche');
    const key = crypto.randomUUID();
    await t.db.insert(idempotentRequests).values({
      userId: me.user.id,
      key,
      route: 'POST /api/maintenance',
      bodyDigest: 'being handled',
    });
    const res = await send(me, leak, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already being sent; try again in a moment/);
    expect(await reportsOf(me.user.id)).toBe(0);
  });

  it('keys older than a week are forgotten by the nightly job', async () => {
    const me = await tenant('Halima');
    const old = crypto.randomUUID();
    expect((await send(me, leak, old)).statusCode).toBe(201);
    expect((await send(me, leak, crypto.randomUUID())).statusCode).toBe(201);
    await t.db
      .update(idempotentRequests)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(idempotentRequests.key, old));
    expect(await forgetOldKeys(t)).toBe(1);
    const left = await t.db
      .select({ key: idempotentRequests.key })
      .from(idempotentRequests)
      .where(eq(idempotentRequests.userId, me.user.id));
    expect(left).toHaveLength(1);
  });

  it('the notice and a review honour the key too: a replay is the first answer, not a second write', async () => {
    const me = await tenant('Amaka');
    const key = crypto.randomUUID();
    const give = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/tenancy/notice',
        headers: { ...me.headers, 'idempotency-key': key },
        payload: { move_out_on: addDays(todayInLagos(), 90) },
      });
    const first = await give();
    expect(first.statusCode, first.body).toBe(200);
    const again = await give();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    // A second review of one stay is refused (409); the same submission sent again is not.
    const hostelId = await hostelRentedBy(t, me.user.id);
    const reviewKey = crypto.randomUUID();
    const review = (k: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/hostels/${hostelId}/reviews`,
        headers: { ...me.headers, 'idempotency-key': k },
        payload: { rating: 5, text: 'Water all day and a quiet street.' },
      });
    const written = await review(reviewKey);
    expect(written.statusCode, written.body).toBe(201);
    const replayed = await review(reviewKey);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json()).toEqual(written.json());
    expect((await review(crypto.randomUUID())).statusCode).toBe(409);
  });
});
