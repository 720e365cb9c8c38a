import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { insertUser, signedInUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { anonymous, type Caller, send, sendForm } from '../../../test/requests.ts';
import { LAST_ADMIN_MESSAGE } from '../auth/accounts.service.ts';
import { sessions, users } from '../auth/auth.schema.ts';
import { login, multipart, signupBody } from '../auth/auth.test-helpers.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('admin-only routes', () => {
  const t = testApp({ rateLimits: false });

  it('answers anonymous callers with 401 and students with 403 on every admin route', async () => {
    const student = await signedInUser(t);
    const victim = await insertUser(t.db);
    const routes = [
      { method: 'GET' as const, url: '/api/user/all' },
      { method: 'DELETE' as const, url: `/api/user/${victim.id}` },
      { method: 'POST' as const, url: '/api/auth/admin/signup', payload: signupBody() },
    ];
    for (const r of routes) {
      const anon = await t.app.inject(r);
      expect(anon.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(anon.json().message).toBe('Please log in to continue');
      const res = await t.app.inject({ ...r, headers: student.headers });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json()).toMatchObject({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Only admins can do this',
      });
    }
    // Nothing happened.
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(row?.deletedAt).toBeNull();
    expect(await t.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(0);
  });

  it('lists users for admins without any password field, excluding deleted ones', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const keep = await insertUser(t.db);
    const gone = await insertUser(t.db, { deletedAt: new Date() });
    const res = await send(t, admin, 'GET', '/api/user/all');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|hash|argon2/i);
    const list = res.json() as Record<string, unknown>[];
    const ids = list.map((u) => u._id);
    expect(ids).toContain(keep.id);
    expect(ids).toContain(admin.user.id);
    expect(ids).not.toContain(gone.id);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        '_id',
        'created_at',
        'email',
        'first_name',
        'gender',
        'isEmailConfirmed',
        'last_name',
        'phone_number',
        'role',
      ].sort(),
    );
    expect(Number(res.headers['x-total-count'])).toBe(list.length);

    const page = await send(t, admin, 'GET', '/api/user/all?limit=1&offset=1');
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0]._id).toBe(ids[1]);
    const bad = await send(t, admin, 'GET', '/api/user/all?limit=0');
    expect(bad.statusCode).toBe(400);
  });

  const adminSignup = (admin: Caller, body: object) => send(t, admin, 'POST', '/api/auth/admin/signup', body);

  it('creates an admin from JSON, lowercasing names, gender and e-mail, e-mail confirmed', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const body = signupBody({
      first_name: 'NGOZI',
      last_name: 'Eze',
      gender: 'FEMALE',
      email: 'New.Admin@Example.COM',
      phone_number: '234-805-123-4567',
    });
    const res = await adminSignup(admin, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({
      first_name: 'ngozi',
      last_name: 'eze',
      gender: 'female',
      email: 'new.admin@example.com',
      phone_number: '+2348051234567',
      role: 'admin',
      isEmailConfirmed: true,
    });
    const li = await login(t.app, 'new.admin@example.com', body.password);
    expect(li.statusCode).toBe(200);
    expect(li.json().user.role).toBe('admin');
    // Same rules as sign-up: duplicate and common password refused.
    const dup = await adminSignup(admin, body);
    expect(dup.statusCode).toBe(409);
    const weak = await adminSignup(admin, signupBody({ password: 'password123' }));
    expect(weak.statusCode).toBe(400);
    // The phone rule too: a number that cannot be a Nigerian mobile is refused, naming the field.
    const foreign = await adminSignup(admin, signupBody({ phone_number: '+1 212 555 0100' }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({
      phone_number: 'Enter a Nigerian mobile number (+234…): we can only send texts to Nigerian mobiles',
    });
  });

  it('creates an admin from a multipart form', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const form = multipart(signupBody());
    const res = await sendForm(t, admin, 'POST', '/api/auth/admin/signup', form);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.role).toBe('admin');
    const bad = multipart({ email: 'nope' });
    const invalid = await sendForm(t, admin, 'POST', '/api/auth/admin/signup', bad);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.email).toBe('Enter a valid email address, like ada@example.com');
  });
});

