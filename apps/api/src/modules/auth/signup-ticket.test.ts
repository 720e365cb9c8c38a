import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { sessions, users } from './auth.schema.ts';
import { lastCodeFor, signup, wrongCode } from './auth.test-helpers.ts';
import { OTP_MESSAGES } from './otp.ts';
import { issueSignupTicket, SIGNUP_TICKET_MINUTES } from './signup-ticket.ts';

/** docs/decisions/0023-signed-in-after-the-code.md */
describe('signed in by the e-mailed code straight after sign-up', () => {
  const t = testApp({ rateLimits: false });

  const verify = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email-otp',
      payload,
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile' },
    });
  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const sessionsOf = (id: string) => t.db.select().from(sessions).where(eq(sessions.userId, id));
  /** A new student: her sign-up answer's ticket, and the code e-mailed to her. */
  const signedUp = async () => {
    const made = await signup(t.app);
    const ticket = made.res.json().signup_ticket as string;
    return { ...made, ticket, code: await lastCodeFor(t.app, made.body.email) };
  };

  it('signs her in when the code comes with the ticket her sign-up answered: a session that works', async () => {
    const before = Date.now();
    const { body, user, ticket, code } = await signedUp();
    expect(ticket).toMatch(/^\d+\.[\w-]{43}$/);

    const res = await verify({ email: body.email, otp: code, signup_ticket: ticket });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({
      message: 'Your email address is confirmed.',
      user: { _id: user._id, role: 'student', first_name: 'Chioma', email: body.email },
    });
    expect(JSON.stringify(json)).not.toMatch(/password|hash|argon/i);
    expect((await row(user._id)).isEmailConfirmed).toBe(true);

    // The token is a real session of hers, named by the device, and works at once.
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/user/${user._id}`,
      headers: { authorization: `Bearer ${json.token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().isEmailConfirmed).toBe(true);
    const [session, ...more] = await sessionsOf(user._id);
    expect(more).toHaveLength(0);
    expect(session?.userAgent).toContain('Android');
    // The password was typed at sign-up, not now: that is when "recently" counts from.
    expect(session!.authenticatedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(session!.authenticatedAt.getTime()).toBeLessThanOrEqual(Date.now());

    // Once confirmed, the ticket signs nobody in again, whatever code comes with it.
    const again = await verify({ email: body.email, otp: code, signup_ticket: ticket });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Your email address is already confirmed.' });
    expect(await sessionsOf(user._id)).toHaveLength(1);
  });

  it('only confirms, signing nobody in, without a ticket or with one that is not hers, forged, expired or for an old password', async () => {
    const cases: [string, (s: Awaited<ReturnType<typeof signedUp>>) => Promise<string | undefined>][] = [
      ['no ticket', async () => undefined],
      ['another account’s ticket', async () => (await signedUp()).ticket],
      ['a forged ticket', async ({ ticket }) => `${ticket.split('.')[0]}.${'A'.repeat(43)}`],
      [
        'a ticket whose time was moved on',
        async ({ ticket }) => `${Number(ticket.split('.')[0]) + 3600}.${ticket.split('.')[1]}`,
      ],
      [
        'an expired ticket',
        async ({ user }) =>
          issueSignupTicket(
            t.config.jwtSecret,
            await row(user._id),
            Date.now() - (SIGNUP_TICKET_MINUTES + 1) * 60_000,
          ),
      ],
      [
        'a ticket for the password before a reset',
        async ({ user, ticket }) => {
          await t.db
            .update(users)
            .set({ passwordHash: '$argon2id$v=19$changed' })
            .where(eq(users.id, user._id));
          return ticket;
        },
      ],
      ['an empty ticket', async () => ''],
    ];
    for (const [label, ticketFor] of cases) {
      const s = await signedUp();
      const signupTicket = await ticketFor(s);
      const res = await verify({
        email: s.body.email,
        otp: s.code,
        ...(signupTicket === undefined ? {} : { signup_ticket: signupTicket }),
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      expect(res.json(), label).toEqual({ message: 'Your email address is confirmed.' });
      expect((await row(s.user._id)).isEmailConfirmed, label).toBe(true);
      expect(await sessionsOf(s.user._id), label).toHaveLength(0);
    }
  });

  it('refuses a wrong code with her own ticket like any wrong code: nothing confirmed, nobody signed in', async () => {
    const { body, user, ticket, code } = await signedUp();
    const res = await verify({ email: body.email, otp: wrongCode(code), signup_ticket: ticket });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: OTP_MESSAGES.wrong, fields: { otp: OTP_MESSAGES.wrong } });
    expect(res.json().token).toBeUndefined();
    expect((await row(user._id)).isEmailConfirmed).toBe(false);
    expect(await sessionsOf(user._id)).toHaveLength(0);
  });

  it('refuses a ticket that is not text or is too long with 400, before the code is tried', async () => {
    const { body, user, code } = await signedUp();
    for (const [ticket, message] of [
      [12345, 'The sign-up ticket must be text'],
      ['x'.repeat(201), 'The sign-up ticket is too long'],
    ] as const) {
      const res = await verify({ email: body.email, otp: code, signup_ticket: ticket });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ signup_ticket: message });
    }
    expect((await row(user._id)).isEmailConfirmed).toBe(false);
    // The code was not spent: it still confirms.
    expect((await verify({ email: body.email, otp: code })).statusCode).toBe(200);
  });
});
