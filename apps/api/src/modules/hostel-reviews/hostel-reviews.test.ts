import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, insertTenancy, signedInUser } from '../../../test/factories.ts';
import { anonymous, type Caller, send } from '../../../test/requests.ts';
import { hostels } from '../hostels/hostels.schema.ts';
import { messageDeliveries } from '../messages/messages.schema.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { tenancies } from '../tenancies/tenancies.schema.ts';
import { hostelReviewReports, hostelReviews } from './hostel-reviews.schema.ts';

const GOOD = 'Quiet rooms, steady water and a caretaker who answers at night.';

describe('hostel reviews', () => {
  const { t, admin, stranger } = testAppWith({
    admin: { role: 'admin', firstName: 'Tunde', lastName: 'Admin' },
    stranger: { firstName: 'Kemi', lastName: 'Bello' },
  });

  let n = 0;
  /** A hostel with a distinct name (so a search finds it alone) and a tenant of one of its rooms. */
  async function hostelWithTenant(ended = false) {
    const hostel = await insertHostel(t.db, { hostelName: `Reviewed Lodge ${++n} Zulu${n}x` });
    const room = await insertRoom(t.db, hostel.id);
    const tenant = await signedInUser(t, { firstName: 'Ngozi', lastName: 'okafor' });
    const tenancy = await insertTenancy(t.db, room, tenant.user.id, '2027-03-01');
    if (ended) {
      await t.db
        .update(tenancies)
        .set({ endedAt: new Date(), endReason: 'lease_ended', moveOutRecordedAt: new Date() })
        .where(eq(tenancies.id, tenancy.id));
    }
    return { hostel, room, tenant, tenancy };
  }

  const post = (who: Caller, hostelId: string, body: unknown) =>
    send(t, who, 'POST', `/api/hostels/${hostelId}/reviews`, body as object);

  async function ratingOf(hostelId: string, name: string) {
    const detail = (await send(t, anonymous, 'GET', `/api/hostels/${hostelId}`)).json();
    const search = await send(t, anonymous, 'GET', `/api/hostels?q=${encodeURIComponent(name)}`);
    const item = search.json().items.find((i: { _id: string }) => i._id === hostelId);
    expect(item).toBeDefined();
    expect(item.rating).toEqual(detail.rating);
    return detail.rating as { average: number; count: number } | null;
  }

  describe('who may review', () => {
    it('lets a running tenant review her hostel once; the rating shows on the search and the hostel', async () => {
      const { hostel, tenant, tenancy } = await hostelWithTenant();
      expect(await ratingOf(hostel.id, hostel.hostelName)).toBeNull();
      const res = await post(tenant, hostel.id, { rating: 4, text: `  ${GOOD}  ` });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        hostel_id: hostel.id,
        tenancy_id: tenancy.id,
        rating: 4,
        text: GOOD,
        author_name: 'Ngozi O.',
        edited_at: null,
        hidden: false,
      });
      expect(await ratingOf(hostel.id, hostel.hostelName)).toEqual({ average: 4, count: 1 });

      const again = await post(tenant, hostel.id, { rating: 5, text: GOOD });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already reviewed your stay at Reviewed Lodge/);
      expect(
        await t.db.select().from(hostelReviews).where(eq(hostelReviews.hostelId, hostel.id)),
      ).toHaveLength(1);
    });

    it('lets a tenant whose stay has ended review it', async () => {
      const { hostel, tenant } = await hostelWithTenant(true);
      expect((await post(tenant, hostel.id, { rating: 3, text: GOOD })).statusCode).toBe(201);
    });

    it('refuses anyone who never rented there, with the reason (403), and writes nothing', async () => {
      const { hostel } = await hostelWithTenant();
      const other = await hostelWithTenant();
      for (const who of [stranger, admin, other.tenant]) {
        const res = await post(who, hostel.id, { rating: 5, text: GOOD });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(
          /Only students who have rented a room at Reviewed Lodge .* can review it/,
        );
      }
      expect(await t.db.select().from(hostelReviews).where(eq(hostelReviews.hostelId, hostel.id))).toEqual(
        [],
      );
      expect((await post(anonymous, hostel.id, { rating: 5, text: GOOD })).statusCode).toBe(401);
    });

    it('gives a second stay its own review', async () => {
      const { hostel, room, tenant } = await hostelWithTenant(true);
      expect((await post(tenant, hostel.id, { rating: 2, text: GOOD })).statusCode).toBe(201);
      await insertTenancy(t.db, room, tenant.user.id, '2028-03-01');
      expect((await post(tenant, hostel.id, { rating: 5, text: GOOD })).statusCode).toBe(201);
      expect(await ratingOf(hostel.id, hostel.hostelName)).toEqual({ average: 3.5, count: 2 });
      expect((await post(tenant, hostel.id, { rating: 5, text: GOOD })).statusCode).toBe(409);
    });

    it('takes one of two posts sent at once for one stay', async () => {
      const { hostel, tenant } = await hostelWithTenant();
      const answers = await Promise.all([
        post(tenant, hostel.id, { rating: 5, text: GOOD }),
        post(tenant, hostel.id, { rating: 1, text: GOOD }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const kept = answers.find((r) => r.statusCode === 201)!.json().rating;
      expect(await ratingOf(hostel.id, hostel.hostelName)).toEqual({ average: kept, count: 1 });
    });

    it('says what is wrong with a bad rating or text (400) and stores nothing', async () => {
      const { hostel, tenant } = await hostelWithTenant();
      const cases: [unknown, string, RegExp][] = [
        [{ rating: 6, text: GOOD }, 'rating', /Choose a rating from 1 to 5 stars/],
        [{ rating: 3.5, text: GOOD }, 'rating', /Choose a rating from 1 to 5 stars/],
        [{ text: GOOD }, 'rating', /Choose a rating from 1 to 5 stars/],
        [{ rating: 4, text: '  too short  ' }, 'text', /Write between 10 and 2000 characters/],
        [{ rating: 4, text: 'x'.repeat(2001) }, 'text', /Write between 10 and 2000 characters/],
        [{ rating: 4 }, 'text', /Write between 10 and 2000 characters/],
      ];
      for (const [body, field, message] of cases) {
        const res = await post(tenant, hostel.id, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json().fields[field]).toMatch(message);
      }
      const created = (await post(tenant, hostel.id, { rating: 4, text: GOOD })).json();
      const hide = await send(t, admin, 'POST', `/api/hostel-reviews/${created._id}/hide`, { reason: '   ' });
      expect(hide.statusCode).toBe(400);
      expect(hide.json().fields.reason).toMatch(/Reason is required/);
      expect(await ratingOf(hostel.id, hostel.hostelName)).toEqual({ average: 4, count: 1 });
    });

    it('answers 404 for a hostel that does not exist', async () => {
      const res = await post(stranger, '00000000-0000-4000-8000-000000000000', { rating: 5, text: GOOD });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('editing', () => {
    it('lets the author edit her review, keeps when, and recounts the average', async () => {
      const { hostel, tenant } = await hostelWithTenant();
      const created = (await post(tenant, hostel.id, { rating: 2, text: GOOD })).json();
      const res = await send(t, tenant, 'PATCH', `/api/hostel-reviews/${created._id}`, {
        rating: '5',
        text: 'Better after the new borehole: water every day now.',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        rating: 5,
        text: 'Better after the new borehole: water every day now.',
      });
      expect(Date.parse(res.json().edited_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
      expect(await ratingOf(hostel.id, hostel.hostelName)).toEqual({ average: 5, count: 1 });
      const listed = (await send(t, anonymous, 'GET', `/api/hostels/${hostel.id}/reviews`)).json();
      expect(listed[0].edited_at).toBe(res.json().edited_at);
    });

    it('refuses anyone but the author (403), admins too, and changes nothing', async () => {
      const { hostel, tenant } = await hostelWithTenant();
      const created = (await post(tenant, hostel.id, { rating: 2, text: GOOD })).json();
      for (const who of [stranger, admin]) {
        const res = await send(t, who, 'PATCH', `/api/hostel-reviews/${created._id}`, {
          rating: 5,
          text: GOOD,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/Only the student who wrote a review can change it/);
      }
      const [row] = await t.db.select().from(hostelReviews).where(eq(hostelReviews.id, created._id));
      expect(row).toMatchObject({ rating: 2, editedAt: null });
    });
  });

  describe('the list on the hostel page', () => {
    it('shows visible reviews newest first, paged, with a total', async () => {
      const { hostel, room, tenant } = await hostelWithTenant(true);
      await post(tenant, hostel.id, { rating: 1, text: 'First stay: the generator was always off.' });
      await insertTenancy(t.db, room, tenant.user.id, '2028-03-01');
      await post(tenant, hostel.id, { rating: 4, text: 'Second stay: much better, new generator.' });
      const first = await send(t, anonymous, 'GET', `/api/hostels/${hostel.id}/reviews?limit=1`);
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-total-count']).toBe('2');
      expect(first.json().map((r: { rating: number }) => r.rating)).toEqual([4]);
      const second = await send(t, anonymous, 'GET', `/api/hostels/${hostel.id}/reviews?limit=1&offset=1`);
      expect(second.json().map((r: { rating: number }) => r.rating)).toEqual([1]);
      expect(first.json()[0]).not.toHaveProperty('author_email');
      expect(first.json()[0]).not.toHaveProperty('tenancy_id');
    });
  });

  describe('hiding', () => {
    it('hides a review with a reason: gone from the list and the totals, its author e-mailed; unhide brings it back', async () => {
      const { hostel, tenant } = await hostelWithTenant();
      const second = await hostelWithTenant();
      const room2 = await insertRoom(t.db, hostel.id);
      await insertTenancy(t.db, room2, second.tenant.user.id, '2027-03-01');
      const kept = (await post(second.tenant, hostel.id, { rating: 5, text: GOOD })).json();
      const created = (await post(tenant, hostel.id, { rating: 2, text: GOOD })).json();
      expect(await ratingOf(hostel.id, hostel.hostelName)).toEqual({ average: 3.5, count: 2 });

      const hidden = await send(t, admin, 'POST', `/api/hostel-reviews/${created._id}/hide`, {
        reason: 'It names another tenant',
      });
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json()).toMatchObject({ hidden: true, hidden_reason: 'It names another tenant' });
      expect(await ratingOf(hostel.id, hostel.hostelName)).toEqual({ average: 5, count: 1 });
      const listed = await send(t, anonymous, 'GET', `/api/hostels/${hostel.id}/reviews`);
      expect(listed.json().map((r: { _id: string }) => r._id)).toEqual([kept._id]);
      expect(listed.headers['x-total-count']).toBe('1');

      const mail = await t.db
        .select()
        .from(messageDeliveries)
        .where(like(messageDeliveries.dedupeKey, `hostel-review-hidden:${created._id}:%`));
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({
        recipient: tenant.user.email,
        channel: 'email',
        userId: tenant.user.id,
      });
      expect(mail[0]!.subject).toBe(`StudyNest: your review of ${hostel.hostelName} has been hidden`);
      expect(mail[0]!.text).toContain('Reason: It names another tenant');

      expect(
        (await send(t, admin, 'POST', `/api/hostel-reviews/${created._id}/hide`, { reason: 'x' })).statusCode,
      ).toBe(409);
      // Her own view says it is hidden and why; editing it does not bring it back.
      const mine = (await send(t, tenant, 'GET', '/api/hostel-reviews/mine')).json();
      expect(mine[0].review).toMatchObject({ hidden: true, hidden_reason: 'It names another tenant' });
      await send(t, tenant, 'PATCH', `/api/hostel-reviews/${created._id}`, { rating: 1, text: GOOD });
      expect(await ratingOf(hostel.id, hostel.hostelName)).toEqual({ average: 5, count: 1 });

      const shown = await send(t, admin, 'POST', `/api/hostel-reviews/${created._id}/unhide`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ hidden: false, hidden_reason: null, hidden_at: null });
      expect(await ratingOf(hostel.id, hostel.hostelName)).toEqual({ average: 3, count: 2 });
      expect((await send(t, admin, 'POST', `/api/hostel-reviews/${created._id}/unhide`)).statusCode).toBe(
        409,
      );
      const [stored] = await t.db.select().from(hostels).where(eq(hostels.id, hostel.id));
      expect(stored).toMatchObject({ reviewCount: 2, reviewStarsTotal: 6 });
    });
  });

  describe('reports', () => {
    it('takes one report per person, not on her own review, and lists reported ones first for admins', async () => {
      const { hostel, tenant } = await hostelWithTenant();
      const quiet = await hostelWithTenant();
      const reported = (await post(tenant, hostel.id, { rating: 1, text: GOOD })).json();
      // Written after, so newer: only the report puts the other first.
      await post(quiet.tenant, quiet.hostel.id, { rating: 5, text: GOOD });

      const res = await send(t, stranger, 'POST', `/api/hostel-reviews/${reported._id}/report`);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(/our team will look/);
      const twice = await send(t, stranger, 'POST', `/api/hostel-reviews/${reported._id}/report`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toMatch(/already reported/);
      const own = await send(t, tenant, 'POST', `/api/hostel-reviews/${reported._id}/report`);
      expect(own.statusCode).toBe(409);
      expect(own.json().message).toMatch(/your own review/);
      expect(
        (await send(t, anonymous, 'POST', `/api/hostel-reviews/${reported._id}/report`)).statusCode,
      ).toBe(401);
      expect(
        await t.db.select().from(hostelReviewReports).where(eq(hostelReviewReports.reviewId, reported._id)),
      ).toHaveLength(1);

      const list = await send(t, admin, 'GET', '/api/hostel-reviews');
      expect(list.statusCode).toBe(200);
      expect(list.json()[0]).toMatchObject({
        _id: reported._id,
        report_count: 1,
        author_email: tenant.user.email,
      });
    });

    it('does not take a report on a hidden review (404)', async () => {
      const { hostel, tenant } = await hostelWithTenant();
      const created = (await post(tenant, hostel.id, { rating: 1, text: GOOD })).json();
      await send(t, admin, 'POST', `/api/hostel-reviews/${created._id}/hide`, { reason: 'Abusive language' });
      expect((await send(t, stranger, 'POST', `/api/hostel-reviews/${created._id}/report`)).statusCode).toBe(
        404,
      );
    });
  });

  describe('what a review keeps', () => {
    it('keeps its hostel: deleting a reviewed (and reported) hostel is refused, not an error', async () => {
      const { hostel, room, tenant, tenancy } = await hostelWithTenant(true);
      const created = (await post(tenant, hostel.id, { rating: 3, text: GOOD })).json();
      await send(t, stranger, 'POST', `/api/hostel-reviews/${created._id}/report`);
      await t.db.update(rooms).set({ status: 'available' }).where(eq(rooms.id, room.id));
      const res = await send(t, admin, 'DELETE', `/api/hostels/${hostel.id}`);
      expect(res.statusCode).toBe(409);
      const [kept] = await t.db.select().from(hostelReviews).where(eq(hostelReviews.tenancyId, tenancy.id));
      expect(kept?.id).toBe(created._id);
    });
  });

  describe('her stays', () => {
    it('lists the signed-in student’s stays with her review or null', async () => {
      const { hostel, tenant, tenancy } = await hostelWithTenant();
      const before = (await send(t, tenant, 'GET', '/api/hostel-reviews/mine')).json();
      expect(before).toEqual([
        {
          tenancy_id: tenancy.id,
          hostel: { _id: hostel.id, hostel_name: hostel.hostelName },
          start_date: tenancy.startDate,
          ended: false,
          review: null,
        },
      ]);
      await post(tenant, hostel.id, { rating: 4, text: GOOD });
      const after = (await send(t, tenant, 'GET', '/api/hostel-reviews/mine')).json();
      expect(after[0].review).toMatchObject({ rating: 4, hidden: false });
      expect((await send(t, stranger, 'GET', '/api/hostel-reviews/mine')).json()).toEqual([]);
    });
  });
});
