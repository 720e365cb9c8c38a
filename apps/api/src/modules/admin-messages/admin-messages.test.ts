import { addDays, todayInLagos } from '@studynest/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { insertHostel, insertRoom, insertTenancy, signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { users } from '../auth/auth.schema.ts';
import { messageDeliveries, messageSends } from '../messages/messages.schema.ts';

type Detail = {
  recipients: number;
  counts: Record<string, number>;
  deliveries: { to: string; status: string; error: string | null }[];
};

describe('admin messages (Send Email / Send SMS)', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin', firstName: 'Tunde', lastName: 'Admin' } });

  const sendMessage = (payload: Record<string, unknown>) =>
    send(t, admin, 'POST', '/api/admin/messages', payload);
  const detail = async (id: string) =>
    (await send(t, admin, 'GET', `/api/admin/messages/${id}`)).json() as Detail;
  const sends = async () => (await t.db.select({ n: count() }).from(messageSends))[0]?.n ?? 0;

  /** A hostel with `names.length` tenants (one room each), rent due in 20 days. */
  async function hostelWithTenants(names: string[], phone = '08035550404') {
    const hostel = await insertHostel(t.db);
    const tenants = [];
    for (const [i, firstName] of names.entries()) {
      const room = await insertRoom(t.db, hostel.id, { roomNumber: `room 0${i + 1}`, status: 'rented' });
      const tenant = await signedInUser(t, { firstName, phoneNumber: phone });
      await insertTenancy(t.db, room, tenant.user.id, addDays(todayInLagos(), 20));
      tenants.push({ ...tenant, room });
    }
    return { hostel, tenants };
  }

  it("e-mails a hostel's tenants, each with their own name and room, and logs the delivery", async () => {
    const { hostel, tenants } = await hostelWithTenants(['Ngozi', 'Emeka']);
    await hostelWithTenants(['Outsider']);
    const res = await sendMessage({
      channel: 'email',
      audience: { type: 'hostel', hostel_id: hostel.id },
      subject: 'Water at {hostel}',
      body: 'Hello {first_name}, the water in {room} is off on Saturday morning.',
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id, recipients, skipped } = res.json() as { id: string; recipients: number; skipped: unknown[] };
    expect([recipients, skipped]).toEqual([2, []]);

    for (const tenant of tenants) {
      const mails = (
        await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${tenant.user.email}` })
      ).json() as { subject: string; text: string }[];
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`Water at ${hostel.hostelName}`);
      expect(mails[0]?.text).toContain(
        `Hello ${tenant.user.firstName}, the water in ${tenant.room.roomNumber} is off on Saturday morning.`,
      );
      // An announcement is optional: it says how to stop them.
      expect(mails[0]?.text).toContain('/unsubscribe?token=');
    }
    const done = await eventually(async () => {
      const d = await detail(id);
      return d.counts.sent === 2 ? d : null;
    });
    expect(done.deliveries.map((d) => d.status)).toEqual(['sent', 'sent']);
    const log = (await send(t, admin, 'GET', '/api/admin/messages')).json();
    expect(log[0]).toMatchObject({ id, channel: 'email', recipients: 2, sender: { name: 'Tunde Admin' } });
  });

  it('texts chosen people, skipping (and listing) a number that cannot be a Nigerian mobile', async () => {
    const { tenants } = await hostelWithTenants(['Bisi']);
    const landline = await signedInUser(t, { firstName: 'Kole', phoneNumber: '01 234 5678' });
    const res = await sendMessage({
      channel: 'sms',
      audience: { type: 'users', user_ids: [tenants[0]!.user.id, landline.user.id] },
      body: 'Hi {first_name}, rent for {room} is due {due_date}.',
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json() as {
      id: string;
      recipients: number;
      skipped: { user: { _id: string }; reason: string }[];
    };
    expect(body.recipients).toBe(1);
    expect(body.skipped).toEqual([
      {
        user: { _id: landline.user.id, name: expect.stringContaining('Kole') },
        reason: expect.stringContaining('No Nigerian mobile'),
      },
    ]);
    const texts = (
      await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?to=%2B2348035550404' })
    ).json() as {
      text: string;
    }[];
    expect(texts.at(-1)?.text).toMatch(/^Hi Bisi, rent for room 01 is due \d{1,2} \w{3} \d{4}\.$/);
  });

  it('sends a message to those in arrears as a rent reminder, others as notices, and news only when the admin says so', async () => {
    const hostel = await insertHostel(t.db);
    const room = await insertRoom(t.db, hostel.id, { status: 'rented' });
    const late = await signedInUser(t, { firstName: 'Late', phoneNumber: '+2348035550505' });
    await insertTenancy(t.db, room, late.user.id, addDays(todayInLagos(), -3));
    const topics = async (id: string) =>
      (await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.sendId, id))).map(
        (d) => d.topic,
      );
    const arrears = await sendMessage({
      channel: 'sms',
      audience: { type: 'arrears' },
      body: 'Rent is due.',
    });
    expect(arrears.statusCode, arrears.body).toBe(202);
    expect(new Set(await topics((arrears.json() as { id: string }).id))).toEqual(new Set(['reminder']));
    const news = await sendMessage({
      channel: 'sms',
      audience: { type: 'users', user_ids: [late.user.id] },
      body: 'Open day on Friday.',
    });
    expect(await topics((news.json() as { id: string }).id)).toEqual(['announcement']);
    // Ticked as news, even a message to those in arrears is marketing.
    await t.db.update(users).set({ marketingSms: true }).where(eq(users.id, late.user.id));
    const offer = await sendMessage({
      channel: 'sms',
      audience: { type: 'arrears' },
      body: 'Renew now for 5% off.',
      news: true,
    });
    expect(offer.statusCode, offer.body).toBe(202);
    expect(new Set(await topics((offer.json() as { id: string }).id))).toEqual(new Set(['news']));
  });

  it('news and offers go only to people who said yes on that channel; the rest are listed, and nobody at all is refused', async () => {
    const { hostel, tenants } = await hostelWithTenants(['Yes', 'No']);
    const [yes, no] = tenants;
    await t.db.update(users).set({ marketingEmail: true }).where(eq(users.id, yes!.user.id));
    const offer = {
      channel: 'email',
      audience: { type: 'hostel', hostel_id: hostel.id },
      subject: 'Open day',
      body: 'Hello {first_name}, come to our open day on Friday.',
      news: true,
    };
    const preview = await send(t, admin, 'POST', '/api/admin/messages/preview', offer);
    expect(preview.json()).toMatchObject({
      recipients: 1,
      skipped: [{ user: { _id: no!.user.id }, reason: 'Has not said yes to news and offers by e-mail' }],
    });
    const res = await sendMessage(offer);
    expect(res.statusCode, res.body).toBe(202);
    expect((res.json() as { recipients: number }).recipients).toBe(1);
    const mails = await eventually(async () => {
      const got = (
        await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${yes!.user.email}` })
      ).json() as { text: string }[];
      return got.length ? got : null;
    });
    // Its link withdraws consent to news (a token that says so), not reminders.
    expect(mails[0]?.text).toMatch(/Unsubscribe: \S+\.email\.news\./);
    const none = await send(t, admin, 'POST', '/api/admin/messages', {
      ...offer,
      channel: 'sms',
      subject: undefined,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('Has not said yes to news and offers by text');
  });

  it('previews for one real recipient without sending anything', async () => {
    const { hostel } = await hostelWithTenants(['Amaka', 'Zainab']);
    const before = await sends();
    const res = await send(t, admin, 'POST', '/api/admin/messages/preview', {
      channel: 'sms',
      audience: { type: 'hostel', hostel_id: hostel.id },
      body: 'Hi {first_name}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      recipients: 2,
      skipped: [],
      sample: {
        to: '+2348035550404',
        name: expect.stringContaining('Amaka'),
        subject: null,
        body: 'Hi Amaka',
      },
    });
    expect(await sends()).toBe(before);
  });

  it('retries failed deliveries', async () => {
    const { hostel } = await hostelWithTenants(['Chidi']);
    const res = await sendMessage({
      channel: 'email',
      audience: { type: 'hostel', hostel_id: hostel.id },
      subject: 'Notice',
      body: 'Hello',
    });
    const { id } = res.json() as { id: string };
    await eventually(async () => (await detail(id)).counts.sent === 1);
    // As the queue leaves a delivery after its last failed attempt.
    await t.db
      .update(messageDeliveries)
      .set({ status: 'failed', lastError: 'mail server said no' })
      .where(eq(messageDeliveries.sendId, id));
    expect((await detail(id)).deliveries[0]).toMatchObject({
      status: 'failed',
      error: 'mail server said no',
    });
    const retry = await send(t, admin, 'POST', `/api/admin/messages/${id}/retry`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ retried: 1 });
    await eventually(async () => (await detail(id)).counts.sent === 1);
  });

  const hi = { subject: 'Hi', body: 'Hello' };
  it.each([
    [
      'an empty body',
      { channel: 'email', audience: { type: 'tenants' }, ...hi, body: '   ' },
      400,
      'Message is required',
    ],
    [
      'a text over 1,600 characters',
      { channel: 'sms', audience: { type: 'tenants' }, body: 'x'.repeat(1601) },
      400,
      'at most 1600 characters',
    ],
    [
      'an e-mail over 20,000 characters',
      { channel: 'email', audience: { type: 'tenants' }, ...hi, body: 'x'.repeat(20_001) },
      400,
      'at most 20000',
    ],
    [
      'an e-mail without a subject',
      { channel: 'email', audience: { type: 'tenants' }, body: 'Hello' },
      400,
      'needs a subject',
    ],
    [
      'a hostel audience without a hostel',
      { channel: 'email', audience: { type: 'hostel' }, ...hi },
      400,
      'Choose the hostel',
    ],
    [
      'a hostel that does not exist',
      {
        channel: 'email',
        audience: { type: 'hostel', hostel_id: '00000000-0000-4000-8000-000000000000' },
        ...hi,
      },
      404,
      'No hostel with that id',
    ],
    [
      'a channel that is not one',
      { channel: 'fax', audience: { type: 'tenants' }, body: 'Hello' },
      400,
      'email or sms',
    ],
  ] as [string, Record<string, unknown>, number, string][])(
    'refuses %s with %i and writes nothing',
    async (_label, payload, status, message) => {
      const before = await sends();
      const res = await sendMessage(payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toContain(message);
      expect(await sends()).toBe(before);
    },
  );

  it('refuses an audience that reaches nobody, saying so', async () => {
    const empty = await insertHostel(t.db);
    const before = await sends();
    const res = await sendMessage({
      channel: 'email',
      audience: { type: 'hostel', hostel_id: empty.id },
      subject: 'Hi',
      body: 'Hello',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('reach nobody');
    expect(await sends()).toBe(before);
  });
});
