import { MESSAGE_TOPICS } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { insertUser } from '../../../test/factories.ts';
import { appWithFakeMessaging, type MessagingApp } from '../../../test/messaging-app.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { DELIVERY_RETRIES, deliver, queueMessages, retryDeliveries } from './deliveries.service.ts';
import { unsubscribeToken } from './message-text.ts';
import { messageDeliveries } from './messages.schema.ts';

const deliveryStatus = async (t: TestApp, key: string) =>
  (await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.dedupeKey, key)))[0];

describe('messages through the queue (development outboxes)', () => {
  const t = testApp();

  const outbox = async (to: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
      subject: string;
      text: string;
    }[];

  it('delivers a queued e-mail within seconds, signed with the company, once per key', async () => {
    const to = `once.${Date.now()}@example.com`;
    const message = {
      channel: 'email' as const,
      to,
      topic: 'account' as const,
      subject: 'Hello',
      text: 'Hi.',
      key: `test:${to}`,
    };
    const started = Date.now();
    expect(await queueMessages(t.app.deps, [message])).toHaveLength(1);
    expect(await queueMessages(t.app.deps, [message])).toHaveLength(0);
    const [mail] = await eventually(async () => {
      const mails = await outbox(to);
      return mails.length ? mails : null;
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(mail?.text).toBe(
      'Hi.\n\n--\nStudyNest Hostels Ltd.\n14 Ozolua Road, Ugbowo, Benin City 300283, Edo State, Nigeria',
    );
    expect((await deliveryStatus(t, `test:${to}`))?.status).toBe('sent');
    await new Promise((r) => setTimeout(r, 500));
    expect(await outbox(to)).toHaveLength(1);
  });

  it('masks one-time codes in the stored copy once the message is out', async () => {
    const to = `code.${Date.now()}@example.com`;
    await queueMessages(t.app.deps, [
      {
        channel: 'email',
        to,
        topic: 'account',
        subject: 'Your code 4821',
        text: 'Use 4821.',
        key: `code:${to}`,
      },
    ]);
    const row = await eventually(async () => {
      const r = await deliveryStatus(t, `code:${to}`);
      return r?.status === 'sent' ? r : null;
    });
    expect(row.subject).toBe('Your code ••••');
    expect(row.text).toBe('Use ••••.');
  });

  it('optional messages carry an unsubscribe link; once used, the next one is cancelled but a payment notice still goes', async () => {
    const user = await insertUser(t.db);
    const send = (topic: 'reminder' | 'payment', n: number) =>
      queueMessages(t.app.deps, [
        {
          channel: 'email',
          to: user.email,
          userId: user.id,
          topic,
          subject: `${topic} ${n}`,
          text: `About ${topic}.`,
          key: `opt:${user.id}:${n}`,
        },
      ]);
    await send('reminder', 1);
    const [reminder] = await eventually(async () => {
      const mails = await outbox(user.email);
      return mails.length ? mails : null;
    });
    const link = /Unsubscribe: (\S+)/.exec(reminder?.text ?? '')?.[1];
    expect(link).toBe(
      `${t.config.publicUrl}/unsubscribe?token=${unsubscribeToken(t.config, user.id, 'email')}`,
    );
    const path = new URL(link!).pathname + new URL(link!).search;

    // Opening the link (or a mail scanner fetching it) changes nothing.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    // The mail app's one-click POST (RFC 8058) turns reminders off.
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');

    await send('reminder', 2);
    await send('payment', 3);
    await eventually(async () => (await deliveryStatus(t, `opt:${user.id}:2`))?.status === 'cancelled');
    await eventually(async () => (await deliveryStatus(t, `opt:${user.id}:3`))?.status === 'sent');
    expect((await outbox(user.email)).map((m) => m.subject)).toEqual(['reminder 1', 'payment 3']);
    // A payment notice has no unsubscribe link.
    expect((await outbox(user.email))[1]?.text).not.toContain('Unsubscribe');
  });

  it('refuses unsubscribe tokens it did not make', async () => {
    const user = await insertUser(t.db);
    const token = unsubscribeToken(t.config, user.id, 'sms');
    for (const bad of [token.slice(0, -2), `${token}x`, token.replace('.sms.', '.email.'), 'nonsense', '']) {
      const res = await send(t, anonymous, 'POST', `/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).toContain('This unsubscribe link is not valid');
    }
  });

  it('keeps texts in the development SMS outbox', async () => {
    await queueMessages(t.app.deps, [
      {
        channel: 'sms',
        to: '+2348031112222',
        topic: 'account',
        text: 'Hello by text',
        key: `sms:${Date.now()}`,
      },
    ]);
    const texts = await eventually(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?to=08031112222' });
      const list = res.json() as { to: string; text: string }[];
      return list.length ? list : null;
    });
    expect(texts).toEqual([expect.objectContaining({ to: '+2348031112222', text: 'Hello by text' })]);
  });
});

describe('messages through SMTP and Termii (fake servers)', () => {
  let t: TestApp;
  let smtp: MessagingApp['smtp'];
  let termii: MessagingApp['termii'];
  let messaging: MessagingApp;
  beforeAll(async () => {
    messaging = await appWithFakeMessaging();
    ({ t, smtp, termii } = messaging);
  });
  afterAll(() => messaging.close());

  it('delivers an e-mail refused for a while once the server recovers, exactly once', async () => {
    smtp.refuse(2);
    const to = `down.${Date.now()}@example.com`;
    await queueMessages(t.app.deps, [
      { channel: 'email', to, topic: 'payment', subject: 'Paid', text: 'Thank you.', key: `down:${to}` },
    ]);
    const row = await eventually(async () => {
      const r = await deliveryStatus(t, `down:${to}`);
      return r?.status === 'sent' ? r : null;
    }, 30_000);
    expect(row.attempts).toBe(3);
    const mails = smtp.received.filter((m) => m.to.includes(to));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.messageId).toBe(`<${row.id}@localhost>`);
    expect(mails[0]?.raw).toContain('StudyNest Hostels Ltd.');
  });

  it("sends a text in Termii's shape, and retries when Termii fails", async () => {
    termii.fail(1);
    const key = `termii:${Date.now()}`;
    await queueMessages(t.app.deps, [
      { channel: 'sms', to: '+2348035550000', topic: 'payment', text: 'Paid ₦65,000', key },
    ]);
    await eventually(async () => (await deliveryStatus(t, key))?.status === 'sent', 30_000);
    const sent = termii.requests.filter((r) => r.body.to === '2348035550000');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      path: '/api/sms/send',
      body: {
        api_key: termii.apiKey,
        to: '2348035550000',
        from: 'StudyNest',
        sms: 'Paid ₦65,000',
        type: 'plain',
        channel: 'dnd',
      },
    });
  });

  it("sends every text that must arrive by Termii's dnd route, and only news by generic", async () => {
    const routes: Record<string, unknown> = {};
    for (const [i, topic] of MESSAGE_TOPICS.entries()) {
      const to = `+23480355520${String(i).padStart(2, '0')}`;
      const key = `route:${topic}:${Date.now()}`;
      await queueMessages(t.app.deps, [{ channel: 'sms', to, topic, text: `About ${topic}`, key }]);
      await eventually(async () => (await deliveryStatus(t, key))?.status === 'sent', 30_000);
      routes[topic] = termii.requests.find((r) => r.body.to === to.slice(1))?.body.channel;
    }
    expect(routes).toEqual({
      account: 'dnd',
      security: 'dnd',
      payment: 'dnd',
      reminder: 'dnd',
      maintenance: 'dnd',
      alert: 'dnd',
      announcement: 'dnd',
      news: 'generic',
    });
  });

  it('marks a delivery failed after its last retry, and an admin retry sends it', async () => {
    const key = `giveup:${Date.now()}`;
    const [id] = await queueMessages(t.app.deps, [
      { channel: 'sms', to: '+2348035551111', topic: 'payment', text: 'Will fail once', key },
    ]);
    await eventually(async () => (await deliveryStatus(t, key))?.status === 'sent', 30_000);
    // Back to queued, then one attempt that fails as the last one allowed.
    await t.db.update(messageDeliveries).set({ status: 'queued' }).where(eq(messageDeliveries.id, id!));
    const failing = {
      sms: async () => Promise.reject(new Error('Termii refused')),
      email: async () => 'sent' as const,
    };
    await deliver(t.app.deps, failing, { data: { id: id! }, retryCount: DELIVERY_RETRIES });
    expect(await deliveryStatus(t, key)).toMatchObject({ status: 'failed', lastError: 'Termii refused' });

    expect(await retryDeliveries(t.app.deps, [id!])).toBe(1);
    await eventually(async () => (await deliveryStatus(t, key))?.status === 'sent', 30_000);
  });
});
