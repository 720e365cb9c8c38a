import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { insertUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { oneTimeCodes, users } from './auth.schema.ts';
import {
  lastCodeFor,
  lastMailTo,
  login,
  requestCode,
  signup,
  verifyEmailCode,
  wrongCode,
} from './auth.test-helpers.ts';
import { OTP_MESSAGES } from './otp.ts';
import { COMMON_PASSWORD_MESSAGE } from './password.ts';

const forgot = (t: TestApp, email: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const reset = (t: TestApp, body: { email: string; otp: string; password: string }, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('forgot and reset password', () => {
  const t = testApp({ rateLimits: false });

  it('answers the same for known and unknown e-mails, and mails a code only to the known one', async () => {
    const user = await insertUser(t.db);
    const known = await forgot(t, user.email.toUpperCase());
    const unknown = await forgot(t, 'nobody.home@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBeTruthy();
    // The code goes out after the answer.
    const mail = await eventually(() => lastMailTo(t.app, user.email));
    expect(mail.subject).toMatch(/reset/i);
    expect(await lastMailTo(t.app, 'nobody.home@example.com')).toBeUndefined();
  });

  it('resets the password with the code, revokes every old session, and the new password logs in', async () => {
    const { body, user } = await signup(t.app);
    const first = (await login(t.app, body.email, body.password)).json().token as string;
    const second = (await login(t.app, body.email, body.password)).json().token as string;
    const code = await requestCode(t.app, 'forgot-password', body.email);

    const res = await reset(t, { email: body.email, otp: code, password: 'new kettle on the hob' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/reset/i);

    for (const token of [first, second]) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/user/${user._id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.statusCode).toBe(401);
    }
    expect((await login(t.app, body.email, body.password)).statusCode).toBe(401);
    const fresh = await login(t.app, body.email, 'new kettle on the hob');
    expect(fresh.statusCode).toBe(200);
    // The code proved the mailbox, so the address counts as confirmed now.
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row?.isEmailConfirmed).toBe(true);
    // The code is used up.
    const again = await reset(t, { email: body.email, otp: code, password: 'another good phrase' });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a common new password without using up a try', async () => {
    const user = await insertUser(t.db);
    const code = await requestCode(t.app, 'forgot-password', user.email);
    const res = await reset(t, { email: user.email, otp: code, password: 'iloveyou1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    const [row] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(row?.attempts).toBe(0);
    expect((await reset(t, { email: user.email, otp: code, password: 'sturdy new phrase' })).statusCode).toBe(
      200,
    );
  });

  it('refuses wrong, expired and too-many-tried reset codes, keeping the old password', async () => {
    const user = await insertUser(t.db);
    const code = await requestCode(t.app, 'forgot-password', user.email);
    const wrong = String((Number(code) + 5) % 10_000).padStart(4, '0');
    const res = await reset(t, { email: user.email, otp: wrong, password: 'sturdy new phrase' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTP_MESSAGES.wrong);

    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(oneTimeCodes.userId, user.id));
    const expired = await reset(t, { email: user.email, otp: code, password: 'sturdy new phrase' });
    expect(expired.json().message).toBe(OTP_MESSAGES.wrong);

    const code2 = await requestCode(t.app, 'forgot-password', user.email);
    const wrong2 = String((Number(code2) + 5) % 10_000).padStart(4, '0');
    for (let i = 0; i < 5; i++)
      await reset(t, { email: user.email, otp: wrong2, password: 'sturdy new phrase' });
    const locked = await reset(t, { email: user.email, otp: code2, password: 'sturdy new phrase' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(OTP_MESSAGES.wrong);
    expect((await login(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('does not accept an e-mail confirmation code as a reset code', async () => {
    const { body } = await signup(t.app);
    const verifyCode = await lastCodeFor(t.app, body.email);
    const res = await reset(t, { email: body.email, otp: verifyCode, password: 'sturdy new phrase' });
    expect(res.statusCode).toBe(400);
    expect((await login(t.app, body.email, body.password)).statusCode).toBe(200);
  });

  it('validates the reset body', async () => {
    const res = await reset(t, { email: 'bad', otp: '12', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: 'Enter a valid email address, like ada@example.com',
      otp: 'The code is 4 digits',
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('what a wrong code tells about the address', () => {
  const t = testApp();

  it('answers a wrong reset code alike for a known and an unknown e-mail', async () => {
    const user = await insertUser(t.db);
    const unknown = 'nobody.here@example.com';
    const code = await requestCode(t.app, 'forgot-password', user.email, '192.0.2.10');
    expect((await forgot(t, unknown, '192.0.2.10')).statusCode).toBe(200);
    const guess = wrongCode(code);
    const body = (email: string) => ({ email, otp: guess, password: 'sturdy new phrase' });
    const known = await reset(t, body(user.email), '192.0.2.11');
    const none = await reset(t, body(unknown), '192.0.2.12');
    expect(known.statusCode).toBe(400);
    expect(none.statusCode).toBe(known.statusCode);
    expect(none.json()).toEqual(known.json());
    expect(known.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: OTP_MESSAGES.wrong,
      fields: { otp: OTP_MESSAGES.wrong },
    });
  });

  it('answers alike once the code is used up or expired, too', async () => {
    const user = await insertUser(t.db);
    const unknown = 'still.nobody@example.com';
    const code = await requestCode(t.app, 'forgot-password', user.email, '192.0.2.20');
    const body = (email: string) => ({ email, otp: wrongCode(code), password: 'sturdy new phrase' });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await reset(t, body(user.email), '192.0.2.21')).json());
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(oneTimeCodes.userId, user.id));
    answers.push((await reset(t, { ...body(user.email), otp: code }, '192.0.2.22')).json());
    const none = (await reset(t, body(unknown), '192.0.2.23')).json();
    for (const a of answers) expect(a).toEqual(none);
  });
});

describe('code e-mail rate limits', () => {
  const t = testApp();

  it('sends at most 5 reset codes per e-mail per 15 minutes, from any address', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 5; i++) expect((await forgot(t, user.email, `10.0.0.${i + 1}`)).statusCode).toBe(200);
    const res = await forgot(t, user.email, '10.0.0.50');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  });

  it('one address cannot use up the codes for an e-mail: after 3 a day from it, the owner elsewhere still gets one', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 3; i++) expect((await forgot(t, user.email, '203.0.113.30')).statusCode).toBe(200);
    const stopped = await forgot(t, user.email, '203.0.113.30');
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    const code = await requestCode(t.app, 'forgot-password', user.email, '198.51.100.30');
    const res = await reset(
      t,
      { email: user.email, otp: code, password: 'sturdy new phrase' },
      '198.51.100.30',
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('allows 20 forgot-password requests per hour per address', async () => {
    for (let i = 0; i < 20; i++)
      expect((await forgot(t, `p${i}@example.com`, '10.1.1.1')).statusCode).toBe(200);
    const res = await forgot(t, 'p-last@example.com', '10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('allows 20 reset attempts per 15 minutes per address', async () => {
    // A different e-mail each time: the per-(e-mail, address) limit on wrong codes stays out of the way.
    const send = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: `x${i}@example.com`, otp: '0000', password: 'sturdy new phrase' },
        remoteAddress: '10.2.2.2',
      });
    for (let i = 0; i < 20; i++) expect((await send(i)).statusCode).toBe(400);
    const res = await send(20);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('wrong codes from one address', () => {
  const t = testApp();

  it('do not stop the owner asking for a fresh code and resetting from another', async () => {
    const user = await insertUser(t.db);
    const attacker = '203.0.113.1';
    const statuses: number[] = [];
    // Two codes' worth of wrong tries (5 each): the 10 a day that used to pause every code for
    // the account for 24 hours.
    for (let round = 0; round < 2; round++) {
      const code = await requestCode(t.app, 'forgot-password', user.email, attacker);
      for (let i = 1; i <= 5; i++) {
        const guess = { email: user.email, otp: wrongCode(code, i), password: 'attacker phrase 1' };
        statuses.push((await reset(t, guess, attacker)).statusCode);
      }
    }
    expect(statuses).toEqual(Array(10).fill(400));
    // That address is now stopped for this e-mail, with the time to wait…
    const stopped = await reset(
      t,
      { email: user.email, otp: '0000', password: 'attacker phrase 1' },
      attacker,
    );
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);

    // …while the owner, from another, gets a fresh code and uses it.
    const owner = '198.51.100.7';
    const fresh = await requestCode(t.app, 'forgot-password', user.email, owner);
    const res = await reset(t, { email: user.email, otp: fresh, password: 'owner new phrase' }, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(t.app, user.email, 'owner new phrase', owner)).statusCode).toBe(200);
  });

  it('stop that address alike for a known and an unknown e-mail', async () => {
    const user = await insertUser(t.db);
    const tries = async (email: string, from: string) => {
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await reset(t, { email, otp: '0000', password: 'sturdy new phrase' }, from);
        const { message, fields } = res.json();
        out.push({ status: res.statusCode, body: { message, fields } });
      }
      return out;
    };
    const known = await tries(user.email, '203.0.113.41');
    const unknown = await tries('nobody.at.all@example.com', '203.0.113.42');
    expect(known.map((a) => a.status)).toEqual([...Array(10).fill(400), 429]);
    expect(unknown).toEqual(known);
  });
});

describe('wrong codes per account', () => {
  const t = testApp({ rateLimits: false });

  const verify = (email: string, otp: string) => verifyEmailCode(t.app, email, otp);

  it("counts only the account's own wrong codes: another account is not affected", async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const codeA = await lastCodeFor(t.app, a.body.email);
    for (let i = 0; i < 5; i++) await verify(a.body.email, wrongCode(codeA));
    const codeB = await lastCodeFor(t.app, b.body.email);
    expect((await verify(b.body.email, codeB)).statusCode).toBe(200);
  });

  it('tells the owner when the password is reset', async () => {
    const user = await insertUser(t.db);
    const code = await requestCode(t.app, 'forgot-password', user.email);
    const res = await reset(t, { email: user.email, otp: code, password: 'a-new-river-stone' });
    expect(res.statusCode).toBe(200);
    const notice = await lastMailTo(t.app, user.email);
    expect(notice?.subject).toBe('StudyNest: Your password was reset');
    expect(notice?.text).not.toContain('a-new-river-stone');
  });
});