describe('profiles', () => {
  const t = testApp({ rateLimits: false });

  it('shows a user their own profile with the payment parts empty', async () => {
    const me = await signedInUser(t, { isEmailConfirmed: false });
    const res = await send(t, me, 'GET', `/api/user/${me.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: me.user.id,
      first_name: me.user.firstName,
      last_name: me.user.lastName,
      gender: 'female',
      email: me.user.email,
      phone_number: '+2348031234567',
      role: 'student',
      isEmailConfirmed: false,
      created_at: me.user.createdAt.toISOString(),
      emergency_contact: { name: '', relationship: '', phone: '', address: '' },
      hostel: null,
      agentFeePayment: null,
      roomPricePayment: null,
      cautionFeePayment: null,
      rentDetails: null,
      moveOutStatement: null,
      notify_email: true,
      notify_sms: true,
      // No news and offers until she says yes (docs/domain.md, "Consent").
      marketing_email: false,
      marketing_sms: false,
    });
  });

  it("refuses another student's profile with 403, lets an admin see it, 404 for unknown ids", async () => {
    const me = await signedInUser(t);
    const other = await insertUser(t.db);
    const admin = await signedInUser(t, { role: 'admin' });
    const denied = await send(t, me, 'GET', `/api/user/${other.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You can only see your own profile');
    const seen = await send(t, admin, 'GET', `/api/user/${other.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()._id).toBe(other.id);
    const unknown = await send(t, admin, 'GET', `/api/user/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    const malformed = await send(t, admin, 'GET', '/api/user/not-an-id');
    expect(malformed.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'GET', url: `/api/user/${other.id}` });
    expect(anon.statusCode).toBe(401);
  });

  it('updates own name, phone and emergency contact, and keeps them', async () => {
    const me = await signedInUser(t);
    const res = await send(t, me, 'PATCH', '/api/user/profile', {
      first_name: '  Amaka ',
      phone_number: '+234 803 123 4568',
      emergency_contact: {
        name: 'Ifeoma Obi',
        relationship: 'Mother',
        phone: '0805 123 4567',
        address: '12 Ogui Road, Enugu',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Amaka',
      last_name: me.user.lastName,
      phone_number: '+2348031234568',
      emergency_contact: {
        name: 'Ifeoma Obi',
        relationship: 'Mother',
        phone: '+2348051234567',
        address: '12 Ogui Road, Enugu',
      },
    });
    // PUT works too, and a partial emergency contact keeps the other lines.
    const put = await send(t, me, 'PUT', '/api/user/profile', {
      last_name: 'Nwosu',
      emergency_contact: { relationship: 'Aunt' },
    });
    expect(put.statusCode).toBe(200);
    const again = await send(t, me, 'GET', `/api/user/${me.user.id}`);
    expect(again.json()).toMatchObject({
      first_name: 'Amaka',
      last_name: 'Nwosu',
      emergency_contact: {
        name: 'Ifeoma Obi',
        relationship: 'Aunt',
        phone: '+2348051234567',
        address: '12 Ogui Road, Enugu',
      },
    });
  });

  it('turns optional e-mails and texts off and on, and shows the choice on the profile', async () => {
    const me = await signedInUser(t);
    const off = await send(t, me, 'PATCH', '/api/user/profile', { notify_sms: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ notify_email: true, notify_sms: false });
    const read = await send(t, me, 'GET', `/api/user/${me.user.id}`);
    expect(read.json()).toMatchObject({ notify_email: true, notify_sms: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ notifyEmail: true, notifySms: false });
    // PUT too, both at once; the other fields stay as they were.
    const put = await send(t, me, 'PUT', '/api/user/profile', { notify_email: false, notify_sms: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      first_name: me.user.firstName,
      notify_email: false,
      notify_sms: true,
    });
    // An admin looking at the profile sees the choice too.
    const admin = await signedInUser(t, { role: 'admin' });
    const seen = await send(t, admin, 'GET', `/api/user/${me.user.id}`);
    expect(seen.json()).toMatchObject({ notify_email: false, notify_sms: true });
  });

  it('refuses a message preference that is not true or false, and changes nothing', async () => {
    const me = await signedInUser(t);
    for (const bad of ['no', 0, null, 'false']) {
      const res = await send(t, me, 'PATCH', '/api/user/profile', { first_name: 'Changed', notify_sms: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().fields).toEqual({ notify_sms: 'notify_sms must be true or false' });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ firstName: me.user.firstName, notifyEmail: true, notifySms: true });
  });

  it('validates profile changes and writes nothing when any field is wrong', async () => {
    const me = await signedInUser(t);
    const res = await send(t, me, 'PATCH', '/api/user/profile', {
      first_name: 'Valid',
      last_name: '',
      phone_number: '123',
      emergency_contact: { phone: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      last_name: 'Last name is required',
      phone_number: 'Enter a Nigerian mobile number of 11 digits, like 0803 123 4567 or +234 803 123 4567',
      'emergency_contact.phone':
        'Enter a Nigerian mobile number of 11 digits, like 0803 123 4567 or +234 803 123 4567',
    });
    // A landline cannot take a text; a foreign number is told why.
    const landline = await send(t, me, 'PATCH', '/api/user/profile', { phone_number: '01 234 5678' });
    expect(landline.statusCode).toBe(400);
    expect(landline.json().fields).toEqual({
      phone_number: 'Enter a Nigerian mobile number of 11 digits, like 0803 123 4567 or +234 803 123 4567',
    });
    const foreign = await send(t, me, 'PATCH', '/api/user/profile', { phone_number: '+44 20 7123 4567' });
    expect(foreign.json().fields).toEqual({
      phone_number: 'Enter a Nigerian mobile number (+234…): we can only send texts to Nigerian mobiles',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.firstName).toBe(me.user.firstName);
    expect(row?.phoneNumber).toBe('+2348031234567');
    // Fields outside the form (role, email) are not changed through the profile.
    const sneaky = await send(t, me, 'PATCH', '/api/user/profile', {
      role: 'admin',
      email: 'other@example.com',
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({ role: 'student', email: me.user.email });
    const anon = await send(t, anonymous, 'PATCH', '/api/user/profile', { first_name: 'X' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('deleting users', () => {
  const t = testApp({ rateLimits: false });

  it('soft-deletes a student, revokes their sessions, and hides them from the list', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const student = await signedInUser(t);
    const res = await send(t, admin, 'DELETE', `/api/user/${student.user.id}`);
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, student.user.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, student.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await send(t, student, 'GET', `/api/user/${student.user.id}`)).statusCode).toBe(401);
    expect((await send(t, admin, 'GET', `/api/user/${student.user.id}`)).statusCode).toBe(404);
    expect((await send(t, admin, 'DELETE', `/api/user/${student.user.id}`)).statusCode).toBe(404);
    expect((await send(t, admin, 'DELETE', `/api/user/${UNKNOWN_ID}`)).statusCode).toBe(404);
  });

  it('never deletes the last admin; self-deletion only while another admin remains', async () => {
    const a = await signedInUser(t, { role: 'admin' });
    // The first test's admin is still there; delete it so `a` is the only one.
    const others = await t.db.select().from(users).where(eq(users.role, 'admin'));
    for (const o of others.filter((o) => o.id !== a.user.id && !o.deletedAt)) {
      expect((await send(t, a, 'DELETE', `/api/user/${o.id}`)).statusCode).toBe(204);
    }
    const last = await send(t, a, 'DELETE', `/api/user/${a.user.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ statusCode: 409, error: 'Conflict', message: LAST_ADMIN_MESSAGE });

    const b = await signedInUser(t, { role: 'admin' });
    const self = await send(t, a, 'DELETE', `/api/user/${a.user.id}`);
    expect(self.statusCode).toBe(204);
    // a's token died with the account; b is now the last admin.
    expect((await send(t, a, 'GET', '/api/user/all')).statusCode).toBe(401);
    const lastAgain = await send(t, b, 'DELETE', `/api/user/${b.user.id}`);
    expect(lastAgain.statusCode).toBe(409);
  });

  it('keeps one admin when two admins delete each other at the same moment', async () => {
    const admins = await t.db.select().from(users).where(eq(users.role, 'admin'));
    const liveAdmins = admins.filter((a) => !a.deletedAt);
    expect(liveAdmins).toHaveLength(1);
    const c = await signedInUser(t, { role: 'admin' });
    const b = liveAdmins[0]!;
    const bToken = (await login(t.app, b.email, TEST_PASSWORD)).json().token;
    const results = await Promise.all([
      t.app.inject({
        method: 'DELETE',
        url: `/api/user/${c.user.id}`,
        headers: { authorization: `Bearer ${bToken}` },
      }),
      send(t, c, 'DELETE', `/api/user/${b.id}`),
    ]);
    const codes = results.map((r) => r.statusCode);
    const remaining = (await t.db.select().from(users).where(eq(users.role, 'admin'))).filter(
      (a) => !a.deletedAt,
    );
    expect(remaining.length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => [204, 401, 409].includes(c))).toBe(true);
  });
});
