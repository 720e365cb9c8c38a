import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, testApp, testAppWith } from '../../../test/build-test-app.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { REVIEWS_PER_HOUR } from './reviews.routes.ts';
import { reviews } from './reviews.schema.ts';

let ipCounter = 0;
/** Each test posts from its own address so the per-IP limit of one test never leaks into another. */
const nextIp = () => `10.1.0.${++ipCounter}`;

async function insertReview(t: TestApp, values: Partial<typeof reviews.$inferInsert> & { createdAt?: Date }) {
  const [row] = await t.db
    .insert(reviews)
    .values({ fullName: 'Chioma Okafor', feedback: 'Lovely rooms.', rating: 5, ...values })
    .returning();
  return row!;
}

describe('reviews', () => {
  const { t, admin, student } = testAppWith({ admin: { role: 'admin' }, student: {} });

  describe('POST /api/reviews', () => {
    it('stores a valid review as pending and thanks the visitor (201)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        remoteAddress: nextIp(),
        payload: { full_name: '  Amaka Eze ', feedback: 'Quiet, clean and close to campus.', rating: 4 },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.message).toMatch(/thank you/i);
      expect(body.review).toMatchObject({ full_name: 'Amaka Eze', rating: 4, status: 'pending' });
      const [row] = await t.db.select().from(reviews).where(eq(reviews.id, body.review._id));
      expect(row).toMatchObject({ fullName: 'Amaka Eze', status: 'pending', rating: 4 });
    });

    it('accepts a numeric string rating (form posts)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        remoteAddress: nextIp(),
        payload: { full_name: 'Bisi', feedback: 'Good.', rating: '3' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().review.rating).toBe(3);
    });

    it.each([
      [{ feedback: 'x', rating: 5 }, 'full_name', /full name is required/i],
      [{ full_name: '   ', feedback: 'x', rating: 5 }, 'full_name', /full name is required/i],
      [{ full_name: 'Ada', rating: 5 }, 'feedback', /feedback is required/i],
      [{ full_name: 'Ada', feedback: 'x' }, 'rating', /1 to 5/],
      [{ full_name: 'Ada', feedback: 'x', rating: 0 }, 'rating', /1 to 5/],
      [{ full_name: 'Ada', feedback: 'x', rating: 6 }, 'rating', /1 to 5/],
      [{ full_name: 'Ada', feedback: 'x', rating: 4.5 }, 'rating', /1 to 5/],
      [{ full_name: 'Ada', feedback: 'x', rating: 'five' }, 'rating', /1 to 5/],
      [{ full_name: 'A'.repeat(121), feedback: 'x', rating: 5 }, 'full_name', /at most 120/],
      [{ full_name: 'Ada', feedback: 'x'.repeat(2001), rating: 5 }, 'feedback', /at most 2000/],
    ])('refuses %j with 400 on %s and stores nothing', async (payload, field, message) => {
      const before = (await t.db.select().from(reviews)).length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        remoteAddress: nextIp(),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toMatch(message);
      expect(res.json().message).toMatch(message);
      expect((await t.db.select().from(reviews)).length).toBe(before);
    });

    it(`limits each IP to ${REVIEWS_PER_HOUR} reviews an hour (429 with Retry-After), others unaffected`, async () => {
      const ip = nextIp();
      const post = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/reviews',
          remoteAddress,
          payload: { full_name: 'Spammy', feedback: 'Again', rating: 1 },
        });
      for (let i = 0; i < REVIEWS_PER_HOUR; i++) expect((await post(ip)).statusCode).toBe(201);
      const limited = await post(ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/too many attempts/i);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(nextIp())).statusCode).toBe(201);
    });
  });

  describe('GET /api/reviews', () => {
    const own = testApp();

    it('lists approved reviews only, newest first, without status; ?limit and X-Total-Count work', async () => {
      for (const [fullName, status, createdAt] of [
        ['Old', 'approved', '2026-01-01T10:00:00Z'],
        ['New', 'approved', '2026-03-01T10:00:00Z'],
        ['Waiting', 'pending', '2026-04-01T10:00:00Z'],
        ['Hidden', 'hidden', '2026-05-01T10:00:00Z'],
      ] as const) {
        await insertReview(own, { fullName, status, createdAt: new Date(createdAt) });
      }

      const res = await own.app.inject({ method: 'GET', url: '/api/reviews' });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((r: { full_name: string }) => r.full_name)).toEqual(['New', 'Old']);
      expect(Object.keys(list[0]).sort()).toEqual(['_id', 'created_at', 'feedback', 'full_name', 'rating']);
      expect(res.headers['x-total-count']).toBe('2');

      const one = await own.app.inject({ method: 'GET', url: '/api/reviews?limit=1' });
      expect(one.json().map((r: { full_name: string }) => r.full_name)).toEqual(['New']);
      expect((await own.app.inject({ method: 'GET', url: '/api/reviews?limit=0' })).statusCode).toBe(400);
      expect((await own.app.inject({ method: 'GET', url: '/api/reviews?limit=abc' })).statusCode).toBe(400);
    });
  });

  describe('moderation', () => {
    it('GET /api/reviews/all: anonymous 401, student 403, admin sees every review with its status', async () => {
      await insertReview(t, { fullName: 'Moderated Person', status: 'hidden' });
      expect((await t.app.inject({ method: 'GET', url: '/api/reviews/all' })).statusCode).toBe(401);
      const asStudent = await send(t, student, 'GET', '/api/reviews/all');
      expect(asStudent.statusCode).toBe(403);
      expect(asStudent.json().message).toBe('Only admins can do this');
      const res = await send(t, admin, 'GET', '/api/reviews/all');
      expect(res.statusCode).toBe(200);
      const hidden = res.json().find((r: { full_name: string }) => r.full_name === 'Moderated Person');
      expect(hidden).toMatchObject({ status: 'hidden' });
      expect(res.json().some((r: { status: string }) => r.status === 'pending')).toBe(true);
    });

    it('PATCH /api/reviews/:id: only admins change the status; approving publishes, hiding withdraws', async () => {
      const review = await insertReview(t, { fullName: 'Publish Me' });
      const url = `/api/reviews/${review.id}`;
      const anon = await t.app.inject({ method: 'PATCH', url, payload: { status: 'approved' } });
      expect(anon.statusCode).toBe(401);
      // Even a bad body gets 401/403 first: validation details are not for strangers.
      expect((await t.app.inject({ method: 'PATCH', url, payload: { status: 'nope' } })).statusCode).toBe(
        401,
      );
      const asStudent = await send(t, student, 'PATCH', url, { status: 'approved' });
      expect(asStudent.statusCode).toBe(403);
      const [still] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
      expect(still?.status).toBe('pending');

      const publicNames = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/reviews' }))
          .json()
          .map((r: { full_name: string }) => r.full_name);
      expect(await publicNames()).not.toContain('Publish Me');

      const ok = await send(t, admin, 'PATCH', url, { status: 'approved' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ _id: review.id, status: 'approved' });
      expect(await publicNames()).toContain('Publish Me');

      const hide = await send(t, admin, 'PUT', url, { status: 'hidden' });
      expect(hide.statusCode).toBe(200);
      expect(await publicNames()).not.toContain('Publish Me');
    });

    it('refuses unknown statuses (400), bad ids (400) and missing reviews (404)', async () => {
      const review = await insertReview(t, {});
      const bad = await send(t, admin, 'PATCH', `/api/reviews/${review.id}`, { status: 'deleted' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.status).toMatch(/approved/);
      const badId = await send(t, admin, 'PATCH', '/api/reviews/not-an-id', { status: 'approved' });
      expect(badId.statusCode).toBe(400);
      const missing = await send(t, admin, 'PATCH', '/api/reviews/00000000-0000-4000-8000-000000000000', {
        status: 'approved',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toMatch(/does not exist/);
    });
  });

  describe('RATE_LIMITS=off', () => {
    const off = testApp({ rateLimits: false });

    it('no per-IP limit at all', async () => {
      for (let i = 0; i < REVIEWS_PER_HOUR + 2; i++) {
        const res = await send(off, anonymous, 'POST', '/api/reviews', {
          full_name: 'Load Test',
          feedback: 'ok',
          rating: 5,
        });
        expect(res.statusCode).toBe(201);
      }
    });
  });
});
