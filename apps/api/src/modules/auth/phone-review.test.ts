import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createPostgresDatabase,
  type TestApp,
  usingPostgres,
} from '../../../test/build-test-app.ts';
import { signedInUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import type { Config } from '../../config/env.ts';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from '../../db/client.ts';
import { phoneReviews, users } from './auth.schema.ts';
import { hashPassword } from './password.ts';
import { checkStoredPhones } from './phone-review.service.ts';
import { issueToken } from './tokens.ts';

/** Our migrations up to and including `tag`, as a folder drizzle's migrator reads. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'studynest-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type OlderDatabase = {
  query: (text: string, values?: unknown[]) => Promise<unknown>;
  /** What buildTestApp needs to open (and so migrate) this database as the server would. */
  config: Partial<Config>;
  close: () => Promise<void>;
  drop: () => Promise<void>;
};

/** A database migrated up to `tag` only, on the engine the suite runs on, as an install of that time. */
async function databaseAt(tag: string): Promise<OlderDatabase> {
  const folder = migrationsUpTo(tag);
  try {
    if (usingPostgres()) {
      const made = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
      const pool = new pg.Pool({ connectionString: made.url, max: 1 });
      await migratePg(drizzlePg(pool), { migrationsFolder: folder });
      return {
        query: (text, values) => pool.query(text, values),
        config: { databaseUrl: made.url },
        close: () => pool.end(),
        drop: made.drop,
      };
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studynest-phones-'));
    mkdirSync(path.join(dataDir, 'db'));
    const client = new PGlite(path.join(dataDir, 'db'), { extensions: PGLITE_EXTENSIONS });
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    return {
      query: (text, values) => client.query(text, values),
      // The embedded database in that data directory: opened and migrated as a server start does.
      config: { databaseUrl: undefined, pgliteTemplate: undefined, dataDir },
      close: () => client.close(),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Accounts as they were stored before the phone rule: [label, phone, emergency phone]. */
const BEFORE: [string, string, string][] = [
  ['local', '08031234567', ''],
  ['spaced', '0803 123 4568', '0805-123-4567'],
  ['country-code', '2348031234569', ''],
  ['plus-spaced', '+234 803 123 4570', ''],
  ['no-prefix', '803 123 4571', ''],
  ['bracketed', '(0803) 123-4576', ''],
  ['already', '+2348031234572', ''],
  ['landline', '01 234 5678', '08031234573'],
  // The old check took any 070…: 0700 is no network's.
  ['old-range', '07001234567', ''],
  ['e164-shaped', '+2347001234567', ''],
  ['foreign', '+44 20 7123 4567', ''],
  ['bad-contact', '08031234574', '12345'],
  ['gone', '01 111 1111', ''],
];

describe('migration 0022: stored phone numbers to E.164, the rest kept for admins', () => {
  let older: OlderDatabase;
  let t: TestApp;
  const ids: Record<string, string> = {};
  const row = async (label: string) =>
    (
      await t.db
        .select()
        .from(users)
        .where(eq(users.id, ids[label] as string))
    )[0];

  beforeAll(async () => {
    older = await databaseAt('0021_reconciliation');
    const hash = await hashPassword(TEST_PASSWORD);
    for (const [label, phone, emergency] of BEFORE) {
      const inserted = (await older.query(
        `insert into users (first_name, last_name, gender, email, phone_number, emergency_phone, password_hash, deleted_at)
         values ($1, 'Before', 'female', $2, $3, $4, $5, $6) returning id`,
        [label, `${label}@phones.test`, phone, emergency, hash, label === 'gone' ? new Date() : null],
      )) as { rows: { id: string }[] };
      ids[label] = inserted.rows[0]?.id as string;
    }
    // The start-up admin's placeholder of old.
    const admin = (await older.query(
      `insert into users (first_name, last_name, gender, email, phone_number, password_hash, role, is_email_confirmed)
       values ('studynest', 'admin', 'female', 'boot@phones.test', '08000000000', $1, 'admin', true) returning id`,
      [hash],
    )) as { rows: { id: string }[] };
    ids.startupAdmin = admin.rows[0]?.id as string;
    await older.close();
    // A server start: migrations (0022 lists the numbers), then the check at start.
    t = await buildTestApp(older.config);
  });
  afterAll(async () => {
    await t?.close();
    await older?.drop();
  });

  it('rewrites every number that can be a Nigerian mobile to E.164, however it was typed', async () => {
    expect((await row('local'))?.phoneNumber).toBe('+2348031234567');
    expect(await row('spaced')).toMatchObject({
      phoneNumber: '+2348031234568',
      emergencyPhone: '+2348051234567',
    });
    expect((await row('country-code'))?.phoneNumber).toBe('+2348031234569');
    expect((await row('plus-spaced'))?.phoneNumber).toBe('+2348031234570');
    expect((await row('no-prefix'))?.phoneNumber).toBe('+2348031234571');
    expect((await row('bracketed'))?.phoneNumber).toBe('+2348031234576');
    expect((await row('already'))?.phoneNumber).toBe('+2348031234572');
    // A bad own number does not hold back a good emergency contact's, and the reverse.
    expect(await row('landline')).toMatchObject({
      phoneNumber: '01 234 5678',
      emergencyPhone: '+2348031234573',
    });
    expect(await row('bad-contact')).toMatchObject({
      phoneNumber: '+2348031234574',
      emergencyPhone: '12345',
    });
    // No number is not a number to review.
    expect((await row('local'))?.emergencyPhone).toBe('');
    expect((await row('startupAdmin'))?.phoneNumber).toBe('');
  });

  it('keeps the others unchanged, listed as open, and nothing is left pending', async () => {
    for (const label of ['old-range', 'e164-shaped', 'foreign', 'gone']) {
      expect((await row(label))?.phoneNumber, label).toBe(BEFORE.find(([l]) => l === label)?.[1]);
    }
    const reviews = await t.db
      .select({
        userId: phoneReviews.userId,
        field: phoneReviews.field,
        value: phoneReviews.value,
        status: phoneReviews.status,
      })
      .from(phoneReviews);
    const labelOf = Object.fromEntries(Object.entries(ids).map(([label, id]) => [id, label]));
    expect(reviews.map((r) => `${labelOf[r.userId]} ${r.field} ${r.value} ${r.status}`).sort()).toEqual([
      'bad-contact emergency_phone 12345 open',
      'e164-shaped phone_number +2347001234567 open',
      'foreign phone_number +44 20 7123 4567 open',
      'gone phone_number 01 111 1111 open',
      'landline phone_number 01 234 5678 open',
      'old-range phone_number 07001234567 open',
    ]);
    // A later start finds nothing to do.
    expect(await checkStoredPhones(t.app.deps)).toEqual({ rewritten: 0, kept: 0 });
  });

  it('lists them for admins only, live accounts only, until the person gives a number', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const student = await signedInUser(t);
    expect((await send(t, student, 'GET', '/api/admin/phone-reviews')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/phone-reviews' })).statusCode).toBe(401);

    const list = async () => {
      const res = await send(t, admin, 'GET', '/api/admin/phone-reviews');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { user: { _id: string; email: string }; field: string; value: string }[];
    };
    const before = await list();
    expect(before.map((r) => `${r.user.email} ${r.field} ${r.value}`).sort()).toEqual([
      'bad-contact@phones.test emergency_phone 12345',
      'e164-shaped@phones.test phone_number +2347001234567',
      'foreign@phones.test phone_number +44 20 7123 4567',
      'landline@phones.test phone_number 01 234 5678',
      'old-range@phones.test phone_number 07001234567',
    ]);
    expect(before[0]).toEqual({
      user: {
        _id: expect.any(String),
        first_name: expect.any(String),
        last_name: 'Before',
        email: expect.any(String),
        role: 'student',
      },
      field: expect.any(String),
      value: expect.any(String),
      listed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // The person gives a mobile on their profile: the number leaves the list, in the same write.
    const [landline] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, ids.landline as string));
    const token = await issueToken(t.db, t.config.jwtSecret, landline!);
    const me = { headers: { authorization: `Bearer ${token}` } };
    const refused = await send(t, me, 'PATCH', '/api/user/profile', { phone_number: '01 234 5678' });
    expect(refused.statusCode).toBe(400);
    expect((await list()).some((r) => r.user._id === ids.landline)).toBe(true);
    const fixed = await send(t, me, 'PATCH', '/api/user/profile', { phone_number: '0803 123 4575' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().phone_number).toBe('+2348031234575');
    expect((await list()).some((r) => r.user._id === ids.landline)).toBe(false);
    // Only the number given leaves: a contact's bad number stays until the contact is changed.
    const [badContact] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, ids['bad-contact'] as string));
    const other = {
      headers: { authorization: `Bearer ${await issueToken(t.db, t.config.jwtSecret, badContact!)}` },
    };
    await send(t, other, 'PATCH', '/api/user/profile', {
      first_name: 'Renamed',
      phone_number: '08031234574',
    });
    expect((await list()).some((r) => r.user._id === ids['bad-contact'])).toBe(true);
    await send(t, other, 'PATCH', '/api/user/profile', { emergency_contact: { phone: '' } });
    expect((await list()).some((r) => r.user._id === ids['bad-contact'])).toBe(false);
  });

  it('checks each pending number once when processes start together', async () => {
    // Numbers a migration listed, more than one batch of them, checked by two starts at once.
    await t.db.execute(sql`
      insert into users (first_name, last_name, gender, email, phone_number, password_hash)
      select 'Many', 'Before', 'female', 'many' || n || '@phones.test',
        case when n % 10 = 0 then '01 ' || (2000000 + n) else '0805 ' || (1000000 + n) end, 'x'
      from generate_series(1, 1200) as n`);
    await t.db.execute(sql`
      insert into phone_reviews (user_id, field, value)
      select id, 'phone_number', phone_number from users where email like 'many%@phones.test'`);
    const [a, b] = await Promise.all([checkStoredPhones(t.app.deps), checkStoredPhones(t.app.deps)]);
    expect((a?.rewritten ?? 0) + (b?.rewritten ?? 0)).toBe(1080);
    expect((a?.kept ?? 0) + (b?.kept ?? 0)).toBe(120);
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like 'many%@phones.test' and ${users.phoneNumber} not like '+234805%'`);
    expect(left?.n).toBe(120);
  });
});
