import { addDays, todayInLagos } from '@studynest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, insertUser, signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { tenancies } from '../tenancies/tenancies.schema.ts';

/**
 * Regression (docs/domain.md, "Reports"): the occupancy headline and its chart once disagreed
 * (14.3% beside a 0% chart) because the headline counted rooms whose status is `rented` and the
 * chart rooms with a running tenancy. One definition now serves both: a room is rented on a day
 * when one of its tenancies runs that day.
 */
describe('occupancy: one definition for the headline, the hostels and the chart', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const today = todayInLagos();
  const longAgo = new Date('2025-01-01T09:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedInUser(t, { role: 'admin' });
    const hostel = await insertHostel(t.db, { hostelName: 'Yaba Heights' });
    const room = (n: number, status: 'available' | 'rented', statusByHand = false) =>
      insertRoom(t.db, hostel.id, { roomNumber: `room 0${n}`, status, statusByHand, createdAt: longAgo });
    const let1 = await room(1, 'rented');
    // Marked rented by hand with no tenancy: nothing dates it, so it is not counted as rented.
    await room(2, 'rented', true);
    for (let n = 3; n <= 7; n += 1) await room(n, 'available');
    const tenant = await insertUser(t.db);
    await t.db.insert(tenancies).values({
      userId: tenant.id,
      roomId: let1.id,
      hostelId: hostel.id,
      startDate: addDays(today, -3),
      dueDate: addDays(today, 360),
    });
  });
  afterAll(() => t.close());

  it('the headline is the chart’s last point, read on the same day, with the same rooms', async () => {
    const res = await send(
      t,
      admin,
      'GET',
      `/api/admin/reports/occupancy?from=${today.slice(0, 8)}01&to=${today}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.as_of).toBe(today);
    expect(body.overall).toEqual({ rooms: 7, available: 5, booked: 0, rented: 1, rented_percent: 14.3 });
    expect(body.months).toEqual([{ month: today.slice(0, 7), rooms: 7, rented: 1, rented_percent: 14.3 }]);
    expect(body.hostels).toEqual([expect.objectContaining({ rooms: 7, rented: 1, rented_percent: 14.3 })]);
  });

  it('a past period is read on its last day: the headline is that day’s, not today’s', async () => {
    const res = await send(t, admin, 'GET', '/api/admin/reports/occupancy?from=2025-06-01&to=2025-06-30');
    const body = res.json();
    expect(body.as_of).toBe('2025-06-30');
    expect(body.overall).toMatchObject({ rooms: 7, rented: 0, rented_percent: 0 });
    expect(body.months.at(-1)).toMatchObject({ rooms: 7, rented: 0, rented_percent: 0 });
  });
});
