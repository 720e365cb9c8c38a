import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { oneTimeCodes, users } from '../../db/schema.ts';
import { lastCodeFor, lastMailTo, login, signup, verifyEmailCode, wrongCode } from './auth.test-helpers.ts';
import { COMMON_PASSWORD_MESSAGE } from './password.ts';

const forgot = (t: TestApp, email: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const reset = (t: TestApp, body: { email: string; otp: string; password: string }) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: false });
  });
  afterAll(() => t.close());

  it('answers the same for known and unknown e-mails, and mails a code only to the known one', async () => {
    const user = await insertUser(t.db);
    const known = await forgot(t, user.email.toUpperCase());
    const unknown = await forgot(t, 'nobody.home@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBeTruthy();
    const mail = await lastMailTo(t.app, user.email);
    expect(mail?.subject).toMatch(/reset/i);
    expect(await lastMailTo(t.app, 'nobody.home@example.com')).toBeUndefined();
  });

  it('resets the password with the code, revokes every old session, and the new password logs in', async () => {
    const { body, user } = await signup(t.app);
    const first = (await login(t.app, body.email, body.password)).json().token as string;
    const second = (await login(t.app, body.email, body.password)).json().token as string;
    expect((await forgot(t, body.email)).statusCode).toBe(200);
    const code = await lastCodeFor(t.app, body.email);

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
    await forgot(t, user.email);
    const code = await lastCodeFor(t.app, user.email);
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
    await forgot(t, user.email);
    const code = await lastCodeFor(t.app, user.email);
    const wrong = String((Number(code) + 5) % 10_000).padStart(4, '0');
    const res = await reset(t, { email: user.email, otp: wrong, password: 'sturdy new phrase' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That code is not correct. 4 tries left.');

    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(oneTimeCodes.userId, user.id));
    const expired = await reset(t, { email: user.email, otp: code, password: 'sturdy new phrase' });
    expect(expired.json().message).toBe('That code has expired. Request a new one.');

    await forgot(t, user.email);
    const code2 = await lastCodeFor(t.app, user.email);
    const wrong2 = String((Number(code2) + 5) % 10_000).padStart(4, '0');
    for (let i = 0; i < 5; i++)
      await reset(t, { email: user.email, otp: wrong2, password: 'sturdy new phrase' });
    const locked = await reset(t, { email: user.email, otp: code2, password: 'sturdy new phrase' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe('Too many wrong codes. Request a new code.');
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

describe('code e-mail rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sends at most 5 reset codes per e-mail per 15 minutes, from any address', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 5; i++) expect((await forgot(t, user.email, `10.0.0.${i + 1}`)).statusCode).toBe(200);
    const res = await forgot(t, user.email, '10.0.0.50');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  });

  it('allows 20 forgot-password requests per hour per address', async () => {
    for (let i = 0; i < 20; i++)
      expect((await forgot(t, `p${i}@example.com`, '10.1.1.1')).statusCode).toBe(200);
    const res = await forgot(t, 'p-last@example.com', '10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('allows 20 reset attempts per 15 minutes per address', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: 'x@example.com', otp: '0000', password: 'sturdy new phrase' },
        remoteAddress: '10.2.2.2',
      });
    for (let i = 0; i < 20; i++) expect((await send()).statusCode).toBe(400);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('wrong codes per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: false });
  });
  afterAll(() => t.close());

  const verify = (email: string, otp: string) => verifyEmailCode(t.app, email, otp);

  it('pauses every code for the account after 10 wrong ones in a day, whichever code they were for', async () => {
    const { body } = await signup(t.app);
    const statuses: number[] = [];
    // Two codes' worth of tries (5 each): asking for a new code does not give a fresh budget.
    for (let round = 0; round < 2; round++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload: { email: body.email } });
      const code = await lastCodeFor(t.app, body.email);
      for (let i = 0; i < 5; i++) statuses.push((await verify(body.email, wrongCode(code))).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(400));
    const paused = await lastMailTo(t.app, body.email);
    expect(paused?.subject).toBe('StudyNest: codes for your account are paused');

    // Now even a fresh, right code is not checked, and no new code is sent.
    await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload: { email: body.email } });
    const forgotRes = await forgot(t, body.email);
    expect(forgotRes.statusCode).toBe(200);
    expect((await lastMailTo(t.app, body.email))?.subject).toBe(
      'StudyNest: codes for your account are paused',
    );
    const [row] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.purpose, 'verify_email'));
    expect(row).toBeDefined();
    const res = await verify(body.email, '1234');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(
      /Too many wrong codes for this account today\. Try again after .+ \(Lagos time\)/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);

    // A day later the account may try again, and a right code clears the count.
    await t.db
      .update(users)
      .set({ codeFailuresSince: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(users.email, body.email));
    await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload: { email: body.email } });
    const fresh = await lastCodeFor(t.app, body.email);
    expect((await verify(body.email, fresh)).statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(after).toMatchObject({ codeFailures: 0, codeFailuresSince: null, isEmailConfirmed: true });
  });

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
    await forgot(t, user.email);
    const code = await lastCodeFor(t.app, user.email);
    const res = await reset(t, { email: user.email, otp: code, password: 'a-new-river-stone' });
    expect(res.statusCode).toBe(200);
    const notice = await lastMailTo(t.app, user.email);
    expect(notice?.subject).toBe('StudyNest: Your password was reset');
    expect(notice?.text).not.toContain('a-new-river-stone');
  });
});
