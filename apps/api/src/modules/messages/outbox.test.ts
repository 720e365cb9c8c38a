import { describe, expect, it } from 'vitest';
import { buildTestApp, testApp } from '../../../test/build-test-app.ts';
import { queueEmail } from './deliveries.service.ts';
import { requiresStartTls } from './email.ts';
import { maskCodes } from './message-text.ts';

describe('development outboxes', () => {
  const t = testApp({ rateLimits: false });

  it('lists e-mails newest last, filtered by recipient, once they have gone out', async () => {
    const one = `one.${Date.now()}@example.com`;
    const two = `two.${Date.now()}@example.com`;
    // Queued in order; asked about one recipient, the outbox waits for that recipient's deliveries.
    await queueEmail(t.app.deps, { to: one, topic: 'account', subject: 'First', text: 'a' });
    await queueEmail(t.app.deps, { to: two, topic: 'account', subject: 'Second', text: 'b' });
    await queueEmail(t.app.deps, { to: one, topic: 'account', subject: 'Third', text: 'c' });

    const mine = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${one.toUpperCase()}` });
    expect(mine.statusCode).toBe(200);
    const subjects = (mine.json() as { subject: string }[]).map((m) => m.subject).sort();
    expect(subjects).toEqual(['First', 'Third']);
    expect(mine.json()[0]).toMatchObject({ to: one, text: expect.stringMatching(/^(a|c)\n\n--\nStudyNest/) });
    expect(Date.parse(mine.json()[0].created_at)).not.toBeNaN();
    const other = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${two}` });
    expect(other.json()).toHaveLength(1);
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ env: 'production' });
    try {
      for (const url of ['/api/dev/outbox', '/api/dev/sms-outbox']) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });

  it('answers only callers on this machine, whatever address they claim to forward', async () => {
    const proxied = await buildTestApp({ trustProxy: ['203.0.113.9'] });
    try {
      /** GET `url` from `remoteAddress`, which says it forwards for `forwardedFor`. */
      const forwarded = (url: string, remoteAddress: string, forwardedFor: string) =>
        proxied.app.inject({
          method: 'GET',
          url,
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (const url of ['/api/dev/outbox', '/api/dev/sms-outbox']) {
        expect((await proxied.app.inject({ method: 'GET', url })).statusCode).toBe(200);
        const remote = await forwarded(url, '203.0.113.9', '127.0.0.1');
        expect(remote.statusCode).toBe(404);
        expect(remote.body).not.toContain('@');
        // A reverse proxy on this machine relays others: its requests are not this machine's.
        const relayed = await forwarded(url, '127.0.0.1', '198.51.100.7');
        expect(relayed.statusCode).toBe(404);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('mail transport security', () => {
  it('masks one-time codes for logs and records', () => {
    expect(maskCodes('Your StudyNest code is 0427')).toBe('Your StudyNest code is ••••');
    expect(maskCodes('Room 12, 2 nights')).toBe('Room 12, 2 nights');
  });

  it('requires STARTTLS on a plain smtp:// server elsewhere, not on smtps:// or this machine', () => {
    expect(requiresStartTls('smtp://user:pass@smtp.example.com:587')).toBe(true);
    expect(requiresStartTls('smtps://user:pass@smtp.example.com:465')).toBe(false);
    expect(requiresStartTls('smtp://localhost:1025')).toBe(false);
    expect(requiresStartTls('smtp://127.0.0.1:25')).toBe(false);
  });
});
