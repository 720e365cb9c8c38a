import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, testApp } from '../../../test/build-test-app.ts';
import { insertUser, signedInUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { sessions, users } from './auth.schema.ts';
import { login, postSignup, signup, signupBody } from './auth.test-helpers.ts';
import { verifyPassword } from './password.ts';

const me = (t: TestApp, id: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: { authorization: `Bearer ${token}` } });

describe('login and logout', () => {
  const t = testApp({ rateLimits: false });

  it('logs in with a case-insensitive e-mail and returns token plus user', async () => {
    const { body, user } = await signup(t.app);
    const res = await login(t.app, `  ${body.email.toUpperCase()} `, body.password);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json.user).toEqual({
      _id: user._id,
      role: 'student',
      first_name: 'Chioma',
      last_name: 'Okafor',
      email: body.email,
    });
    expect(json.token.split('.')).toHaveLength(3);
    // An unconfirmed e-mail may log in; the profile says it still needs confirming.
    const profile = await me(t, user._id, json.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().isEmailConfirmed).toBe(false);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const user = await insertUser(t.db);
    const wrong = await login(t.app, user.email, 'not-the-password');
    const unknown = await login(t.app, 'no.such.person@example.com', TEST_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'The email or password is incorrect',
      });
    }
  });

  it('takes similar time for an unknown e-mail as for a wrong password', async () => {
    const user = await insertUser(t.db);
    const time = async (email: string) => {
      const start = performance.now();
      await login(t.app, email, 'not-the-password');
      return performance.now() - start;
    };
    await time(user.email); // warm up the dummy hash
    await time('warm.up@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
    // Both pay one argon2id verification; without the dummy check the unknown path would be ~10x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
  });

  it('validates the login body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: 'Enter a valid email address, like ada@example.com',
      password: 'Password is required',
    });
  });

  it('logs out with 204 and the token stops working at once', async () => {
    const { user, token, headers } = await signedInUser(t);
    expect((await me(t, user.id, token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const after = await me(t, user.id, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('You have been signed out. Please log in again.');
    // Logging out again with the dead token is refused too.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(401);
  });

  it('logout needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token with alg "none"', async () => {
    const { user, token } = await signedInUser(t);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.sub).toBe(user.id);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...payload, role: 'admin' })}.`;
    const res = await me(t, user.id, forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your sign-in is not valid. Please log in again.');
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/user/all',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(admin.statusCode).toBe(401);
  });

  it('refuses an expired token for a real session', async () => {
    const user = await insertUser(t.db);
    const [session] = await t.db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: new Date(Date.now() + 3600_000) })
      .returning();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'student' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setJti(session!.id)
      .setIssuer('studynest')
      .setAudience('studynest-web')
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await me(t, user.id, expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please log in again.');
  });

  it("refuses a deleted user's token", async () => {
    const { user, token } = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'admin' });
    const del = await send(t, admin, 'DELETE', `/api/user/${user.id}`);
    expect(del.statusCode).toBe(204);
    expect((await me(t, user.id, token)).statusCode).toBe(401);
    // They cannot log in again either.
    expect((await login(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it("ends an admin's session at once when the account stops being an admin outside the API", async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const list = () => send(t, admin, 'GET', '/api/user/all?limit=1');
    expect((await list()).statusCode).toBe(200); // the token's check is now in the read cache
    // No route demotes an admin: an operator does it in SQL, which empties no cache.
    await t.db.update(users).set({ role: 'student' }).where(eq(users.id, admin.user.id));
    const refused = await list();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('You have been signed out. Please log in again.');
    expect((await me(t, admin.user.id, admin.token)).statusCode).toBe(401);
    // Signing in again gives a student's session.
    const again = await login(t.app, admin.user.email, TEST_PASSWORD);
    expect(again.json().user.role).toBe('student');
  });

  it('lets a deleted address sign up afresh', async () => {
    const body = signupBody();
    const first = await signup(t.app, body);
    const admin = await signedInUser(t, { role: 'admin' });
    await send(t, admin, 'DELETE', `/api/user/${first.user._id}`);
    const again = await postSignup(t.app, body);
    expect(again.statusCode).toBe(201);
    expect(again.json().user._id).not.toBe(first.user._id);
    const rows = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(2);
  });
});

describe('login rate limits', () => {
  const t = testApp();

  it('nine wrong passwords from one address do not stop the right one from others', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 9; i++) {
      expect((await login(t.app, user.email, `wrong-${i}`, '203.0.113.1')).statusCode).toBe(401);
    }
    const res = await login(t.app, user.email, TEST_PASSWORD, '198.51.100.7');
    expect(res.statusCode, res.body).toBe(200);
    // And again from the owner's other device: their own logins do not use up anything.
    const again = await login(t.app, user.email, TEST_PASSWORD, '198.51.100.8');
    expect(again.statusCode, again.body).toBe(200);
  });

  it('stops one address after 10 wrong passwords for an account (429 with Retry-After), not the owner elsewhere', async () => {
    const user = await insertUser(t.db);
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, user.email, `wrong-${i}`, '203.0.113.2')).statusCode).toBe(401);
    }
    const stopped = await login(t.app, user.email, TEST_PASSWORD, '203.0.113.2');
    expect(stopped.statusCode).toBe(429);
    const retryAfter = Number(stopped.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(stopped.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(stopped.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    // The owner, from another address, is not stopped; nor is another account from the guessing one.
    expect((await login(t.app, user.email, TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    const other = await insertUser(t.db);
    expect((await login(t.app, other.email, TEST_PASSWORD, '203.0.113.2')).statusCode).toBe(200);
  });

  it('slows the account after many wrong passwords from anywhere, but the owner always gets in within a minute', async () => {
    // Only Date is faked: the limiters read it, while the database and timers run for real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const user = await insertUser(t.db);
      const waits: number[] = [];
      let wrong = 0;
      // More than the 100 an hour that used to lock the account for the rest of the hour, each
      // from its own address, waiting out each delay like a patient attacker would.
      for (let i = 0; wrong < 101 && i < 400; i++) {
        const res = await login(t.app, user.email, `wrong-${i}`, `10.9.${i >> 8}.${i & 255}`);
        if (res.statusCode === 429) {
          const wait = Number(res.headers['retry-after']);
          waits.push(wait);
          expect(res.json().message).toMatch(
            /^Too many wrong passwords for this account\. Try again in \d+ seconds?\.$/,
          );
          vi.setSystemTime(Date.now() + wait * 1000);
        } else {
          expect(res.statusCode).toBe(401);
          wrong += 1;
        }
      }
      expect(wrong).toBe(101);
      expect(Math.max(...waits)).toBeLessThanOrEqual(60);

      // The owner, from an address never seen: at most one wait of at most a minute, then in.
      const first = await login(t.app, user.email, TEST_PASSWORD, '198.51.100.8');
      if (first.statusCode === 429) {
        const wait = Number(first.headers['retry-after']);
        expect(wait).toBeLessThanOrEqual(60);
        vi.setSystemTime(Date.now() + wait * 1000);
        const second = await login(t.app, user.email, TEST_PASSWORD, '198.51.100.8');
        expect(second.statusCode, second.body).toBe(200);
      } else {
        expect(first.statusCode, first.body).toBe(200);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets an address the owner logged in from skip the account delay', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const user = await insertUser(t.db);
      expect((await login(t.app, user.email, TEST_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
      // 13 failures from new addresses, waiting out each delay: the account now waits 4 s.
      for (let i = 0, wrong = 0; wrong < 13 && i < 40; i++) {
        const res = await login(t.app, user.email, `wrong-${i}`, `10.8.0.${i + 1}`);
        if (res.statusCode === 429) vi.setSystemTime(Date.now() + Number(res.headers['retry-after']) * 1000);
        else wrong += 1;
      }
      const fresh = await login(t.app, user.email, TEST_PASSWORD, '198.51.100.10');
      expect(fresh.statusCode).toBe(429);
      expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(60);
      // A new address waits; the owner's own does not.
      expect((await login(t.app, user.email, TEST_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('allows 20 attempts per minute per address, then 429 with Retry-After', async () => {
    const from = '192.0.2.44';
    for (let i = 0; i < 20; i++) {
      const res = await login(t.app, `someone${i}@example.com`, 'whatever-password', from);
      expect(res.statusCode).toBe(401);
    }
    const res = await login(t.app, 'someone.else@example.com', 'whatever-password', from);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Too many attempts\. Try again in 1 minute\.$/);
    // A different address still gets an answer.
    expect((await login(t.app, 'someone.else@example.com', 'x', '192.0.2.45')).statusCode).toBe(401);
  });
});

describe('client address behind a proxy', () => {
  const burst = async (t: TestApp, from: string, forwardedFor: (i: number) => string) => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `spoof${i}@example.com`, password: 'whatever-password' },
        remoteAddress: from,
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('ignores X-Forwarded-For from a peer that is not a configured proxy, so the per-IP limit holds', async () => {
    const t = await buildTestApp();
    try {
      const codes = await burst(t, '203.0.113.7', (i) => `198.18.0.${i + 1}`);
      expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
      expect(codes[20]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For from a proxy named in TRUST_PROXY', async () => {
    const t = await buildTestApp({ trustProxy: ['203.0.113.7'] });
    try {
      const codes = await burst(t, '203.0.113.7', (i) => `198.18.0.${i + 1}`);
      expect(codes.every((c) => c === 401)).toBe(true);
      // The same header from anywhere else is still ignored.
      const spoofed = await burst(t, '203.0.113.8', (i) => `198.18.1.${i + 1}`);
      expect(spoofed[20]).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits off', () => {
  it('RATE_LIMITS=off lets many logins through', async () => {
    const t = await buildTestApp({ rateLimits: false });
    try {
      const user = await insertUser(t.db);
      for (let i = 0; i < 25; i++) {
        expect((await login(t.app, user.email, 'wrong-password')).statusCode).toBe(401);
      }
    } finally {
      await t.close();
    }
  });
});

describe('password pepper', () => {
  const PEPPER = 'pepper-pepper-pepper-pepper-pepper-0123';
  const t = testApp({ rateLimits: false, passwordPepper: PEPPER });

  it('hashes new passwords with the pepper, so the hash alone does not verify', async () => {
    const body = signupBody();
    await signup(t.app, body);
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.passwordPeppered).toBe(true);
    expect(await verifyPassword(row!.passwordHash, body.password)).toBe(false);
    expect(await verifyPassword(row!.passwordHash, body.password, PEPPER)).toBe(true);
    expect((await login(t.app, body.email, body.password)).statusCode).toBe(200);
  });

  it('moves an older hash to the peppered one at the next right login, and a wrong one changes nothing', async () => {
    const user = await insertUser(t.db);
    expect(user.passwordPeppered).toBe(false);
    expect((await login(t.app, user.email, 'not-the-password')).statusCode).toBe(401);
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged!.passwordHash).toBe(user.passwordHash);

    expect((await login(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const [upgraded] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(upgraded!.passwordPeppered).toBe(true);
    expect(upgraded!.passwordHash).not.toBe(user.passwordHash);
    expect((await login(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
