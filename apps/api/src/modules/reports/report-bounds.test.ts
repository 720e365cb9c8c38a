import { reportLastDate } from '@studynest/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, insertUser, signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { payments } from '../payments/payments.schema.ts';
import { csvLine } from './csv.ts';

/**
 * Regressions (docs/domain.md, "Reports"): a period's dates lie between 2000-01-01 and 31 December
 * of next year on every report and export, else a 400 naming the field and the range (dates the
 * server once took gave 500s deep in date arithmetic); and a CSV field holding `;` is quoted, for
 * spreadsheets that split on it.
 */
describe('report periods and the CSV separator', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const get = (url: string) => send(t, admin, 'GET', url);

  const urls = [
    ...['revenue', 'occupancy', 'arrears', 'funnel', 'refunds'].map((k) => `/api/admin/reports/${k}`),
    ...['payments', 'tenants', 'bookings', 'arrears', 'refunds'].map((k) => `/api/admin/exports/${k}.csv`),
  ];
  const last = reportLastDate();
  const range = `between 2000-01-01 and ${last}`;
  const dayAfterLast = `${Number(last.slice(0, 4)) + 1}-01-01`;
  const outOfRange: [string, Record<string, string>][] = [
    ['from=1999-12-31&to=2000-01-31', { from: `from must be ${range}` }],
    ['from=1899-12-01&to=1899-12-31', { from: `from must be ${range}`, to: `to must be ${range}` }],
    ['from=0001-01-01&to=0001-12-31', { from: `from must be ${range}`, to: `to must be ${range}` }],
    ['from=9999-01-01&to=9999-12-31', { from: `from must be ${range}`, to: `to must be ${range}` }],
    [`from=${last}&to=${dayAfterLast}`, { to: `to must be ${range}` }],
  ];

  it.each(urls)('%s: a date outside the range is a 400 naming the field and the range', async (url) => {
    for (const [query, fields] of outOfRange) {
      const res = await get(`${url}?${query}`);
      expect(res.statusCode, `${url}?${query}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().fields, `${url}?${query}`).toEqual(fields);
    }
  });

  it.each(urls)('%s: both ends of the range are answered', async (url) => {
    for (const query of ['from=2000-01-01&to=2000-01-31', `from=${last.slice(0, 4)}-12-01&to=${last}`]) {
      const res = await get(`${url}?${query}`);
      expect(res.statusCode, `${url}?${query}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('quotes a field holding a semicolon, as it does a comma', () => {
    expect(csvLine(['Yaba; Annex', 'a,b', 'plain', 7])).toBe('"Yaba; Annex","a,b",plain,7\r\n');
  });

  it('a hostel and a name holding `;` come out quoted in a real export', async () => {
    const hostel = await insertHostel(t.db, { hostelName: 'Yaba; Annex' });
    const room = await insertRoom(t.db, hostel.id, { roomNumber: 'room 02' });
    const user = await insertUser(t.db, { firstName: 'Chidi', lastName: 'Okafor;Eze' });
    const at = new Date('2026-02-10T10:00:00Z');
    await t.db.insert(payments).values({
      reference: 'SN-SEMI-001',
      userId: user.id,
      kind: 'rent',
      roomId: room.id,
      hostelId: hostel.id,
      amount: 600_000,
      provider: 'sandbox',
      status: 'success',
      paidAt: at,
      createdAt: at,
    });
    const res = await get('/api/admin/exports/payments.csv?from=2026-02-01&to=2026-02-28');
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.startsWith('SN-SEMI-001,'));
    expect(line).toContain(',Chidi,"Okafor;Eze",');
    expect(line).toMatch(/,"Yaba; Annex",room 02$/);
    // Read back as CSV, every column is where the header says.
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.reference === 'SN-SEMI-001')).toMatchObject({
      last_name: 'Okafor;Eze',
      hostel: 'Yaba; Annex',
      room: 'room 02',
    });
  });
});
