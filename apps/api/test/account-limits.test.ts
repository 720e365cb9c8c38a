import { randomUUID } from 'node:crypto';
import { addDays, addMonths, todayInLagos } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, type AccountLimitName, accountLimitReached } from '../src/lib/account-limits.ts';
import { SLOT } from '../src/modules/payments/payments.fixtures.ts';
import { dataExports } from '../src/modules/users/users.schema.ts';
import { type TestApp, testApp } from './build-test-app.ts';
import {
  insertHostel,
  insertRoom,
  insertTenancy,
  type SignedIn,
  signedInUser,
  TEST_PASSWORD,
} from './factories.ts';
import { send } from './requests.ts';

type Row = {
  /** Who may call the route: a student or an admin (a fresh one each time). */
  role: 'student' | 'admin';
  /** Made once per account before its calls (a running tenancy, a hostel). */
  setup?: (t: TestApp, who: SignedIn) => Promise<unknown>;
  /** The `i`-th call as `who` (0-based), and the status it has while under the limit. */
  call: (t: TestApp, who: SignedIn, i: number) => ReturnType<typeof send>;
  passes: number;
};

/** `who` rents a room of a new hostel, due in six months. */
async function aTenant(t: TestApp, who: SignedIn) {
  const room = await insertRoom(t.db, (await insertHostel(t.db)).id);
  await insertTenancy(t.db, room, who.user.id, addMonths(todayInLagos(), 6));
}

const PERIOD = 'from=2026-01-01&to=2026-03-31';
/** Passwords to change between: never a common one, never the one set now. */
const passwordAt = (i: number) => (i === 0 ? TEST_PASSWORD : `plantain river notebook ${i}`);

/**
 * One row per limit a route counts per account. Where a call that does its work needs much set
 * up (a refund needs a paid payment), the row asks for something that does not exist: the limit
 * counts the request all the same, before the work is looked at.
 */
const ROWS: Record<Exclude<AccountLimitName, 'receipt-downloads' | 'payment-initiations'>, Row> = {
  'tenancy-notices': {
    role: 'student',
    setup: aTenant,
    call: (t, who, i) =>
      send(t, who, 'POST', '/api/tenancy/notice', {
        move_out_on: addDays(todayInLagos(), t.config.site.tenantNoticeDays + i),
      }),
    passes: 200,
  },
  agreements: {
    role: 'student',
    // A room that does not exist: the limit counts the request before the room is looked for.
    call: (t, who) => send(t, who, 'GET', `/api/agreements/rent?room_id=${randomUUID()}`),
    passes: 404,
  },
  'data-exports': {
    role: 'student',
    // Each request finds none pending (the job may not have run yet), so each is a new request.
    call: async (t, who) => {
      await t.db.delete(dataExports).where(eq(dataExports.userId, who.user.id));
      return send(t, who, 'POST', '/api/user/data-exports');
    },
    passes: 202,
  },
  'password-changes': {
    role: 'student',
    call: (t, who, i) =>
      send(t, who, 'POST', '/api/auth/change-password', {
        current_password: passwordAt(i),
        new_password: passwordAt(i + 1),
      }),
    passes: 200,
  },
  'password-confirmations': {
    role: 'student',
    call: (t, who) => send(t, who, 'POST', '/api/auth/confirm-password', { password: TEST_PASSWORD }),
    passes: 200,
  },
  'two-step-changes': {
    role: 'admin',
    call: (t, who) => send(t, who, 'POST', '/api/auth/mfa/setup'),
    passes: 201,
  },
  bookings: {
    role: 'student',
    call: (t, who) =>
      send(t, who, 'POST', '/api/bookings', {
        hostel_id: randomUUID(),
        room_id: randomUUID(),
        inspection_date_time: `${addDays(todayInLagos(), 1)}_${SLOT}`,
      }),
    passes: 404,
  },
  'payment-verifications': {
    role: 'student',
    call: (t, who) => send(t, who, 'POST', '/api/payments/verify', { reference: 'SN-AF-NOSUCHREFERENCE' }),
    passes: 404,
  },
  'message-previews': {
    role: 'admin',
    setup: async (t) => aTenant(t, await signedInUser(t)),
    call: (t, who) =>
      send(t, who, 'POST', '/api/admin/messages/preview', {
        channel: 'email',
        audience: { type: 'tenants' },
        subject: 'Water off on Saturday',
        body: 'Hello {first_name}',
      }),
    passes: 200,
  },
  'message-sends': {
    role: 'admin',
    call: (t, who) => send(t, who, 'POST', `/api/admin/messages/${randomUUID()}/retry`),
    passes: 404,
  },
  refunds: {
    role: 'admin',
    call: (t, who) =>
      send(t, who, 'POST', '/api/admin/refunds', {
        reference: 'SN-AF-NOSUCHREFERENCE',
        amount: 1000,
        reason: 'Test',
      }),
    passes: 404,
  },
  'refund-checks': {
    role: 'admin',
    call: (t, who) => send(t, who, 'POST', `/api/admin/refunds/${randomUUID()}/check`),
    passes: 404,
  },
  'reconciliation-runs': {
    role: 'admin',
    call: (t, who) => send(t, who, 'POST', '/api/admin/reconciliation', { date: todayInLagos() }),
    passes: 200,
  },
  reports: {
    role: 'admin',
    call: (t, who, i) =>
      send(t, who, 'GET', `/api/admin/reports/${i % 2 ? 'revenue' : 'occupancy'}?${PERIOD}`),
    passes: 200,
  },
  exports: {
    role: 'admin',
    call: (t, who) => send(t, who, 'GET', `/api/admin/exports/payments.csv?${PERIOD}`),
    passes: 200,
  },
  'hostel-saves': {
    role: 'admin',
    call: (t, who) => send(t, who, 'PATCH', `/api/hostels/${randomUUID()}`),
    passes: 404,
  },
  'room-photo-uploads': {
    role: 'admin',
    call: (t, who) => send(t, who, 'POST', `/api/rooms/${randomUUID()}/photos`),
    passes: 404,
  },
  // Counted before the form is read: a JSON body is refused (400) all the same.
  'document-uploads': {
    role: 'student',
    call: (t, who) => send(t, who, 'POST', '/api/documents', { kind: 'passport' }),
    passes: 400,
  },
};

