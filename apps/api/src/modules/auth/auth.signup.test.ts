import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { anonymous, sendJsonText } from '../../../test/requests.ts';
import { oneTimeCodes, users } from './auth.schema.ts';
import {
  lastCodeFor,
  lastMailTo,
  multipart,
  postSignup,
  requestCode,
  signup,
  signupBody,
  verifyEmailCode,
  wrongCode,
} from './auth.test-helpers.ts';
import { OTP_MESSAGES } from './otp.ts';
import { COMMON_PASSWORD_MESSAGE } from './password.ts';

describe('sign-up', () => {
  const t = testApp({ rateLimits: false });

  it('creates an unconfirmed student from JSON and e-mails a 4-digit code', async () => {
    const body = signupBody({
      email: '  Mixed.Case@Example.com ',
      gender: 'Female',
      phone_number: '0803 123 4567',
    });
    const res = await postSignup(t.app, body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toContain('mixed.case@example.com');
    expect(json.user).toMatchObject({
      first_name: 'Chioma',
      last_name: 'Okafor',
      gender: 'female',
      email: 'mixed.case@example.com',
      // Stored in one form, E.164, however it was typed (docs/domain.md, "Accounts").
      phone_number: '+2348031234567',
      role: 'student',
      isEmailConfirmed: false,
    });
    expect(JSON.stringify(json)).not.toMatch(/password|hash|argon/i);

    const [row] = await t.db.select().from(users).where(eq(users.id, json.user._id));
    expect(row?.phoneNumber).toBe('+2348031234567');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await lastMailTo(t.app, 'mixed.case@example.com');
    expect(mail?.subject).toMatch(/\d{4}/);
    expect(mail?.text).toMatch(/\b\d{4}\b/);
    // The code is stored hashed, never as the 4 digits.
    const [code] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, json.user._id));
    expect(code?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(code?.purpose).toBe('verify_email');
  });

  it('accepts the multipart form the spec sign-up page posts', async () => {
    const body = signupBody();
    const form = multipart(body);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...form });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.email).toBe(body.email);
    expect(await lastCodeFor(t.app, body.email)).toMatch(/^\d{4}$/);
  });

  it('validates multipart fields with the same 400 shape as JSON', async () => {
    const form = multipart({ first_name: 'Ada', email: 'not-an-email', password: 'short' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...form });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(json.fields).toMatchObject({
      last_name: 'Last name is required',
      gender: 'Gender must be male or female',
      email: 'Enter a valid email address, like ada@example.com',
      phone_number: 'Phone number is required',
      password: 'Password must be at least 8 characters',
    });
    expect(json.message).toContain('Last name is required');
  });

  it('refuses a file in the sign-up form', async () => {
    const form = multipart(signupBody(), {
      field: 'avatar',
      name: 'a.jpg',
      type: 'image/jpeg',
      data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ avatar: 'Files are not accepted here' });
  });

  it('answers missing and invalid JSON fields with 400 and a message per field', async () => {
    const missing = await postSignup(t.app, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      gender: 'Gender must be male or female',
      email: 'Email is required',
      phone_number: 'Phone number is required',
      password: 'Password is required',
    });

    const invalid = await postSignup(
      t.app,
      signupBody({ gender: 'other', phone_number: '12345', first_name: '   ' }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({
      first_name: 'First name is required',
      gender: 'Gender must be male or female',
      phone_number: 'Enter a Nigerian mobile number of 11 digits, like 0803 123 4567 or +234 803 123 4567',
    });
    // A number of the right length that no mobile network has (a Lagos landline) is refused too.
    const landline = await postSignup(t.app, signupBody({ phone_number: '01 234 5678 90' }));
    expect(landline.statusCode).toBe(400);
    expect(landline.json().fields).toEqual({
      phone_number: 'Enter a Nigerian mobile number of 11 digits, like 0803 123 4567 or +234 803 123 4567',
    });

    const notObject = await sendJsonText(t, anonymous, 'POST', '/api/auth/signup', '"just a string"');
    expect(notObject.statusCode).toBe(400);
  });

  it('refuses a common password, whatever its case', async () => {
    for (const password of ['password123', 'iloveyou1', 'Password123']) {
      const res = await postSignup(t.app, signupBody({ password }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: COMMON_PASSWORD_MESSAGE,
        fields: { password: COMMON_PASSWORD_MESSAGE },
      });
    }
    // No composition rules: a long lowercase phrase is fine.
    const ok = await postSignup(t.app, signupBody({ password: 'plantain river notebook' }));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a duplicate e-mail, also in a different case, with 409', async () => {
    const { body } = await signup(t.app);
    for (const email of [body.email, body.email.toUpperCase()]) {
      const res = await postSignup(t.app, signupBody({ email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        statusCode: 409,
        message: 'An account with this email already exists',
      });
    }
    const rows = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(1);
  });

  it('gives one 201 and one 409 when the same e-mail signs up twice at once', async () => {
    const body = signupBody();
    const results = await Promise.all([1, 2].map(() => postSignup(t.app, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('e-mail confirmation codes', () => {
  const t = testApp({ rateLimits: false });

  const verify = (email: string, otp: string) => verifyEmailCode(t.app, email, otp);
  const confirmed = async (id: string) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0]?.isEmailConfirmed;

  it('confirms the e-mail with the right code, once', async () => {
    const { body, user } = await signup(t.app);
    const code = await lastCodeFor(t.app, body.email);
    const res = await verify(body.email.toUpperCase(), code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBeTruthy();
    expect(await confirmed(user._id)).toBe(true);
    // The code is used up; asking again just says it is already confirmed.
    const again = await verify(body.email, code);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/already confirmed/);
  });

  it('refuses a wrong code without saying how many tries are left (that would tell the account exists)', async () => {
    const { body, user } = await signup(t.app);
    const code = await lastCodeFor(t.app, body.email);
    const res = await verify(body.email, wrongCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: OTP_MESSAGES.wrong, fields: { otp: OTP_MESSAGES.wrong } });
    const unknown = await verify('nobody.here@example.com', wrongCode(code));
    expect(unknown.json()).toEqual(res.json());
    expect(await confirmed(user._id)).toBe(false);
    // The right code still works after one wrong try.
    expect((await verify(body.email, code)).statusCode).toBe(200);
  });

  it('locks the code after 5 wrong tries, even for the right code', async () => {
    const { body, user } = await signup(t.app);
    const code = await lastCodeFor(t.app, body.email);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await verify(body.email, wrongCode(code))).json().message);
    expect(messages).toEqual(Array(5).fill(OTP_MESSAGES.wrong));
    const right = await verify(body.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(OTP_MESSAGES.wrong);
    expect(await confirmed(user._id)).toBe(false);

    // A new code resets the tries.
    const fresh = await requestCode(t.app, 'resend-otp', body.email);
    expect((await verify(body.email, fresh)).statusCode).toBe(200);
  });

  it('counts parallel guesses atomically: never more than 5 are checked', async () => {
    const { body } = await signup(t.app);
    const code = await lastCodeFor(t.app, body.email);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verify(body.email, wrongCode(code, 1 + i))),
    );
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    // The tries are claimed by one conditional update each: the count stops at 5, and the right
    // code, sent after, finds none left.
    const rows = await t.db
      .select({ attempts: oneTimeCodes.attempts })
      .from(oneTimeCodes)
      .innerJoin(users, eq(users.id, oneTimeCodes.userId))
      .where(eq(users.email, body.email));
    expect(rows).toEqual([{ attempts: 5 }]);
    expect((await verify(body.email, code)).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { body, user } = await signup(t.app);
    const code = await lastCodeFor(t.app, body.email);
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, user._id), eq(oneTimeCodes.purpose, 'verify_email')));
    const res = await verify(body.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTP_MESSAGES.wrong);
    expect(await confirmed(user._id)).toBe(false);
  });

  it('replaces the old code when a new one is sent', async () => {
    const { body, user } = await signup(t.app);
    const oldCode = await lastCodeFor(t.app, body.email);
    let newCode = oldCode;
    // A fresh code could by chance equal the old one (1 in 10,000); ask again until it differs.
    while (newCode === oldCode) newCode = await requestCode(t.app, 'resend-otp', body.email);
    const rows = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user._id));
    expect(rows).toHaveLength(1);
    const old = await verify(body.email, oldCode);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toMatch(/^That code is not correct/);
    expect((await verify(body.email, newCode)).statusCode).toBe(200);
  });

  it('answers resend alike for unknown, unconfirmed and confirmed addresses', async () => {
    const { body } = await signup(t.app);
    const answers = [];
    for (const email of ['nobody.here@example.com', body.email]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload: { email } });
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(await lastMailTo(t.app, 'nobody.here@example.com')).toBeUndefined();
  });

  it('refuses a code for an unknown e-mail and malformed codes', async () => {
    const unknown = await verify('nobody.at.all@example.com', '1234');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^That code is not correct/);
    const malformed = await verify('a@example.com', '12a4');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ otp: 'The code is 4 digits' });
  });
});

describe('sign-up rate limit', () => {
  const t = testApp();

  it('allows 10 sign-ups per hour from one address, then 429 with Retry-After', async () => {
    const from = '203.0.113.7';
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupBody(),
        remoteAddress: from,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(),
      remoteAddress: from,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(res.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(),
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(201);
  });
});
