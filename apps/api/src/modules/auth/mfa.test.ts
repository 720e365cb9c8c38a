import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { insertUser, signedInUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { users } from './auth.schema.ts';
import { lastMailTo } from './auth.test-helpers.ts';
import { base32Decode, base32Encode, matchTotp, otpauthUrl, totpAt } from './totp.ts';

const STEP = 30_000;

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1 secret "12345678901234567890", last 6 of the 8 digits.
  const secret = base32Encode(Buffer.from('12345678901234567890'));
  it.each([
    [59, '287082'],
    [1_111_111_109, '081804'],
    [1_111_111_111, '050471'],
    [1_234_567_890, '005924'],
    [2_000_000_000, '279037'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpAt(secret, seconds * 1000)).toBe(code);
  });

  it('accepts one step either side of now and nothing further', () => {
    const now = 1_700_000_000_000;
    expect(matchTotp(secret, totpAt(secret, now - STEP), now)).not.toBeNull();
    expect(matchTotp(secret, totpAt(secret, now + STEP), now)).not.toBeNull();
    expect(matchTotp(secret, totpAt(secret, now - 3 * STEP), now)).toBeNull();
    expect(matchTotp(secret, '000000', now)).toBe(
      totpAt(secret, now) === '000000' ? Math.floor(now / STEP) : null,
    );
  });

  it('round-trips base32 and builds an otpauth link the apps read', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ada@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/StudyNest:ada@example.com');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('StudyNest');
  });
});

