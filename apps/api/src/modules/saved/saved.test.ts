import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, signedInUser } from '../../../test/factories.ts';
import { type Caller, send } from '../../../test/requests.ts';
import { users } from '../auth/auth.schema.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { runSavedAlerts } from './saved.service.ts';

type Saved = {
  _id: string;
  kind: string;
  label: string;
  search: string | null;
  hostel: { _id: string } | null;
  channel: string;
};

describe('saved hostels and searches', () => {
  const { t, admin, ada } = testAppWith({ admin: { role: 'admin' }, ada: {} });

  const save = (who: Caller, body: Record<string, unknown>) => send(t, who, 'POST', '/api/saved', body);
  const mine = async (who: Caller) => (await send(t, who, 'GET', '/api/saved')).json() as Saved[];

  it('saves, lists and removes a hostel and a search; saving again answers the same item', async () => {
    const hostel = await insertHostel(t.db, { hostelName: 'Saved Lodge' });
    const me = await signedInUser(t);
    const h = await save(me, { hostel_id: hostel.id });
    expect(h.statusCode, h.body).toBe(201);
    expect(h.json()).toMatchObject({ kind: 'hostel', label: 'Saved Lodge', channel: 'email', search: null });
    // The page, the order and the empty fields of a search do not make it another search.
    const s = await save(me, {
      search: '?max_price=250000&university=UNILAG&cursor=abc&city=',
      channel: 'sms',
    });
    expect(s.statusCode, s.body).toBe(201);
    expect(s.json()).toMatchObject({
      kind: 'search',
      search: 'max_price=250000&university=UNILAG',
      label: 'UNILAG · up to ₦250,000',
      channel: 'sms',
    });
    const again = await save(me, { search: 'university=UNILAG&max_price=250000' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: (s.json() as Saved)._id, channel: 'email' });
    expect((await mine(me)).map((i) => i.kind)).toEqual(['search', 'hostel']);

    expect((await send(t, me, 'DELETE', `/api/saved/${(h.json() as Saved)._id}`)).statusCode).toBe(204);
    expect((await mine(me)).map((i) => i.kind)).toEqual(['search']);
    expect((await send(t, me, 'DELETE', `/api/saved/${(h.json() as Saved)._id}`)).statusCode).toBe(404);
  });

  it('another student neither sees nor removes nor changes hers', async () => {
    const me = await signedInUser(t);
    const other = await signedInUser(t);
    const item = (await save(me, { search: 'university=UNILAG' })).json() as Saved;
    expect(await mine(other)).toEqual([]);
    expect((await send(t, other, 'DELETE', `/api/saved/${item._id}`)).statusCode).toBe(404);
    expect((await send(t, other, 'PATCH', `/api/saved/${item._id}`, { channel: 'sms' })).statusCode).toBe(
      404,
    );
    expect((await send(t, admin, 'DELETE', `/api/saved/${item._id}`)).statusCode).toBe(404);
    expect(await mine(me)).toMatchObject([{ _id: item._id, channel: 'email' }]);
  });

  it('refuses a search the search page would refuse, naming the field, and keeps nothing', async () => {
    const me = await signedInUser(t);
    const bad = await save(me, { search: 'university=UNILAG&max_price=lots' });
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as { message: string; fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual(['search.max_price']);
    expect(body.message).toMatch(/max_price/);
    const range = await save(me, { search: 'min_price=300000&max_price=200000' });
    expect(range.statusCode).toBe(400);
    expect(range.json()).toMatchObject({
      fields: { 'search.max_price': 'max_price must be at least min_price' },
    });
    const empty = await save(me, { search: 'cursor=abc' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { search: expect.stringMatching(/no filter/) } });
    const both = await save(me, {});
    expect(both.statusCode).toBe(400);
    expect((await save(me, { hostel_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(await mine(me)).toEqual([]);
  });

  it('refuses texts without a Nigerian mobile', async () => {
    const me = await signedInUser(t, { phoneNumber: '+441632960000' });
    const res = await save(me, { search: 'university=UNILAG', channel: 'sms' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { channel: expect.stringMatching(/Nigerian mobile/) } });
  });

  describe('alerts', () => {
    const outbox = async (to: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
        subject: string;
        text: string;
      }[];
    const texts = async (to: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?to=${encodeURIComponent(to)}` })
      ).json() as {
        text: string;
      }[];
    const setStatus = (roomId: string, status: string) =>
      send(t, admin, 'PATCH', `/api/rooms/${roomId}/status`, { status });
    /**
     * A hostel in a town of its own, so other tests' rooms and searches never match; its rooms were let
     * outside StudyNest (set by hand), so an admin may put them back on the market.
     */
    async function place(town: string) {
      const hostel = await insertHostel(t.db, { hostelName: `Alert Lodge ${town}`, city: `${town}town` });
      const booked = await insertRoom(t.db, hostel.id, {
        roomNumber: 'room 01',
        price: 240_000,
        status: 'booked',
        statusByHand: true,
      });
      const dear = await insertRoom(t.db, hostel.id, {
        roomNumber: 'room 02',
        price: 900_000,
        status: 'booked',
        statusByHand: true,
      });
      const second = await insertRoom(t.db, hostel.id, {
        roomNumber: 'room 03',
        price: 200_000,
        status: 'rented',
        statusByHand: true,
      });
      return { hostel, booked, dear, second };
    }

    it('tells her once when a matching room frees up, and not again that day when another does', async () => {
      const p = await place('Unilag');
      const me = await signedInUser(t);
      expect((await save(me, { search: 'city=Unilagtown&max_price=250000' })).statusCode).toBe(201);
      expect(await runSavedAlerts(t.app.deps)).toBe(0);

      expect((await setStatus(p.booked.id, 'available')).statusCode).toBe(200);
      expect(await runSavedAlerts(t.app.deps)).toBe(1);
      const [mail, ...rest] = await outbox(me.user.email);
      expect(rest).toEqual([]);
      expect(mail?.subject).toBe('StudyNest: a room to book — Unilagtown · up to ₦250,000');
      expect(mail?.text).toContain(
        `room 01, Alert Lodge Unilag: ₦240,000 a year — ${t.config.publicUrl}/hostel/${p.hostel.id}`,
      );
      expect(mail?.text).toMatch(/Unsubscribe: /);

      // Nothing new: nothing sent. Another matching room the same day: still nothing.
      expect(await runSavedAlerts(t.app.deps)).toBe(0);
      expect((await setStatus(p.second.id, 'available')).statusCode).toBe(200);
      expect(await runSavedAlerts(t.app.deps)).toBe(0);
      expect(await outbox(me.user.email)).toHaveLength(1);

      // A day on, the room that waited is told (and only it).
      const tomorrow = new Date(Date.now() + 24 * 3600_000 + 60_000);
      expect(await runSavedAlerts(t.app.deps, tomorrow)).toBe(1);
      const mails = await outbox(me.user.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]?.text).toContain('room 03, Alert Lodge Unilag: ₦200,000');
      expect(mails[1]?.text).not.toContain('room 01');
    });

    it('says nothing of a room that does not match the search', async () => {
      const p = await place('Ui');
      const me = await signedInUser(t);
      await save(me, { search: 'city=Uitown&max_price=250000' });
      // Too dear for her budget.
      await setStatus(p.dear.id, 'available');
      // Near another university.
      const elsewhere = await insertHostel(t.db, { city: 'Elsewhere' });
      await insertRoom(t.db, elsewhere.id, { price: 100_000 });
      expect(await runSavedAlerts(t.app.deps)).toBe(0);
      expect(await outbox(me.user.email)).toEqual([]);
    });

    it('tells her when a hold lapses, a room is added and a price drops into her budget (a saved hostel too)', async () => {
      const p = await place('Unn');
      const me = await signedInUser(t);
      await save(me, { search: 'city=Unntown&max_price=250000' });
      const held = await insertRoom(t.db, p.hostel.id, {
        roomNumber: 'room 04',
        price: 150_000,
        heldByUserId: ada.user.id,
        heldUntil: new Date(Date.now() + 30 * 60_000),
      });
      const other = await signedInUser(t);
      await save(other, { hostel_id: p.hostel.id });
      expect(await runSavedAlerts(t.app.deps)).toBe(0);

      // The hold runs out (as time would make it).
      await t.db
        .update(rooms)
        .set({ heldUntil: new Date(Date.now() - 1000) })
        .where(eq(rooms.id, held.id));
      expect(await runSavedAlerts(t.app.deps)).toBe(2);
      expect((await outbox(me.user.email))[0]?.text).toContain('room 04');
      expect((await outbox(other.user.email))[0]?.text).toContain('room 04');

      // A day later: a new room, and the dear one made cheap and free.
      const later = new Date(Date.now() + 25 * 3600_000);
      await insertRoom(t.db, p.hostel.id, { roomNumber: 'room 05', price: 220_000 });
      await setStatus(p.dear.id, 'available');
      expect((await send(t, admin, 'PATCH', `/api/rooms/${p.dear.id}`, { price: 230_000 })).statusCode).toBe(
        200,
      );
      expect(await runSavedAlerts(t.app.deps, later)).toBe(2);
      const news = (await outbox(me.user.email))[1]?.text ?? '';
      expect(news).toContain('2 rooms matching what you saved (Unntown · up to ₦250,000) can be booked now');
      expect(news).toContain('room 05');
      expect(news).toContain('room 02, Alert Lodge Unn: ₦230,000');
      expect(news).not.toContain('room 04');
    });

    it('sends nothing on a channel she turned off, and texts when she chose texts', async () => {
      const p = await place('Abu');
      const me = await signedInUser(t, { notifyEmail: false });
      await save(me, { search: 'city=Abutown' });
      const texter = await signedInUser(t, { phoneNumber: '08035550101' });
      await save(texter, { hostel_id: p.hostel.id, channel: 'sms' });
      await setStatus(p.booked.id, 'available');
      expect(await runSavedAlerts(t.app.deps)).toBe(1);
      expect(await outbox(me.user.email)).toEqual([]);
      const [sms] = await texts('+2348035550101');
      expect(sms?.text).toMatch(/^StudyNest: room 01, Alert Lodge Abu is free, ₦240,000\/yr\. /);

      // Texts turned off too: the next news is not sent either.
      await t.db.update(users).set({ notifySms: false }).where(eq(users.id, texter.user.id));
      await setStatus(p.second.id, 'available');
      expect(await runSavedAlerts(t.app.deps, new Date(Date.now() + 25 * 3600_000))).toBe(0);
      expect(await texts('+2348035550101')).toHaveLength(1);
    });
  });
});
