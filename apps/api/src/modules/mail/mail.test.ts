import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { outboxEmails } from '../../db/schema.ts';
import { signupBody } from '../auth/auth.test-helpers.ts';
import { maskCodes, requiresStartTls, sendMail } from './mail.service.ts';

describe('mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: false });
  });
  afterAll(() => t.close());

  it('stores every e-mail and lists them newest last, filtered by recipient', async () => {
    const ctx = { db: t.db, config: t.config, log: t.app.log };
    await sendMail(ctx, { to: 'one@example.com', subject: 'First', text: 'a' });
    await sendMail(ctx, { to: 'two@example.com', subject: 'Second', text: 'b', html: '<p>b</p>' });
    await sendMail(ctx, { to: 'one@example.com', subject: 'Third', text: 'c' });

    const all = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((m: { subject: string }) => m.subject)).toEqual(['First', 'Second', 'Third']);
    expect(all.json()[1]).toMatchObject({ to: 'two@example.com', text: 'b', html: '<p>b</p>' });
    expect(Date.parse(all.json()[0].created_at)).not.toBeNaN();

    const one = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=ONE@example.com' });
    expect(one.json().map((m: { subject: string }) => m.subject)).toEqual(['First', 'Third']);
    expect(one.json()[0]).not.toHaveProperty('html');
  });

  it('records a failed SMTP delivery without failing the sign-up', async () => {
    // Port 9 (discard) on localhost: nothing listens, so the connection is refused at once.
    const smtp = await buildTestApp({
      rateLimits: false,
      mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'x@y.z' },
    });
    try {
      const body = signupBody();
      const res = await smtp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
      expect(res.statusCode).toBe(201);
      // Delivery runs in the background; wait for its outcome to be recorded.
      let row: typeof outboxEmails.$inferSelect | undefined;
      for (let i = 0; i < 100 && !row?.error; i++) {
        [row] = await smtp.db.select().from(outboxEmails).where(eq(outboxEmails.to, body.email));
        if (!row?.error) await new Promise((r) => setTimeout(r, 50));
      }
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toBeTruthy();
      // The code went to the mail server only: the record keeps it masked.
      expect(row?.subject).toBe('Your StudyNest code is ••••');
      expect(row?.text).toContain('your email address: ••••');
      expect(`${row?.subject} ${row?.text}`).not.toMatch(/\b\d{4}\b/);
    } finally {
      await smtp.close();
    }
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ env: 'production' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('answers only callers on this machine, whatever address they claim to forward', async () => {
    const t = await buildTestApp({ trustProxy: ['203.0.113.9'] });
    try {
      const local = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(local.statusCode).toBe(200);
      const remote = await t.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('@');
    } finally {
      await t.close();
    }
  });
});

describe('SMTP transport security', () => {
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
