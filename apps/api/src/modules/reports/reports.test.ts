import { parse } from 'csv-parse/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, insertUser, signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { bookings } from '../bookings/bookings.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { refunds } from '../refunds/refunds.schema.ts';
import { tenancies, tenancyDeductions } from '../tenancies/tenancies.schema.ts';
import { csvLine, csvStream, KeptText } from './csv.ts';
import { paymentsExport } from './payments.export.ts';

/**
 * The reports on a small seeded set whose figures were worked out by hand (docs/domain.md,
 * "Reports"): the first quarter of 2026, Lagos dates, with payments either side of midnight at both
 * ends, a renewal, a tenancy that ended in February, a refund still owed and a closed hostel, and
 * refunds: processed in January and March, one processed just after the period (Lagos), one still
 * pending and one that failed.
 */
const PERIOD = 'from=2026-01-01&to=2026-03-31';

describe('admin reports and CSV exports', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const ids: Record<string, string> = {};
  const emails: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedInUser(t, { role: 'admin' });
    const db = t.db;
    const old = new Date('2025-06-01T09:00:00Z');
    const a = await insertHostel(db, { hostelName: 'Akoka, "Annex" ₦ Lodge' });
    const b = await insertHostel(db, { hostelName: 'Bariga Court' });
    const c = await insertHostel(db, { hostelName: 'Closed Court', isClosed: true });
    const room = (
      hostelId: string,
      n: string,
      status: 'available' | 'booked' | 'rented',
      price: number,
      createdAt = old,
    ) => insertRoom(db, hostelId, { roomNumber: `room ${n}`, status, price, agentFee: 50_000, createdAt });
    const A1 = await room(a.id, '01', 'rented', 600_000);
    const A2 = await room(a.id, '02', 'booked', 500_000);
    const A3 = await room(a.id, '03', 'available', 450_000);
    const A4 = await room(a.id, '04', 'rented', 500_000);
    const B1 = await room(b.id, '01', 'rented', 600_000);
    await room(b.id, '02', 'available', 550_000, new Date('2026-02-15T10:00:00Z'));
    const C1 = await room(c.id, '01', 'rented', 400_000);
    const C2 = await room(c.id, '02', 'rented', 300_000);
    const C3 = await room(c.id, '03', 'rented', 350_000);
    const C4 = await room(c.id, '04', 'available', 350_000);

    const student = async (key: string, lastName = `Student ${key}`) => {
      const u = await insertUser(db, { firstName: key === 's1' ? 'Adébáyọ̀' : 'Ngozi', lastName });
      ids[key] = u.id;
      emails[key] = u.email;
      return u.id;
    };
    const s1 = await student('s1', 'O\'Neil, "Jr"');
    const s2 = await student('s2', '=HYPERLINK("x")');
    const s3 = await student('s3');
    const s4 = await student('s4');
    const s5 = await student('s5');
    const s6 = await student('s6');
    const s7 = await student('s7');
    const s8 = await student('s8');
    const s9 = await student('s9');
    const s10 = await student('s10');
    const s11 = await student('s11');

    const booking = async (
      key: string,
      userId: string,
      r: { id: string; hostelId: string },
      createdAt: string,
    ) => {
      const [row] = await db
        .insert(bookings)
        .values({
          userId,
          roomId: r.id,
          hostelId: r.hostelId,
          inspectionDate: createdAt.slice(0, 10),
          inspectionSlot: '10:00am - 10:30am',
          status: 'confirmed',
          holdExpiresAt: new Date(createdAt),
          createdAt: new Date(createdAt),
        })
        .returning();
      ids[key] = row!.id;
      return row!.id;
    };
    const b1 = await booking('b1', s1, A1, '2026-01-09T10:00:00Z');
    const b2 = await booking('b2', s2, A2, '2026-01-31T22:00:00Z'); // 23:00 in Lagos: January
    const b3 = await booking('b3', s4, B1, '2026-03-04T10:00:00Z');
    await booking('b4', s9, A3, '2026-03-10T10:00:00Z');
    const b5 = await booking('b5', s10, A3, '2026-03-31T23:00:00Z'); // midnight in Lagos: April
    const b6 = await booking('b6', s6, B1, '2026-02-25T10:00:00Z');

    let n = 0;
    const pay = async (
      kind: 'agent_fee' | 'rent',
      userId: string,
      r: { id: string; hostelId: string },
      amount: number,
      at: string,
      extra: Partial<typeof payments.$inferInsert> = {},
    ) => {
      n += 1;
      const paidAt = new Date(at);
      await db.insert(payments).values({
        reference: `SN-RPT-${String(n).padStart(3, '0')}`,
        userId,
        kind,
        roomId: r.id,
        hostelId: r.hostelId,
        amount,
        provider: 'sandbox',
        status: 'success',
        paidAt,
        createdAt: new Date(paidAt.getTime() - 60_000),
        ...extra,
      });
    };
    await pay('agent_fee', s1, A1, 50_000, '2026-01-10T10:00:00Z', { bookingId: b1 }); // p1
    await pay('rent', s1, A1, 600_000, '2026-01-12T10:00:00Z'); // p2
    await pay('agent_fee', s2, A2, 40_000, '2026-01-31T23:30:00Z', { bookingId: b2 }); // p3: 00:30 on 1 Feb in Lagos
    await pay('rent', s3, A4, 500_000, '2026-02-20T10:00:00Z'); // p4: s3's renewal
    await pay('agent_fee', s4, B1, 45_000, '2026-03-05T10:00:00Z', {
      bookingId: b3,
      needsRefund: true,
      refundReason: 'room_taken',
    }); // p5
    await pay('rent', s4, B1, 700_000, '2026-03-06T10:00:00Z', { status: 'failed', paidAt: null }); // p6
    await pay('rent', s5, B1, 550_000, '2025-12-31T23:30:00Z'); // p7: 00:30 on 1 Jan in Lagos
    await pay('agent_fee', s10, A3, 30_000, '2026-03-31T23:30:00Z', { bookingId: b5 }); // p8: April in Lagos
    await pay('rent', s9, A3, 100_000, '2026-03-15T10:00:00Z', { status: 'pending', paidAt: null }); // p9
    await pay('agent_fee', s6, B1, 45_000, '2026-02-26T10:00:00Z', { bookingId: b6 }); // p10
    await pay('rent', s6, B1, 600_000, '2026-03-01T10:00:00Z'); // p11

    const refund = async (
      reference: string,
      amount: number,
      status: 'pending' | 'processed' | 'failed',
      createdAt: string,
      processedAt?: string,
    ) => {
      const [p] = await db.select().from(payments).where(eq(payments.reference, reference));
      await db.insert(refunds).values({
        paymentId: p!.id,
        amount,
        reason: `Refund of ${reference}`,
        status,
        provider: 'sandbox',
        createdAt: new Date(createdAt),
        processedAt: processedAt ? new Date(processedAt) : null,
      });
    };
    await refund('SN-RPT-001', 5_000, 'processed', '2026-01-20T10:00:00Z', '2026-01-20T11:00:00Z'); // r1: other
    await refund('SN-RPT-003', 10_000, 'pending', '2026-02-10T10:00:00Z'); // r2
    await refund('SN-RPT-005', 45_000, 'failed', '2026-03-06T12:00:00Z'); // r3: room taken
    await refund('SN-RPT-005', 30_000, 'processed', '2026-03-07T10:00:00Z', '2026-03-08T10:00:00Z'); // r4: its retry, in part
    await refund('SN-RPT-010', 15_000, 'processed', '2026-03-31T20:00:00Z', '2026-03-31T23:30:00Z'); // r5: processed 00:30 on 1 April in Lagos

    const tenancy = async (
      userId: string,
      r: { id: string; hostelId: string },
      startDate: string,
      dueDate: string,
      endedAt?: string,
    ) => {
      await db.insert(tenancies).values({
        userId,
        roomId: r.id,
        hostelId: r.hostelId,
        startDate,
        dueDate,
        endedAt: endedAt ? new Date(endedAt) : null,
      });
    };
    await tenancy(s1, A1, '2026-01-12', '2027-01-12');
    await tenancy(s3, A4, '2025-02-20', '2027-02-20'); // renewed on 20 Feb 2026
    await tenancy(s5, B1, '2025-01-01', '2026-01-01', '2026-02-10T12:00:00Z'); // ended mid-period
    await tenancy(s6, B1, '2026-03-01', '2027-03-01');
    await tenancy(s7, C1, '2025-01-15', '2026-01-15'); // 75 days overdue on 31 March
    await tenancy(s8, C2, '2025-03-20', '2026-03-20'); // 11 days overdue on 31 March
    await tenancy(s11, C3, '2025-04-10', '2026-04-10'); // due after the period
    await tenancy(s2, C4, '2024-12-01', '2025-12-01', '2025-12-20T12:00:00Z'); // ended before the period
  });
  afterAll(() => t.close());

  const get = (url: string) => send(t, admin, 'GET', url);
  /** A report of the period as the admin reads it (answered 200). */
  const report = async (kind: string) => {
    const res = await get(`/api/admin/reports/${kind}?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('revenue: agent fees and rent by Lagos month, less refunds processed; what is still owed shown apart', async () => {
    expect(await report('revenue')).toEqual({
      kind: 'revenue',
      from: '2026-01-01',
      to: '2026-03-31',
      months: [
        {
          month: '2026-01',
          agent_fees: 50_000,
          rent: 1_150_000,
          refunds: 5_000,
          total: 1_195_000,
          payments: 3,
        },
        { month: '2026-02', agent_fees: 85_000, rent: 500_000, refunds: 0, total: 585_000, payments: 3 },
        { month: '2026-03', agent_fees: 45_000, rent: 600_000, refunds: 30_000, total: 615_000, payments: 2 },
      ],
      totals: { agent_fees: 180_000, rent: 2_250_000, refunds: 35_000, total: 2_395_000, payments: 8 },
      // p5 (₦45,000, room taken): ₦30,000 of it refunded so far.
      awaiting_refund: { payments: 1, amount: 15_000 },
      deposits: { held_at_end: 0, held_count: 0, deductions_kept: 0, returned: 0 },
    });
  });

  it('occupancy: open hostels as they stand, and rented rooms at each month end', async () => {
    const body = await report('occupancy');
    expect(
      body.hostels.map((h: { hostel: { hostel_name: string } }) => ({ ...h, hostel: h.hostel.hostel_name })),
    ).toEqual([
      {
        hostel: 'Akoka, "Annex" ₦ Lodge',
        rooms: 4,
        available: 1,
        booked: 1,
        rented: 2,
        rented_percent: 50,
      },
      { hostel: 'Bariga Court', rooms: 2, available: 1, booked: 0, rented: 1, rented_percent: 50 },
    ]);
    expect(body.overall).toEqual({ rooms: 6, available: 2, booked: 1, rented: 3, rented_percent: 50 });
    expect(body.months).toEqual([
      { month: '2026-01', rooms: 5, rented: 3, rented_percent: 60 },
      { month: '2026-02', rooms: 6, rented: 2, rented_percent: 33.3 },
      { month: '2026-03', rooms: 6, rented: 3, rented_percent: 50 },
    ]);
  });

  it("arrears: the rent module's tenants past due on the period's last day, by how long", async () => {
    const body = await report('arrears');
    expect(body).toMatchObject({
      as_of: '2026-03-31',
      tenants: 2,
      amount_owed: 700_000,
      buckets: [
        { days_overdue: '1-30', tenants: 1, amount_owed: 300_000 },
        { days_overdue: '31-90', tenants: 1, amount_owed: 400_000 },
        { days_overdue: '91+', tenants: 0, amount_owed: 0 },
      ],
    });
    expect(
      body.items.map(
        (i: { user: { email: string }; daysOverdue: number; amountOwed: number; rentDueDate: string }) => [
          i.user.email,
          i.rentDueDate,
          i.daysOverdue,
          i.amountOwed,
        ],
      ),
    ).toEqual([
      [emails.s7, '2026-01-15', 75, 400_000],
      [emails.s8, '2026-03-20', 11, 300_000],
    ]);
  });

  it('funnel: bookings of the period, those whose agent fee stands, those who then paid rent', async () => {
    expect((await report('funnel')).stages).toEqual([
      { stage: 'inspection_booked', count: 5, percent_of_previous: null, percent_of_first: 100 },
      { stage: 'agent_fee_paid', count: 3, percent_of_previous: 60, percent_of_first: 60 },
      { stage: 'rent_paid', count: 2, percent_of_previous: 66.7, percent_of_first: 40 },
    ]);
  });

  it('refunds: processed in the period by why the money was owed; pending and failed ones asked for in it', async () => {
    expect(await report('refunds')).toEqual({
      kind: 'refunds',
      from: '2026-01-01',
      to: '2026-03-31',
      processed: { refunds: 2, amount: 35_000 },
      by_reason: [
        { reason: 'room_taken', refunds: 1, amount: 30_000 },
        { reason: 'inspection_cancelled', refunds: 0, amount: 0 },
        { reason: 'duplicate', refunds: 0, amount: 0 },
        { reason: 'other', refunds: 1, amount: 5_000 },
      ],
      pending: { refunds: 1, amount: 10_000 },
      failed: { refunds: 1, amount: 45_000 },
    });
  });

  it('revenue: a caution deposit is held, not earned: neither it nor its refund counts', async () => {
    // A month of its own (May 2024), so the seeded quarter's figures stay as worked out above.
    const [room] = await t.db.select().from(payments).where(eq(payments.reference, 'SN-RPT-001'));
    const at = (iso: string) => new Date(iso);
    const base = {
      userId: ids.s1!,
      roomId: room!.roomId,
      hostelId: room!.hostelId,
      provider: 'sandbox' as const,
      status: 'success' as const,
    };
    const [deposit] = await t.db
      .insert(payments)
      .values([
        {
          ...base,
          reference: 'SN-RPT-CF1',
          kind: 'caution_fee',
          amount: 50_000,
          paidAt: at('2024-05-10T10:00:00Z'),
        },
        {
          ...base,
          reference: 'SN-RPT-CF2',
          kind: 'caution_fee',
          amount: 50_000,
          paidAt: at('2024-05-11T10:00:00Z'),
          needsRefund: true,
          refundReason: 'duplicate',
        },
        {
          ...base,
          reference: 'SN-RPT-RR1',
          kind: 'rent',
          amount: 400_000,
          paidAt: at('2024-05-12T10:00:00Z'),
        },
      ])
      .returning();
    await t.db.insert(refunds).values({
      paymentId: deposit!.id,
      amount: 20_000,
      reason: 'Deposit returned at move-out',
      status: 'processed',
      provider: 'sandbox',
      createdAt: at('2024-05-20T10:00:00Z'),
      processedAt: at('2024-05-20T11:00:00Z'),
    });
    // The tenant moved out on 19 May with ₦30,000 kept for repairs; the ₦20,000 above is the rest, returned.
    const [ended] = await t.db
      .insert(tenancies)
      .values({
        userId: ids.s1!,
        roomId: room!.roomId,
        hostelId: room!.hostelId,
        startDate: '2023-05-01',
        dueDate: '2024-05-01',
        endedAt: at('2024-05-18T23:00:00Z'),
        endReason: 'lease_ended',
        moveOutRecordedAt: at('2024-05-19T10:00:00Z'),
        depositPaymentId: deposit!.id,
        depositHeld: 50_000,
      })
      .returning();
    await t.db
      .insert(tenancyDeductions)
      .values({ tenancyId: ended!.id, position: 0, description: 'Door lock', amount: 30_000 });
    const res = await get('/api/admin/reports/revenue?from=2024-05-01&to=2024-05-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      months: [{ month: '2024-05', agent_fees: 0, rent: 400_000, refunds: 0, total: 400_000, payments: 1 }],
      totals: { agent_fees: 0, rent: 400_000, refunds: 0, total: 400_000, payments: 1 },
      awaiting_refund: { payments: 0, amount: 0 },
      // ₦50,000 − ₦30,000 kept − ₦20,000 returned: nothing held at the end of May; CF2 is owed back.
      deposits: { held_at_end: 0, held_count: 0, deductions_kept: 30_000, returned: 20_000 },
    });
    const depositsUpTo = async (to: string) =>
      (await get(`/api/admin/reports/revenue?from=2024-05-01&to=${to}`)).json().deposits;
    // Mid-May, before the move-out: the whole deposit was held.
    expect(await depositsUpTo('2024-05-15')).toEqual({
      held_at_end: 50_000,
      held_count: 1,
      deductions_kept: 0,
      returned: 0,
    });
    // The day of the move-out: the deductions are kept, the rest is held until its refund goes through.
    expect(await depositsUpTo('2024-05-19')).toEqual({
      held_at_end: 20_000,
      held_count: 1,
      deductions_kept: 30_000,
      returned: 0,
    });
    // The refunds report counts every refund processed; the revenue's refunds and the deposits
    // returned are the same money, split by whether it was revenue.
    const refundsReport = await get('/api/admin/reports/refunds?from=2024-05-01&to=2024-05-31');
    expect(refundsReport.statusCode, refundsReport.body).toBe(200);
    const processedTotal = refundsReport.json().processed.amount;
    expect(processedTotal).toBe(20_000);
    expect(res.json().totals.refunds + res.json().deposits.returned).toBe(processedTotal);
  });

  it('an empty period answers zeros, not errors', async () => {
    const res = await get('/api/admin/reports/funnel?from=2020-01-01&to=2020-01-31');
    expect(res.json().stages.map((s: { count: number }) => s.count)).toEqual([0, 0, 0]);
    const revenue = await get('/api/admin/reports/revenue?from=2020-01-01&to=2020-01-31');
    expect(revenue.json().totals).toEqual({ agent_fees: 0, rent: 0, refunds: 0, total: 0, payments: 0 });
  });

  const csv = async (kind: string, query = PERIOD) => {
    const res = await get(`/api/admin/exports/${kind}.csv?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="studynest-${kind}-${query.slice(5, 15)}-to-${query.slice(-10)}.csv"`,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body).toMatch(/\r\n$/);
    return {
      text: res.body,
      rows: parse(res.body, { bom: true, columns: true }) as Record<string, string>[],
    };
  };

  it('payments CSV: every payment started in the period, as the database holds them, quoted per RFC 4180', async () => {
    const { rows, text } = await csv('payments');
    const db = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.reference,
          ['001', '002', '003', '004', '005', '006', '007', '009', '010', '011'].map((n) => `SN-RPT-${n}`),
        ),
      )
      .orderBy(asc(payments.createdAt));
    expect(rows.map((r) => r.reference)).toEqual(db.map((p) => p.reference));
    expect(rows.map((r) => Number(r.amount))).toEqual(db.map((p) => p.amount));
    expect(rows.map((r) => r.status)).toEqual(db.map((p) => p.status));
    expect(rows.find((r) => r.reference === 'SN-RPT-005')?.needs_refund).toBe('true');
    expect(rows.find((r) => r.reference === 'SN-RPT-007')).toMatchObject({
      started_at: '2026-01-01 00:29:00',
      paid_at: '2026-01-01 00:30:00',
    });
    expect(rows.find((r) => r.reference === 'SN-RPT-006')?.paid_at).toBe('');
    const first = rows.find((r) => r.reference === 'SN-RPT-001');
    expect(first).toMatchObject({
      first_name: 'Adébáyọ̀',
      last_name: 'O\'Neil, "Jr"',
      hostel: 'Akoka, "Annex" ₦ Lodge',
    });
    expect(text).toContain('"O\'Neil, ""Jr"""');
    // A name a spreadsheet would run as a formula is written as text.
    expect(rows.find((r) => r.reference === 'SN-RPT-003')?.last_name).toBe('\'=HYPERLINK("x")');
    // Amounts are plain integers: no currency sign, no separators.
    expect(rows.every((r) => /^\d+$/.test(r.amount ?? ''))).toBe(true);
    // The revenue report's total is the sum of the exported successes paid in the period.
    const paidInPeriod = rows.filter(
      (r) => r.status === 'success' && (r.paid_at ?? '') <= '2026-03-31 23:59:59',
    );
    expect(paidInPeriod.reduce((s, r) => s + Number(r.amount), 0)).toBe(2_430_000);
  });

  it('reads the export in batches by keyset: small batches give the same file', async () => {
    const whole = (await csv('payments')).text;
    const stream = await csvStream(t.db, paymentsExport, { from: '2026-01-01', to: '2026-03-31' }, 3);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    expect(chunks.length).toBeGreaterThan(3);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(whole);
  });

  it('arrears CSV equals the arrears report', async () => {
    const report = (await get(`/api/admin/reports/arrears?${PERIOD}`)).json();
    const { rows } = await csv('arrears');
    expect(
      rows.map((r) => ({
        email: r.email,
        due: r.due_date,
        days: Number(r.days_overdue),
        owed: Number(r.amount_owed),
      })),
    ).toEqual(
      report.items.map(
        (i: { user: { email: string }; rentDueDate: string; daysOverdue: number; amountOwed: number }) => ({
          email: i.user.email,
          due: i.rentDueDate,
          days: i.daysOverdue,
          owed: i.amountOwed,
        }),
      ),
    );
  });

  it('bookings CSV equals the funnel: the same bookings, and those whose agent fee stands', async () => {
    const funnel = (await get(`/api/admin/reports/funnel?${PERIOD}`)).json();
    const { rows } = await csv('bookings');
    expect(rows.map((r) => r.booking_id)).toEqual([ids.b1, ids.b2, ids.b6, ids.b3, ids.b4]);
    expect(rows.length).toBe(funnel.stages[0].count);
    expect(rows.filter((r) => r.agent_fee_paid === 'true').length).toBe(funnel.stages[1].count);
    expect(rows[1]?.booked_at).toBe('2026-01-31 23:00:00');
  });

  it('tenants CSV: every tenancy running at some time in the period, the ended one with its end date', async () => {
    const { rows } = await csv('tenants');
    expect(rows.map((r) => r.email)).toEqual([
      emails.s5,
      emails.s7,
      emails.s3,
      emails.s8,
      emails.s11,
      emails.s1,
      emails.s6,
    ]);
    expect(rows.find((r) => r.email === emails.s5)).toMatchObject({
      start_date: '2025-01-01',
      ended_on: '2026-02-10',
      rent: '600000',
    });
    expect(rows.find((r) => r.email === emails.s1)?.ended_on).toBe('');
  });

  it('phone numbers in the CSVs are written as Nigerians write them, kept as text so the 0 stays', async () => {
    for (const kind of ['tenants', 'arrears']) {
      const { rows, text } = await csv(kind);
      expect(rows.length).toBeGreaterThan(0);
      // Stored +2348031234567: the file holds the formula ="08031234567", which a spreadsheet shows as that text.
      expect(new Set(rows.map((r) => r.phone_number))).toEqual(new Set(['="08031234567"']));
      expect(text).toContain(',"=""08031234567"""');
      expect(text).not.toContain('+234');
    }
    // Only digits, a leading + and spaces take the formula form; anything else keeps the formula guard.
    expect(
      csvLine([new KeptText('+44 20 7946 0000'), new KeptText('=cmd|"/c calc"!A1'), new KeptText('0803x')]),
    ).toBe(`"=""+44 20 7946 0000""","'=cmd|""/c calc""!A1",0803x\r\n`);
  });

  it('refunds CSV: every refund asked for in the period, each attempt a row, with its payment', async () => {
    const { rows } = await csv('refunds');
    expect(
      rows.map((r) => [r.payment_reference, r.status, Number(r.amount), r.reason, r.processed_at]),
    ).toEqual([
      ['SN-RPT-001', 'processed', 5_000, 'other', '2026-01-20 12:00:00'],
      ['SN-RPT-003', 'pending', 10_000, 'other', ''],
      ['SN-RPT-005', 'failed', 45_000, 'room_taken', ''],
      ['SN-RPT-005', 'processed', 30_000, 'room_taken', '2026-03-08 11:00:00'],
      ['SN-RPT-010', 'processed', 15_000, 'other', '2026-04-01 00:30:00'],
    ]);
    expect(rows[0]).toMatchObject({
      note: 'Refund of SN-RPT-001',
      payment_kind: 'agent_fee',
      payment_amount: '50000',
    });
    // The report's figures, read back from the file: processed in the period, pending and failed.
    const report = (await get(`/api/admin/reports/refunds?${PERIOD}`)).json();
    const inPeriod = rows.filter((r) => r.status === 'processed' && (r.processed_at ?? '') < '2026-04-01');
    expect(inPeriod.reduce((n, r) => n + Number(r.amount), 0)).toBe(report.processed.amount);
    expect(rows.filter((r) => r.status === 'pending').length).toBe(report.pending.refunds);
    expect(rows.filter((r) => r.status === 'failed').length).toBe(report.failed.refunds);
  });

  it('an empty export is the BOM and the header row', async () => {
    const { text, rows } = await csv('payments', 'from=2020-01-01&to=2020-01-31');
    expect(rows).toEqual([]);
    expect(text).toBe(
      '\uFEFFreference,kind,status,amount,rent_part,needs_refund,started_at,paid_at,receipt_number,first_name,last_name,email,hostel,room\r\n',
    );
  });

  describe('a bad period is a 400 naming the field, on every report and export', () => {
    const urls = [
      ...['revenue', 'occupancy', 'arrears', 'funnel'].map((k) => `/api/admin/reports/${k}`),
      ...['payments', 'tenants', 'bookings', 'arrears'].map((k) => `/api/admin/exports/${k}.csv`),
    ];
    const cases: [string, string][] = [
      ['to=2026-01-31', 'from'],
      ['from=2026-01-01', 'to'],
      ['from=2026-02-30&to=2026-03-31', 'from'],
      ['from=01/01/2026&to=2026-03-31', 'from'],
      ['from=2026-01-01&to=2026-13-01', 'to'],
      ['from=2026-03-01&to=2026-02-01', 'to'],
      ['from=2020-01-01&to=2026-01-01', 'to'],
    ];
    it.each(urls)('%s', async (url) => {
      for (const [query, field] of cases) {
        const res = await get(`${url}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {}), `${url}?${query}`).toContain(field);
      }
    });
  });

  it('is for admins only', async () => {
    const student = await signedInUser(t);
    for (const url of [`/api/admin/reports/revenue?${PERIOD}`, `/api/admin/exports/payments.csv?${PERIOD}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await send(t, student, 'GET', url)).statusCode).toBe(403);
    }
  });
});
