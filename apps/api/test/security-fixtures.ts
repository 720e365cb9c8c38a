import { BUSINESS } from '@studynest/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { issueCode } from '../src/modules/auth/otp.ts';
import { tenancies } from '../src/modules/tenancies/tenancies.schema.ts';
import type { TestApp } from './build-test-app.ts';
import { insertHostel, insertRoom, insertTenancy, insertUser } from './factories.ts';
import { send } from './requests.ts';

/** Shared set-up for the authorisation matrix and the bad-input suites (not a test file itself). */

export type Op = { method: string; path: string; key: string; hasBody: boolean };

/** Every operation of the OpenAPI document as 'METHOD /path/{param}'. */
export async function openApiOperations(t: TestApp): Promise<Op[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const m = method.toUpperCase();
      ops.push({ method: m, path, key: `${m} ${path}`, hasBody: Boolean(op.requestBody) });
    }
  }
  return ops;
}

let n = 0;
export const unique = (prefix: string) => `${prefix}${++n}x${Date.now().toString(36)}`;

/** A hostel of its own, so a room in it never collides with another room number. */
export async function freshRoom(db: Db, overrides: Parameters<typeof insertRoom>[2] = {}) {
  const hostel = await insertHostel(db);
  return insertRoom(db, hostel.id, overrides);
}

/**
 * A maintenance report by `student`, who becomes the tenant of a fresh room the first time (a
 * student may report from their running tenancy only).
 */
/** The person's running tenancy: theirs already, or a fresh one in a rented room of a new hostel. */
export async function ensureTenancy(t: TestApp, userId: string): Promise<string> {
  const [tenancy] = await t.db
    .select({ id: tenancies.id })
    .from(tenancies)
    .where(and(eq(tenancies.userId, userId), isNull(tenancies.endedAt)))
    .limit(1);
  if (tenancy) return tenancy.id;
  return (await insertTenancy(t.db, await freshRoom(t.db, { status: 'rented' }), userId, '2027-06-30')).id;
}

export async function maintenanceReport(
  t: TestApp,
  student: { user: { id: string }; headers: Record<string, string> },
) {
  await ensureTenancy(t, student.user.id);
  const res = await send(t, student, 'POST', '/api/maintenance', {
    category: 'water',
    description: 'No water since morning.',
    urgency: 'normal',
  });
  if (res.statusCode !== 201) throw new Error(`maintenance report failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { _id: string })._id;
}

/** An unconfirmed account holding a live one-time code for `purpose`. */
export async function userWithCode(t: TestApp, purpose: 'verify_email' | 'reset_password') {
  const user = await insertUser(t.db, {
    email: `${unique('code')}@example.com`,
    isEmailConfirmed: purpose !== 'verify_email',
  });
  const otp = await issueCode(t.db, t.config.jwtSecret, user.id, purpose);
  return { user, otp };
}

/** Valid signup fields with a fresh address. */
export const signupFields = () => ({
  first_name: 'Chidi',
  last_name: 'Okafor',
  gender: 'male',
  email: `${unique('signup')}@example.com`,
  phone_number: '08031234567',
  password: 'lagoon-harmattan-kettle-9',
});

/** A JPEG-less text field check relies on this: the OTP length the server wants. */
export const OTP_LENGTH = BUSINESS.otpLength;

/**
 * Row count and an md5 of every row of every table in the public schema, in one query,
 * so "nothing changed" can be asserted after each rejected write.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const names = tables.rows.map((r) => r.table_name).filter((name) => !name.startsWith('__drizzle'));
  // Bookkeeping that any request may write (a session's last use, refreshed once a minute) is not
  // part of what a rejected request must leave alone.
  const row = (name: string) => (name === 'sessions' ? `(to_jsonb(t) - 'last_seen_at')::text` : 't::text');
  const parts = names.map(
    (name) =>
      `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(${row(name)}, ',' order by ${row(name)})), '-') as fp from "${name}" t`,
  );
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { name: string; fp: string }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.name, r.fp]));
}