describe('limits per account', () => {
  const t = testApp();

  const account = async (row: Row) => {
    const who = await signedInUser(t, { role: row.role });
    await row.setup?.(t, who);
    return who;
  };

  it.each(Object.entries(ROWS) as [AccountLimitName, Row][])(
    '%s: lets one account through up to its limit, then 429 with Retry-After and what to do; another account is unaffected',
    async (name, row) => {
      const { points } = ACCOUNT_LIMITS[name];
      const who = await account(row);
      for (let i = 0; i < points; i++) {
        const res = await row.call(t, who, i);
        expect(res.statusCode, `${name} call ${i + 1}: ${res.body}`).toBe(row.passes);
      }
      const refused = await row.call(t, who, points);
      expect(refused.statusCode, refused.body).toBe(429);
      const { windowSeconds } = ACCOUNT_LIMITS[name];
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(windowSeconds - 100);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      expect(refused.json().message).toBe(accountLimitReached(name, retryAfter).message);
      expect(refused.json().message).toMatch(
        windowSeconds === 3600
          ? /^This account has .+ in the last hour, the most we allow\. Try again in 60 minutes\.$/
          : /^This account has .+ in the last day, the most we allow\. Try again in 24 hours\.$/,
      );

      const other = await account(row);
      expect((await row.call(t, other, 0)).statusCode).toBe(row.passes);
    },
  );

  it('does not count a request its guard refuses, or a body that is not valid', async () => {
    const student = await signedInUser(t);
    const { points } = ACCOUNT_LIMITS['message-previews'];
    for (let i = 0; i <= points; i++) {
      const res = await send(t, student, 'POST', '/api/admin/messages/preview', { channel: 'email' });
      expect(res.statusCode).toBe(403);
    }
    const admin = await account(ROWS['message-previews']);
    for (let i = 0; i <= points; i++) {
      const res = await send(t, admin, 'POST', '/api/admin/messages/preview', { channel: 'pigeon' });
      expect(res.statusCode).toBe(400);
    }
    const fine = await ROWS['message-previews'].call(t, admin, 0);
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('limits per account with RATE_LIMITS=off', () => {
  const t = testApp({ rateLimits: false });

  it('counts nothing', async () => {
    const who = await signedInUser(t);
    for (let i = 0; i <= ACCOUNT_LIMITS['password-confirmations'].points; i++) {
      const res = await ROWS['password-confirmations'].call(t, who, i);
      expect(res.statusCode).toBe(200);
    }
  });
});