describe('two-step sign-in for admins', () => {
  const t = testApp({ rateLimits: false });

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const login = (email: string, totp?: string) =>
    send(t, anonymous, 'POST', '/api/auth/login', {
      email,
      password: TEST_PASSWORD,
      ...(totp ? { totp } : {}),
    });

  async function adminWithTwoStep() {
    const admin = await signedInUser(t, { role: 'admin' });
    const setup = await post('/api/auth/mfa/setup', admin.headers);
    expect(setup.statusCode, setup.body).toBe(201);
    const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
    expect(otpauth_url).toContain(`secret=${secret}`);
    const enabledAt = Date.now();
    const usedCode = totpAt(secret, enabledAt);
    const on = await post('/api/auth/mfa/enable', admin.headers, { code: usedCode });
    expect(on.statusCode, on.body).toBe(200);
    return { ...admin, secret, usedCode, enabledAt };
  }

  it('is turned on with the first code, keeps the secret encrypted, and tells the owner', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const status = await send(t, admin, 'GET', '/api/auth/mfa');
    expect(status.json()).toEqual({ enabled: false, required: false });
    const { secret } = (await post('/api/auth/mfa/setup', admin.headers)).json() as { secret: string };
    const wrong = await post('/api/auth/mfa/enable', admin.headers, {
      code: totpAt(secret, Date.now() - 10 * STEP),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toMatch(/not correct/);

    expect(
      (await post('/api/auth/mfa/enable', admin.headers, { code: totpAt(secret, Date.now()) })).statusCode,
    ).toBe(200);
    const after = await send(t, admin, 'GET', '/api/auth/mfa');
    expect(after.json()).toEqual({ enabled: true, required: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.totpSecret).toBeTruthy();
    expect(row!.totpSecret).not.toContain(secret);
    expect((await lastMailTo(t.app, admin.user.email))?.subject).toBe(
      'StudyNest: Two-step sign-in was turned on',
    );
    const again = await post('/api/auth/mfa/setup', admin.headers);
    expect(again.statusCode).toBe(409);
  });

  it('asks for the code at login, refuses a wrong or replayed one, and accepts the current one', async () => {
    const admin = await adminWithTwoStep();
    const none = await login(admin.user.email);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'totp_required', fields: { totp: expect.any(String) } });
    expect(none.json()).not.toHaveProperty('token');

    const wrong = await login(admin.user.email, totpAt(admin.secret, Date.now() - 10 * STEP));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('totp_required');

    // The code used to turn it on cannot be used again; the next step's can, once.
    const replay = await login(admin.user.email, admin.usedCode);
    expect(replay.statusCode).toBe(401);
    // A right password with a used code may mean the code was watched: the owner is told.
    expect((await lastMailTo(t.app, admin.user.email))?.subject).toBe(
      'StudyNest: Someone tried to sign in with your password and a two-step code that was already used',
    );
    const nextCode = totpAt(admin.secret, admin.enabledAt + STEP);
    const next = await login(admin.user.email, nextCode);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().token).toBeTruthy();
    const replayedNext = await login(admin.user.email, nextCode);
    expect(replayedNext.statusCode).toBe(401);

    // A wrong password is still just a wrong password (the code is not asked for first).
    const badPassword = await send(t, anonymous, 'POST', '/api/auth/login', {
      email: admin.user.email,
      password: 'nope-nope-nope',
    });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().code).toBeUndefined();
  });

  it('signs other sessions out when turned on, and is turned off only with the password and a code', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const other = await signedInUser(t, { role: 'admin' });
    const otherSession = await send(t, anonymous, 'POST', '/api/auth/login', {
      email: admin.user.email,
      password: TEST_PASSWORD,
    });
    const otherToken = otherSession.json().token as string;
    const { secret } = (await post('/api/auth/mfa/setup', admin.headers)).json() as { secret: string };
    await post('/api/auth/mfa/enable', admin.headers, { code: totpAt(secret, Date.now()) });
    const stale = await t.app.inject({
      method: 'GET',
      url: `/api/user/${admin.user.id}`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(stale.statusCode).toBe(401);

    const noPassword = await post('/api/auth/mfa/disable', admin.headers, {
      password: 'wrong-password',
      code: totpAt(secret, Date.now() + STEP),
    });
    expect(noPassword.statusCode).toBe(400);
    const off = await post('/api/auth/mfa/disable', admin.headers, {
      password: TEST_PASSWORD,
      code: totpAt(secret, Date.now() + STEP),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(admin.user.email)).statusCode).toBe(200);
    // Another admin's two-step state is not theirs to change: these routes act on the caller only.
    const status = await send(t, other, 'GET', '/api/auth/mfa');
    expect(status.json().enabled).toBe(false);
  });

  it("lets another admin reset a lost phone's two-step sign-in: sessions end, the owner is told", async () => {
    const owner = await adminWithTwoStep();
    const helper = await signedInUser(t, { role: 'admin' });
    const reset = () => post(`/api/user/${owner.user.id}/two-step/reset`, helper.headers);
    const res = await reset();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(owner.user.email);
    const stale = await send(t, owner, 'GET', `/api/user/${owner.user.id}`);
    expect(stale.statusCode).toBe(401);
    expect((await lastMailTo(t.app, owner.user.email))?.subject).toBe(
      `StudyNest: Two-step sign-in was reset by an admin (${helper.user.email})`,
    );
    // The password alone logs in again; the code is no longer asked for.
    expect((await login(owner.user.email)).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(409);
    const own = await post(`/api/user/${helper.user.id}/two-step/reset`, helper.headers);
    expect(own.statusCode).toBe(409);
    const audit = await send(t, helper, 'GET', '/api/admin/audit?limit=5');
    expect(audit.json()).toContainEqual(
      expect.objectContaining({
        action: 'POST /api/user/:id/two-step/reset',
        target_id: owner.user.id,
        actor: expect.objectContaining({ _id: helper.user.id, email: helper.user.email }),
      }),
    );
    const list = await send(t, helper, 'GET', '/api/user/all');
    const row = (list.json() as { _id: string; two_step?: boolean }[]).find((u) => u._id === owner.user.id);
    expect(row?.two_step).toBe(false);
  });

  it('is for admins only', async () => {
    const student = await signedInUser(t);
    const res = await post('/api/auth/mfa/setup', student.headers);
    expect(res.statusCode).toBe(403);
  });

  describe('with ADMIN_MFA=required', () => {
    const strict = testApp({ rateLimits: false, adminMfaRequired: true });

    it('keeps admin pages closed until the admin has set it up, and says so at login', async () => {
      const admin = await insertUser(strict.db, { role: 'admin' });
      const res = await send(strict, anonymous, 'POST', '/api/auth/login', {
        email: admin.email,
        password: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.mfa_setup_required).toBe(true);
      const headers = { authorization: `Bearer ${res.json().token}` };

      const users = await strict.app.inject({ method: 'GET', url: '/api/user/all', headers });
      expect(users.statusCode).toBe(403);
      expect(users.json().code).toBe('mfa_setup_required');
      // Reading someone else's profile is an admin power too; one's own profile is not.
      const student = await insertUser(strict.db);
      const theirs = await strict.app.inject({ method: 'GET', url: `/api/user/${student.id}`, headers });
      expect(theirs.json().code).toBe('mfa_setup_required');
      const own = await strict.app.inject({ method: 'GET', url: `/api/user/${admin.id}`, headers });
      expect(own.statusCode).toBe(200);

      const setup = await strict.app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers });
      const { secret } = setup.json() as { secret: string };
      const on = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/enable',
        headers,
        payload: { code: totpAt(secret, Date.now()) },
      });
      expect(on.statusCode).toBe(200);
      expect((await strict.app.inject({ method: 'GET', url: '/api/user/all', headers })).statusCode).toBe(
        200,
      );
    });

    it('does not ask students for anything more', async () => {
      const student = await insertUser(strict.db);
      const res = await send(strict, anonymous, 'POST', '/api/auth/login', {
        email: student.email,
        password: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).not.toHaveProperty('mfa_setup_required');
    });
  });
});

describe('wrong two-step codes at login', () => {
  const t = testApp();

  it('count as failed logins for the address that sends them, not for the owner elsewhere', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: admin.headers, ...(payload ? { payload } : {}) });
    const { secret } = (await post('/api/auth/mfa/setup')).json() as { secret: string };
    expect((await post('/api/auth/mfa/enable', { code: totpAt(secret, Date.now()) })).statusCode).toBe(200);
    const login = (totp: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.user.email, password: TEST_PASSWORD, totp },
        remoteAddress,
      });

    const wrong = totpAt(secret, Date.now() - 10 * STEP);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(wrong, '203.0.113.60')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const right = await login(totpAt(secret, Date.now() + STEP), '198.51.100.60');
    expect(right.statusCode, right.body).toBe(200);
  });
});
