import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testApp } from '../../../test/build-test-app.ts';
import { insertUser, signedInUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { describeDevice } from './account.service.ts';
import { sessions } from './auth.schema.ts';
import { lastMailTo, login } from './auth.test-helpers.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('account security', () => {
  const t = testApp({ rateLimits: false });

  const loginAs = async (email: string, password = TEST_PASSWORD, userAgent = ANDROID_CHROME) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': userAgent },
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const profileStatus = async (userId: string, token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/user/${userId}`, headers: bearer(token) })).statusCode;

  describe('change password', () => {
    it('needs the current password, keeps this session, ends the others and e-mails the owner', async () => {
      const user = await insertUser(t.db);
      const here = await loginAs(user.email);
      const elsewhere = await loginAs(user.email, TEST_PASSWORD, IPHONE_SAFARI);

      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(here),
        payload: { current_password: 'not-my-password', new_password: 'river-bank-at-dusk-3' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual({ current_password: 'That password is not correct' });
      expect(await profileStatus(user.id, elsewhere)).toBe(200);

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(here),
        payload: { current_password: TEST_PASSWORD, new_password: 'river-bank-at-dusk-3' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toMatch(/changed/);
      expect(await profileStatus(user.id, here)).toBe(200);
      expect(await profileStatus(user.id, elsewhere)).toBe(401);
      expect((await login(t.app, user.email, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(t.app, user.email, 'river-bank-at-dusk-3')).statusCode).toBe(200);
      const notice = await lastMailTo(t.app, user.email);
      expect(notice?.subject).toBe('StudyNest: Your password was changed');
      expect(notice?.text).toContain('If it was not, reset your password');
      // When, as people write it (22 Nov 2026, 2:05 pm), never a 24-hour clock.
      expect(notice?.text).toMatch(
        /just now \(\d{1,2} [A-Z][a-z]{2} \d{4}, (1[0-2]|[1-9]):[0-5]\d (am|pm), Lagos time\)/,
      );
    });

    it('refuses a common or unchanged new password, saying which field', async () => {
      const { headers } = await signedInUser(t);
      const common = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers,
        payload: { current_password: TEST_PASSWORD, new_password: 'password123' },
      });
      expect(common.statusCode).toBe(400);
      expect(Object.keys(common.json().fields)).toEqual(['new_password']);
      const same = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers,
        payload: { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD },
      });
      expect(same.statusCode).toBe(400);
      expect(same.json().fields.new_password).toMatch(/different/);
    });

    it('counts wrong current passwords with failed logins: 429 for this address after 10, not for the owner elsewhere', async () => {
      const limited = await buildTestApp();
      try {
        const { headers, user } = await signedInUser(limited);
        const confirm = (password: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/auth/confirm-password',
            headers,
            payload: { password },
            remoteAddress: '203.0.113.5',
          });
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) statuses.push((await confirm(`wrong-${i}`)).statusCode);
        expect(statuses).toEqual([...Array(10).fill(400), 429]);
        // This address (where a stolen session might be used) is stopped, even for the right password…
        expect((await confirm(TEST_PASSWORD)).statusCode).toBe(429);
        // …and the owner can still log in from their own.
        expect((await login(limited.app, user.email, TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('sessions', () => {
    it('lists where the account is signed in, marks this one, and signs one or all others out', async () => {
      const user = await insertUser(t.db);
      const phone = await loginAs(user.email, TEST_PASSWORD, ANDROID_CHROME);
      const laptop = await loginAs(user.email, TEST_PASSWORD, IPHONE_SAFARI);
      const third = await loginAs(user.email, TEST_PASSWORD, '');

      const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(phone) });
      expect(list.statusCode).toBe(200);
      const rows = list.json() as { _id: string; device: string; current: boolean }[];
      expect(rows.map((r) => r.device).sort()).toEqual([
        'Chrome on Android',
        'Safari on iOS',
        'Unknown device',
      ]);
      expect(rows.filter((r) => r.current).map((r) => r.device)).toEqual(['Chrome on Android']);

      const laptopRow = rows.find((r) => r.device === 'Safari on iOS')!;
      const end = await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${laptopRow._id}`,
        headers: bearer(phone),
      });
      expect(end.statusCode).toBe(204);
      expect(await profileStatus(user.id, laptop)).toBe(401);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${laptopRow._id}`,
        headers: bearer(phone),
      });
      expect(again.statusCode).toBe(404);

      const others = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-others',
        headers: bearer(phone),
      });
      expect(others.json()).toEqual({ message: 'Signed out of 1 other device.', signed_out: 1 });
      expect(await profileStatus(user.id, third)).toBe(401);
      expect(await profileStatus(user.id, phone)).toBe(200);
    });

    it('asks for the password again before ending sessions when it was entered over 15 minutes ago', async () => {
      const user = await insertUser(t.db);
      const here = await loginAs(user.email);
      const there = await loginAs(user.email, TEST_PASSWORD, IPHONE_SAFARI);
      await t.db
        .update(sessions)
        .set({ authenticatedAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(sessions.userId, user.id));
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-others',
        headers: (await signedInUser(t)).headers,
      });

      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-others',
        headers: bearer(here),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('reauth_required');
      expect(await profileStatus(user.id, there)).toBe(200);

      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-password',
        headers: bearer(here),
        payload: { password: TEST_PASSWORD },
      });
      expect(confirmed.statusCode).toBe(200);
      const ended = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-others',
        headers: bearer(here),
      });
      expect(ended.json().signed_out).toBe(1);
      expect(await profileStatus(user.id, there)).toBe(401);
    });

    it("cannot see or end another person's sessions", async () => {
      const a = await signedInUser(t);
      const b = await signedInUser(t);
      const [bSession] = await t.db.select().from(sessions).where(eq(sessions.userId, b.user.id));
      const list = await send(t, a, 'GET', '/api/auth/sessions');
      expect((list.json() as { _id: string }[]).map((s) => s._id)).not.toContain(bSession!.id);
      const end = await send(t, a, 'DELETE', `/api/auth/sessions/${bSession!.id}`);
      expect(end.statusCode).toBe(404);
      expect(await profileStatus(b.user.id, b.token)).toBe(200);
    });

    it('ends an admin session after 30 idle minutes and a student session after 72 idle hours', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const student = await signedInUser(t);
      const idle = async (userId: string, ms: number) =>
        t.db
          .update(sessions)
          .set({ lastSeenAt: new Date(Date.now() - ms) })
          .where(eq(sessions.userId, userId));
      await idle(admin.user.id, 29 * 60_000);
      await idle(student.user.id, 71 * 3_600_000);
      // A write empties the token cache, so the next requests read the aged rows.
      await send(t, admin, 'POST', '/api/auth/logout-others');
      expect(await profileStatus(admin.user.id, admin.token)).toBe(200);
      expect(await profileStatus(student.user.id, student.token)).toBe(200);

      await idle(admin.user.id, 31 * 60_000);
      await idle(student.user.id, 73 * 3_600_000);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-others',
        headers: (await signedInUser(t)).headers,
      });
      const adminRes = await send(t, admin, 'GET', `/api/user/${admin.user.id}`);
      expect(adminRes.statusCode).toBe(401);
      expect(adminRes.json().message).toMatch(/without activity/);
      expect(await profileStatus(student.user.id, student.token)).toBe(401);
    });

    it('refreshes last-seen at most once a minute while the session is used', async () => {
      const { user, headers } = await signedInUser(t);
      const lastSeen = async () =>
        (await t.db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!.lastSeenAt.getTime();
      // Used 30 s ago: not written again (the write request also empties the token cache).
      const halfAMinuteAgo = new Date(Date.now() - 30_000);
      await t.db.update(sessions).set({ lastSeenAt: halfAMinuteAgo }).where(eq(sessions.userId, user.id));
      await t.app.inject({ method: 'POST', url: '/api/auth/logout-others', headers });
      await t.app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers });
      expect(await lastSeen()).toBe(halfAMinuteAgo.getTime());
      // Used 2 minutes ago: written now. (Another account's write first empties the token cache,
      // which still holds the session as read by the GET above.)
      await t.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 120_000) })
        .where(eq(sessions.userId, user.id));
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-others',
        headers: (await signedInUser(t)).headers,
      });
      await t.app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers });
      expect(Date.now() - (await lastSeen())).toBeLessThan(10_000);
    });

    it('gives admins 12-hour sessions and students 7-day ones', async () => {
      const admin = await insertUser(t.db, { role: 'admin' });
      const student = await insertUser(t.db);
      await loginAs(admin.email);
      await loginAs(student.email);
      const [a] = await t.db.select().from(sessions).where(eq(sessions.userId, admin.id));
      const [s] = await t.db.select().from(sessions).where(eq(sessions.userId, student.id));
      const hours = (row: typeof a) => (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
      expect(Math.round(hours(a))).toBe(12);
      expect(Math.round(hours(s))).toBe(7 * 24);
    });
  });

  describe('recent password for sensitive admin actions', () => {
    it('asks an admin who logged in over 15 minutes ago to confirm the password, then lets them', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const victim = await insertUser(t.db);
      await t.db
        .update(sessions)
        .set({ authenticatedAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(sessions.userId, admin.user.id));
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-others',
        headers: (await signedInUser(t)).headers,
      });

      const del = () => send(t, admin, 'DELETE', `/api/user/${victim.id}`);
      const refused = await del();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'reauth_required',
        message: expect.stringMatching(/confirm your password/),
      });
      const signupRefused = await send(t, admin, 'POST', '/api/auth/admin/signup', {
        first_name: 'Bola',
        last_name: 'Ade',
        gender: 'male',
        email: `bola.${Date.now()}@example.com`,
        phone_number: '08031234567',
        password: 'admin-kettle-lagoon',
      });
      expect(signupRefused.json().code).toBe('reauth_required');

      const wrong = await send(t, admin, 'POST', '/api/auth/confirm-password', { password: 'not-it' });
      expect(wrong.statusCode).toBe(400);
      expect((await del()).statusCode).toBe(403);

      const ok = await send(t, admin, 'POST', '/api/auth/confirm-password', { password: TEST_PASSWORD });
      expect(ok.statusCode).toBe(200);
      const until = Date.parse(ok.json().confirmed_until);
      expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
      expect((await del()).statusCode).toBe(204);
    });
  });

  describe('admin audit log', () => {
    it('records what admins changed (not what was refused), newest first, for admins only', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const student = await signedInUser(t);
      const created = await send(t, admin, 'POST', '/api/hostels', {
        hostel_name: `Audit Lodge ${Date.now()}`,
        address: '4 Aba Road, Nsukka',
        hostel_details: 'x',
      });
      expect(created.statusCode).toBe(201);
      const hostelId = created.json()._id as string;
      const refused = await send(t, admin, 'PATCH', `/api/hostels/${hostelId}`, {
        hostel_details: ['not text'],
      });
      expect(refused.statusCode).toBe(400);
      const closed = await send(t, admin, 'POST', `/api/hostels/${hostelId}/close`);
      expect(closed.statusCode).toBe(200);

      const log = await send(t, admin, 'GET', '/api/admin/audit?limit=2');
      expect(log.statusCode).toBe(200);
      expect(Number(log.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
      const [newest, before] = log.json() as {
        actor: { email: string };
        action: string;
        target_id: string | null;
        status_code: number;
      }[];
      expect(newest).toMatchObject({
        actor: { email: admin.user.email },
        action: 'POST /api/hostels/:id/close',
        target_id: hostelId,
        status_code: 200,
      });
      expect(before).toMatchObject({ action: 'POST /api/hostels', target_id: null, status_code: 201 });
      const denied = await send(t, student, 'GET', '/api/admin/audit');
      expect(denied.statusCode).toBe(403);
    });
  });

  it('names common browsers and systems from their User-Agent', () => {
    expect(describeDevice(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(describeDevice(IPHONE_SAFARI)).toBe('Safari on iOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(describeDevice('')).toBe('Unknown device');
    expect(describeDevice('curl/8.4.0')).toBe('curl/8.4.0');
  });
});
