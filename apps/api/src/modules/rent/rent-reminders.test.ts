import { addDays, addMonths, DEFAULT_SETTINGS, todayInLagos } from '@studynest/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  type TestApp,
  twoProcessesOnOneDatabase,
  usingPostgres,
} from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { insertHostel, insertRoom, insertTenancy, signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { messageDeliveries } from '../messages/messages.schema.ts';
import { initiateRentOk, payAtCheckout, verify } from '../payments/payments.fixtures.ts';
import { tenancies } from '../tenancies/tenancies.schema.ts';
import { recordRentReminders, reminderStep } from './rent-reminders.service.ts';

describe('rent reminders and arrears', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const today = todayInLagos();
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** A tenant of a rented room whose rent falls due `daysLeft` days from today (negative: overdue). */
  async function tenantDueIn(daysLeft: number, user: Parameters<typeof signedInUser>[1] = {}) {
    const hostel = await insertHostel(t.db, { hostelName: `Reminder Lodge ${daysLeft}` });
    const room = await insertRoom(t.db, hostel.id, { status: 'rented', price: 480_000 });
    const tenant = await signedInUser(t, { firstName: 'Chiamaka', phoneNumber: '08035550303', ...user });
    const dueDate = addDays(today, daysLeft);
    const tenancy = await insertTenancy(t.db, room, tenant.user.id, dueDate);
    return { hostel, room, tenant, tenancy, dueDate };
  }

  /** What the 09:00 schedule does: one job on the queue, picked up by a worker. */
  async function runMorningJob() {
    expect(await t.app.deps.jobs.runNow('rent.reminders')).toEqual(expect.any(String));
    t.app.deps.jobs.wake('rent.reminders');
  }

  const deliveriesFor = (tenancyId: string) =>
    t.db
      .select()
      .from(messageDeliveries)
      .where(like(messageDeliveries.dedupeKey, `rent-reminder:${tenancyId}:%`));

  it('knows which step falls on a day', () => {
    expect(reminderStep(DEFAULT_SETTINGS, '2026-12-25', '2026-11-25')).toBe('before-30');
    expect(reminderStep(DEFAULT_SETTINGS, '2026-12-25', '2026-12-25')).toBe('before-0');
    expect(reminderStep(DEFAULT_SETTINGS, '2026-12-25', '2027-01-01')).toBe('after-7');
    expect(reminderStep(DEFAULT_SETTINGS, '2026-12-25', '2026-12-20')).toBeNull();
    // 29 Feb 2028 + 30 days ahead: the calendar, not 30 × 24 h.
    expect(reminderStep(DEFAULT_SETTINGS, '2028-03-30', '2028-02-29')).toBe('before-30');
  });

  it('the 09:00 job e-mails and texts a tenant a month ahead, with the amount, the room and the date, once', async () => {
    const { tenant, tenancy, dueDate, room, hostel } = await tenantDueIn(30);
    await runMorningJob();
    const mail = await eventually(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${tenant.user.email}` });
      return (res.json() as { subject: string; text: string }[])[0];
    });
    expect(mail.subject).toBe(
      `StudyNest: rent for ${room.roomNumber}, ${hostel.hostelName} is due in 30 days`,
    );
    expect(mail.text).toContain('₦480,000');
    expect(mail.text).toContain(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${dueDate}T00:00:00Z`),
      ),
    );
    // Not a security or payment notice: it says how to stop these.
    expect(mail.text).toContain('/unsubscribe?token=');
    const text = await eventually(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?to=%2B2348035550303' });
      return (res.json() as { text: string }[])[0];
    });
    expect(text.text).toContain('₦480,000');

    // A second run of the day (another process, a retry) records nothing new.
    await recordRentReminders(t.app.deps, today);
    const rows = await deliveriesFor(tenancy.id);
    expect(rows.map((r) => [r.channel, r.dedupeKey]).sort()).toEqual([
      ['email', `rent-reminder:${tenancy.id}:${dueDate}:before-30:email`],
      ['sms', `rent-reminder:${tenancy.id}:${dueDate}:before-30:sms`],
    ]);
  });

  it('two processes running the same morning record each reminder once', async () => {
    const { tenancy } = await tenantDueIn(7);
    const [a, b] = await Promise.all([
      recordRentReminders(t.app.deps, today),
      recordRentReminders(t.app.deps, today),
    ]);
    const mine = (await deliveriesFor(tenancy.id)).map((r) => r.id);
    expect(mine).toHaveLength(2);
    expect([...a, ...b].filter((id) => mine.includes(id)).sort()).toEqual([...mine].sort());
  });

  it('follows the settings: other days, no texts, nothing on a day not listed', async () => {
    const { tenancy: five } = await tenantDueIn(5);
    await recordRentReminders(t.app.deps, today);
    expect(await deliveriesFor(five.id)).toEqual([]);

    const put = await send(t, admin, 'PUT', '/api/admin/settings', {
      reminder_days_before: [5],
      overdue_days_after: [2],
      reminder_sms: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    await recordRentReminders(t.app.deps, today);
    expect((await deliveriesFor(five.id)).map((r) => r.channel)).toEqual(['email']);
    await send(t, admin, 'PUT', '/api/admin/settings', DEFAULT_SETTINGS);
  });

  it('skips tenants who turned reminders off by e-mail, and deleted accounts', async () => {
    const { tenancy, tenant } = await tenantDueIn(1, { notifyEmail: false, notifySms: false });
    const { tenancy: gone } = await tenantDueIn(1, { deletedAt: new Date() });
    await runMorningJob();
    const row = await eventually(async () => {
      const [r] = await deliveriesFor(tenancy.id);
      return r && r.status !== 'queued' && r.status !== 'sending' ? r : null;
    });
    expect(row.status).toBe('cancelled');
    expect(await deliveriesFor(gone.id)).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${tenant.user.email}` });
    expect(res.json()).toEqual([]);
  });

  it('lists arrears most overdue first, with the amount and when the tenant was last told', async () => {
    const late7 = await tenantDueIn(-7);
    const late20 = await tenantDueIn(-20);
    await tenantDueIn(0); // due today: not in arrears yet
    await runMorningJob();
    await eventually(async () => {
      const [r] = await deliveriesFor(late7.tenancy.id);
      return r?.status === 'sent';
    });
    const res = await send(t, admin, 'GET', '/api/admin/arrears');
    expect(res.statusCode).toBe(200);
    const items = res.json() as {
      user: { _id: string };
      daysOverdue: number;
      amountOwed: number;
      lastReminderAt: string | null;
      rentDueDate: string;
    }[];
    const mine = items.filter((i) => [late7.tenant.user.id, late20.tenant.user.id].includes(i.user._id));
    expect(mine.map((i) => [i.user._id, i.daysOverdue, i.amountOwed, i.rentDueDate])).toEqual([
      [late20.tenant.user.id, 20, 480_000, late20.dueDate],
      [late7.tenant.user.id, 7, 480_000, late7.dueDate],
    ]);
    // Day 7 is an overdue step, day 20 is not.
    expect(mine[1]?.lastReminderAt).toEqual(expect.any(String));
    expect(mine[0]?.lastReminderAt).toBeNull();
    expect(items.every((i) => i.daysOverdue > 0)).toBe(true);
  });

  it('paying rent cancels reminders about the old due date that have not gone out', async () => {
    const { tenant, tenancy, room } = await tenantDueIn(30);
    // Recorded but not dispatched: as if the morning run had just written them.
    const ids = await recordRentReminders(t.app.deps, today);
    const mine = await deliveriesFor(tenancy.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => ids.includes(r.id) && r.status === 'queued')).toBe(true);

    const { checkoutLink, reference } = await initiateRentOk(t, tenant, room);
    await payAtCheckout(t, checkoutLink);
    expect((await verify(t, tenant, reference)).json().status).toBe('success');
    const [renewed] = await t.db.select().from(tenancies).where(eq(tenancies.id, tenancy.id));
    expect(renewed?.dueDate).toBe(addMonths(tenancy.dueDate, 12));
    expect((await deliveriesFor(tenancy.id)).map((r) => r.status)).toEqual(mine.map(() => 'cancelled'));
  });
});

if (usingPostgres())
  describe('rent reminders with two API processes on one database', () => {
    const procs = twoProcessesOnOneDatabase();

    it('both run the morning job; each tenant is reminded once, by e-mail and by text', async () => {
      const tenants = [];
      for (let i = 0; i < 5; i++) {
        const hostel = await insertHostel(procs.t.db);
        const room = await insertRoom(procs.t.db, hostel.id, { status: 'rented' });
        const tenant = await signedInUser(procs.t, { phoneNumber: `0803555${String(1000 + i)}` });
        await insertTenancy(procs.t.db, room, tenant.user.id, addDays(todayInLagos(), 7));
        tenants.push(tenant);
      }
      // The 09:00 schedule fired on each process (as after a failover), each queueing a run.
      for (const app of [procs.t.app, procs.second, procs.t.app, procs.second]) {
        await app.deps.jobs.runNow('rent.reminders');
        app.deps.jobs.wake('rent.reminders');
      }
      for (const tenant of tenants) {
        const rows = await eventually(async () => {
          const r = await procs.t.db
            .select()
            .from(messageDeliveries)
            .where(eq(messageDeliveries.userId, tenant.user.id));
          return r.length === 2 && r.every((d) => d.status === 'sent') ? r : null;
        });
        expect(rows.map((d) => d.channel).sort()).toEqual(['email', 'sms']);
      }
      // Give any later run time to (wrongly) add more, then count again.
      await new Promise((r) => setTimeout(r, 1500));
      for (const tenant of tenants) {
        const mails = (
          await procs.t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${tenant.user.email}` })
        ).json() as unknown[];
        expect(mails).toHaveLength(1);
      }
    });
  });
