import { addDays, addMonths, todayInLagos } from '@studynest/contracts';
import type { AdminOverview } from '@studynest/contracts/admin-overview';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maintenanceRequests } from '../src/modules/maintenance/maintenance.schema.ts';
import {
  bookAndPayAgentFee,
  hostelWithRoom,
  lagosDatePlusDays,
  paidInspection,
  paidTenant,
  rentYearNearlyUp,
  type Student,
} from '../src/modules/payments/payments.fixtures.ts';
import {
  reconciliationDifferences,
  reconciliationRuns,
} from '../src/modules/reconciliation/reconciliation.schema.ts';
import { testAppWith } from './build-test-app.ts';
import { signedInUser } from './factories.ts';
import { send } from './requests.ts';

/**
 * The admin home (docs/domain.md, "The admin home"): every figure of GET /api/admin/overview is
 * the figure of the list its card links to, on data made through the real endpoints.
 */
describe('GET /api/admin/overview', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  const overview = async () => {
    const res = await send(t, admin, 'GET', '/api/admin/overview');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminOverview;
  };
  const list = async <T>(url: string) => {
    const res = await send(t, admin, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json() as T, total: Number(res.headers['x-total-count'] ?? Number.NaN) };
  };
  const report = async (url: string) => (await list<Record<string, unknown>>(url)).body;
  const repair = async (student: Student, urgency: 'normal' | 'emergency') => {
    const res = await send(t, student, 'POST', '/api/maintenance', {
      category: 'water',
      description: `No water in the room since morning (${urgency}).`,
      urgency,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string };
  };

  it('answers with zeros on an empty database, with Lagos today and tomorrow', async () => {
    const today = todayInLagos();
    expect(await overview()).toEqual({
      today,
      tomorrow: addDays(today, 1),
      maintenance: { open: 0, in_progress: 0, emergencies: 0, overdue: 0, next: [] },
      refunds_due: { payments: 0, amount: 0 },
      arrears: { tenants: 0, amount_owed: 0 },
      inspections: { today: 0, tomorrow: 0, upcoming: 0 },
      tenants: { current: 0, given_notice: 0 },
      reconciliation: [],
      income: {
        this_month: { month: today.slice(0, 7), total: 0 },
        last_month: { month: addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7), total: 0 },
      },
    });
  });

  it('counts each card by the rule of the list it links to', async () => {
    const today = todayInLagos();
    const room = { agentFee: 20_000, cautionFee: 0, price: 400_000 };
    // Inspections: one today, two tomorrow, one in three days (upcoming, but neither day).
    await paidInspection(t, { room, deposit: false, date: today });
    await paidInspection(t, { room, deposit: false, date: lagosDatePlusDays(1) });
    await paidInspection(t, { room, deposit: false, date: lagosDatePlusDays(1) });
    const later = await paidInspection(t, { room, deposit: false, date: lagosDatePlusDays(3) });
    // Refunds due: that later inspection cancelled (owed back in full), and another cancelled then
    // partly refunded (only what is left counts).
    const cancel = (s: Student, id: string) => send(t, s, 'POST', `/api/bookings/${id}/cancel`);
    expect((await cancel(later.student, later.booking._id)).statusCode).toBe(200);
    const { room: other } = await hostelWithRoom(t, room);
    const partly = await signedInUser(t);
    const paid = await bookAndPayAgentFee(t, partly, other, lagosDatePlusDays(3));
    expect((await cancel(partly, paid.booking._id)).statusCode).toBe(200);
    const refund = await send(t, admin, 'POST', '/api/admin/refunds', {
      reference: paid.feeReference,
      amount: 5_000,
      reason: 'First part',
    });
    expect(refund.statusCode, refund.body).toBe(202);
    // Tenants: three; one has given notice, one is 5 days past due (in arrears).
    const staying = await paidTenant(t, { room: { ...room, price: 300_000 }, deposit: false });
    const leaving = await paidTenant(t, { room, deposit: false });
    const notice = await send(t, leaving.student, 'POST', '/api/tenancy/notice', {
      move_out_on: addDays(today, 60),
    });
    expect(notice.statusCode, notice.body).toBe(200);
    const late = await paidTenant(t, { room: { ...room, price: 350_000 }, deposit: false });
    await rentYearNearlyUp(t, late.room.id, -5);
    // Maintenance: an emergency and a repair open, one in progress, one done; the open repair's
    // promised time has passed (the clock moves on).
    const emergency = await repair(staying.student, 'emergency');
    const slow = await repair(staying.student, 'normal');
    const started = await repair(leaving.student, 'normal');
    const finished = await repair(leaving.student, 'normal');
    const move = (id: string, status: string) =>
      send(t, admin, 'PATCH', `/api/admin/maintenance/${id}`, { status, note: 'On it' });
    expect((await move(started._id, 'in_progress')).statusCode).toBe(200);
    expect((await move(finished._id, 'done')).statusCode).toBe(200);
    await t.db
      .update(maintenanceRequests)
      .set({ dueBy: new Date(Date.now() - 60_000) })
      .where(eq(maintenanceRequests.id, slow._id));

    const o = await overview();

    // Maintenance: the queue's status filters, its overdue flags, and its first unfinished rows.
    const open = await list<{ _id: string }[]>('/api/admin/maintenance?status=open');
    const inProgress = await list<{ _id: string }[]>('/api/admin/maintenance?status=in_progress');
    const queue = await list<{ _id: string; status: string; urgency: string; overdue: boolean }[]>(
      '/api/admin/maintenance?limit=100',
    );
    const unfinished = queue.body.filter((r) => r.status !== 'done');
    expect(o.maintenance).toMatchObject({
      open: open.total,
      in_progress: inProgress.total,
      emergencies: unfinished.filter((r) => r.urgency === 'emergency').length,
      overdue: queue.body.filter((r) => r.overdue).length,
    });
    expect(o.maintenance).toMatchObject({ open: 2, in_progress: 1, emergencies: 1, overdue: 1 });
    expect(o.maintenance.next.map((r) => r._id)).toEqual(unfinished.map((r) => r._id));
    expect(o.maintenance.next[0]).toMatchObject({ _id: emergency._id, urgency: 'emergency', overdue: false });
    expect(o.maintenance.next.find((r) => r._id === slow._id)?.overdue).toBe(true);

    // Refunds due: the Refunds screen's due list, its count and what is left on it.
    const { body: refunds } = await list<{ due: { remaining: number }[] }>('/api/admin/refunds');
    expect(o.refunds_due).toEqual({
      payments: refunds.due.length,
      amount: refunds.due.reduce((sum, d) => sum + d.remaining, 0),
    });
    expect(o.refunds_due).toEqual({ payments: 2, amount: 20_000 + 15_000 });

    // Arrears: the Arrears list and the arrears report for today.
    const { body: arrears } = await list<{ amountOwed: number }[]>('/api/admin/arrears');
    const arrearsReport = await report(`/api/admin/reports/arrears?from=${today}&to=${today}`);
    expect(o.arrears).toEqual({
      tenants: arrears.length,
      amount_owed: arrears.reduce((sum, a) => sum + a.amountOwed, 0),
    });
    expect(o.arrears).toEqual({ tenants: arrearsReport.tenants, amount_owed: arrearsReport.amount_owed });
    expect(o.arrears).toEqual({ tenants: 1, amount_owed: 350_000 });

    // Inspections: the Bookings list's upcoming paid inspections on those two days.
    const { body: upcoming } = await list<{ inspection_date_time: string }[]>('/api/bookings?upcoming=1');
    const on = (day: string) => upcoming.filter((b) => b.inspection_date_time.startsWith(`${day}_`)).length;
    expect(o.inspections).toEqual({
      today: on(o.today),
      tomorrow: on(o.tomorrow),
      upcoming: upcoming.length,
    });
    expect(o.inspections).toEqual({ today: 1, tomorrow: 2, upcoming: 3 });

    // Tenants and notices: the Tenants list.
    const { body: tenants } = await list<{ notice: unknown }[]>('/api/payments/tenants');
    expect(o.tenants).toEqual({
      current: tenants.length,
      given_notice: tenants.filter((x) => x.notice).length,
    });
    expect(o.tenants).toEqual({ current: 3, given_notice: 1 });

    // Income: the revenue report's months, last month and this one.
    const from = addMonths(`${today.slice(0, 7)}-01`, -1);
    const revenue = (await report(`/api/admin/reports/revenue?from=${from}&to=${today}`)) as {
      months: { month: string; total: number }[];
    };
    const [last, current] = revenue.months.map(({ month, total }) => ({ month, total }));
    expect(o.income).toEqual({ last_month: last, this_month: current });
    expect(o.income.this_month.total).toBeGreaterThan(0);
  });

  it("tells which days' latest reconciliation run, started in the last week, left differences", async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const run = async (day: string, startedAt: Date, differences: boolean[]) => {
      const [row] = await t.db
        .insert(reconciliationRuns)
        .values({
          day,
          provider: 'sandbox',
          status: differences.length ? 'differences' : 'agreed',
          startedAt,
        })
        .returning({ id: reconciliationRuns.id });
      const id = (row as { id: string }).id;
      for (const [i, settled] of differences.entries()) {
        await t.db.insert(reconciliationDifferences).values({
          runId: id,
          kind: 'missing_ours',
          reference: `ref-${id}-${i}`,
          whatToDo: 'Look at it',
          settled,
        });
      }
      return id;
    };
    // The 21st was run again after it was put right: its latest run agreed.
    await run('2026-11-21', hoursAgo(1), []);
    await run('2026-11-21', hoursAgo(9), [false]);
    // The 20th: two left to do, one the run settled itself.
    const twentieth = await run('2026-11-20', hoursAgo(2), [false, false, true]);
    // The 19th: everything settled by the run.
    await run('2026-11-19', hoursAgo(30), [true]);
    // Found long ago: the Reconciliation page keeps it, the home does not.
    await run('2026-11-01', hoursAgo(8 * 24), [false]);
    const later = await run('2026-11-22', hoursAgo(3), [false]);

    expect((await overview()).reconciliation).toEqual([
      { day: '2026-11-22', run_id: later, open: 1 },
      { day: '2026-11-20', run_id: twentieth, open: 2 },
    ]);
    // The Reconciliation page's runs say the same of those two.
    const { body: runs } =
      await list<{ _id: string; differences: { settled: boolean }[] }[]>('/api/admin/reconciliation');
    const left = (id: string) => runs.find((r) => r._id === id)?.differences.filter((d) => !d.settled).length;
    expect([left(later), left(twentieth)]).toEqual([1, 2]);
  });
});
