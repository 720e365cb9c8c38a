import { addDays, addMonths, type Tenant, todayInLagos } from '@studynest/contracts';
import { parse } from 'csv-parse/sync';
import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { send } from '../../../test/requests.ts';
import { messageDeliveries } from '../messages/messages.schema.ts';
import {
  initiate,
  paidInspection,
  payAtCheckout,
  payOk,
  profileOf,
  receiptUrl,
  type Student,
  verify,
} from '../payments/payments.fixtures.ts';
import { payments } from '../payments/payments.schema.ts';
import { refunds } from '../refunds/refunds.schema.ts';
import { recordRentReminders } from '../rent/rent-reminders.service.ts';
import { rentDueOf } from './rent-parts.ts';
import { rentPartPayments, rentParts, tenancies } from './tenancies.schema.ts';

const today = () => todayInLagos();

/** What each block needs: an app of its own, an admin, and the steps of paying rent in parts. */
function plansApp() {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  /** A student who has paid the agent fee of a room on `plan` (its own), priced `price`. */
  const inspected = (price: number, plan: 'two_parts' | 'three_parts' | null, hostelPlan?: 'two_parts') =>
    paidInspection(t, {
      room: { price, agentFee: 10_000, cautionFee: 0, rentPlan: plan },
      deposit: false,
    }).then(async (r) => {
      if (hostelPlan) await send(t, admin, 'PATCH', `/api/hostels/${r.hostel.id}`, { rent_plan: hostelPlan });
      return r;
    });

  const payRent = (student: Student, room: { id: string }, body: Record<string, unknown> = {}) =>
    initiate(t, 'room-price', student, {
      room_id: room.id,
      callback_url: receiptUrl(t, '/rent-receipt'),
      ...body,
    });

  const payRentOk = async (student: Student, room: { id: string }, body: Record<string, unknown> = {}) => {
    const res = await payRent(student, room, body);
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json() as { checkoutLink: string; reference: string };
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, link.reference));
    return { ...(await payOk(t, student, link)), amount: row!.amount };
  };

  const partsOf = (tenancyId: string) =>
    t.db
      .select({
        number: rentParts.number,
        amount: rentParts.amount,
        paid: rentParts.paid,
        due_on: rentParts.dueOn,
      })
      .from(rentParts)
      .where(eq(rentParts.tenancyId, tenancyId))
      .orderBy(asc(rentParts.yearStart), asc(rentParts.number));

  const tenancyOf = async (roomId: string) => {
    const [row] = await t.db.select().from(tenancies).where(eq(tenancies.roomId, roomId));
    return row!;
  };

  /** The clock moves on `days`: the tenancy, its parts and their reminders are that much older. */
  const daysPass = async (tenancyId: string, days: number) => {
    const tenancy = (await t.db.select().from(tenancies).where(eq(tenancies.id, tenancyId)))[0]!;
    await t.db
      .update(tenancies)
      .set({ startDate: addDays(tenancy.startDate, -days), dueDate: addDays(tenancy.dueDate, -days) })
      .where(eq(tenancies.id, tenancyId));
    for (const p of await t.db.select().from(rentParts).where(eq(rentParts.tenancyId, tenancyId))) {
      await t.db
        .update(rentParts)
        .set({ yearStart: addDays(p.yearStart, -days), dueOn: addDays(p.dueOn, -days) })
        .where(eq(rentParts.id, p.id));
    }
  };

  /** Days from today to `date`'s month-shift: how far to move the clock so part 2 falls `daysLate` ago. */
  const partLate = async (tenancyId: string, daysLate: number) => {
    const [part2] = (await partsOf(tenancyId)).slice(1);
    const partDue = addDays(today(), -daysLate);
    const shift = Math.round(
      (Date.parse(`${part2!.due_on}T00:00:00Z`) - Date.parse(`${partDue}T00:00:00Z`)) / 86_400_000,
    );
    await daysPass(tenancyId, shift);
    return partDue;
  };

  /** The student's rows on the admin's Arrears list. */
  const arrearsOf = async (student: Student) =>
    ((await send(t, admin, 'GET', '/api/admin/arrears')).json() as { user: { _id: string } }[]).filter(
      (a) => a.user._id === student.user.id,
    );
  /** The reminders recorded about a part's due date, and where each stands. */
  const partReminders = (tenancyId: string, dueOn: string) =>
    t.db
      .select({ status: messageDeliveries.status })
      .from(messageDeliveries)
      .where(like(messageDeliveries.dedupeKey, `rent-reminder:${tenancyId}:${dueOn}:%`));

  return { t, admin, inspected, payRent, payRentOk, partsOf, tenancyOf, partLate, arrearsOf, partReminders };
}

/** Rent in parts (docs/domain.md, "Rent plans"), against hand-computed figures. */
describe('rent plans', () => {
  const { t, admin, inspected, payRent, payRentOk, partsOf, tenancyOf, partLate, arrearsOf, partReminders } =
    plansApp();

  it('a 2-part plan paid on time: 60% starts the tenancy with the usual dates, 40% within 4 months, each its own receipt', async () => {
    const { room, student } = await inspected(300_000, 'two_parts');
    const first = await payRentOk(student, room, { plan: 'two_parts' });
    expect(first.amount).toBe(180_000);
    const tenancy = await tenancyOf(room.id);
    expect(tenancy.startDate).toBe(today());
    expect(tenancy.dueDate).toBe(addMonths(today(), 12));
    expect(await partsOf(tenancy.id)).toEqual([
      { number: 1, amount: 180_000, paid: 180_000, due_on: today() },
      { number: 2, amount: 120_000, paid: 0, due_on: addMonths(today(), 4) },
    ]);

    const before = (await profileOf(t, student)).rentDetails;
    expect(before.rentDueDate).toBe(addMonths(today(), 12));
    expect(before.plan).toEqual({
      plan: 'two_parts',
      label: '2 parts: 60% at move-in, 40% within 4 months',
      year_rent: 300_000,
      parts: [
        { number: 1, amount: 180_000, due_on: today(), paid: 180_000, status: 'paid' },
        { number: 2, amount: 120_000, due_on: addMonths(today(), 4), paid: 0, status: 'due' },
      ],
      paid: 180_000,
      outstanding: 120_000,
      next: { number: 2, amount: 120_000, due_on: addMonths(today(), 4) },
      max_payable: 120_000,
    });
    expect(before.renewal).toMatchObject({
      open: false,
      message: "Renewal waits until this year's rent is paid: part 2 of 2 (₦120,000) is still to pay.",
    });

    // Part 2, months before the renewal window: the amount left out is the part's balance.
    const second = await payRentOk(student, room);
    expect(second.amount).toBe(120_000);
    expect((await partsOf(tenancy.id)).map((p) => p.paid)).toEqual([180_000, 120_000]);
    const after = (await profileOf(t, student)).rentDetails;
    expect(after.plan).toMatchObject({ paid: 300_000, outstanding: 0, next: null, max_payable: 0 });
    expect(after.rentDueDate).toBe(addMonths(today(), 12));
    // Each payment is its own receipt, saying which part it paid.
    const details = await Promise.all([first, second].map((p) => verify(t, student, p.reference)));
    expect(details.map((d) => d.json().receipt_number)).toEqual([
      expect.stringMatching(/^SN-/),
      expect.stringMatching(/^SN-/),
    ]);
    expect(details.map((d) => d.json().rent_parts)).toEqual(['part 1 of 2', 'part 2 of 2']);
    // The year is paid: another payment now is a renewal, which waits for its window.
    const again = await payRent(student, room);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toMatch(/^Renewal opens on /);
  });

  it('pays more than a part, then the whole remainder; never more than the year', async () => {
    const { room, student } = await inspected(100_000, 'three_parts');
    // Parts of ₦100,000 on 3 parts: ₦40,000, ₦30,000, ₦30,000. Too little, too much: 400 saying the range.
    const low = await payRent(student, room, { plan: 'three_parts', amount: 39_999 });
    expect(low.statusCode, low.body).toBe(400);
    expect(low.json().message).toBe(
      "On this plan pay at least the first part, ₦40,000, and at most the year's rent, ₦100,000.",
    );
    expect((await payRent(student, room, { plan: 'three_parts', amount: 100_001 })).statusCode).toBe(400);

    const first = await payRentOk(student, room, { plan: 'three_parts', amount: 50_000 });
    expect(first.amount).toBe(50_000);
    const tenancy = await tenancyOf(room.id);
    expect((await partsOf(tenancy.id)).map((p) => [p.amount, p.paid])).toEqual([
      [40_000, 40_000],
      [30_000, 10_000],
      [30_000, 0],
    ]);
    const plan = (await profileOf(t, student)).rentDetails.plan;
    expect(plan.parts.map((p: { status: string }) => p.status)).toEqual(['paid', 'part_paid', 'upcoming']);
    // What other ways to pay (a bank transfer) are told she owes now: part 2's balance.
    expect(await rentDueOf(t.db, student.user.id)).toEqual({
      tenancy_id: tenancy.id,
      room_id: room.id,
      hostel_id: room.hostelId,
      part_number: 2,
      parts_in_year: 3,
      amount: 20_000,
      due_on: addMonths(today(), 4),
    });
    expect(plan.next).toEqual({ number: 2, amount: 20_000, due_on: addMonths(today(), 4) });
    expect(plan.max_payable).toBe(50_000);

    const under = await payRent(student, room, { amount: 19_999 });
    expect(under.statusCode, under.body).toBe(400);
    expect(under.json()).toMatchObject({
      message: "Pay between ₦20,000 (part 2 of 3) and ₦50,000 (all that is left of this year's rent).",
      fields: { amount: 'Between ₦20,000 and ₦50,000' },
    });
    expect((await payRent(student, room, { amount: 50_001 })).statusCode).toBe(400);
    // Another plan for a year already on one is a renewal, which waits for this year's parts.
    const other = await payRent(student, room, { plan: 'full' });
    expect(other.statusCode, other.body).toBe(409);

    // Two checkouts for the remainder at once: the first pays it, the second is owed back whole.
    const a = (await payRent(student, room, { amount: 50_000 })).json();
    const b = (await payRent(student, room, { amount: 50_000 })).json();
    await payOk(t, student, a);
    await payAtCheckout(t, b.checkoutLink);
    const late = (await verify(t, student, b.reference)).json();
    expect(late).toMatchObject({ status: 'success', needs_refund: true });
    const [owed] = await t.db.select().from(payments).where(eq(payments.reference, b.reference));
    expect(owed?.refundReason).toBe('duplicate');
    expect((await partsOf(tenancy.id)).map((p) => p.paid)).toEqual([40_000, 30_000, 30_000]);
    expect(await rentDueOf(t.db, student.user.id)).toBeNull();
    expect((await verify(t, student, a.reference)).json().rent_parts).toBe('parts 2–3 of 3');
    const allocated = await t.db
      .select({ amount: rentPartPayments.amount })
      .from(rentPartPayments)
      .innerJoin(payments, eq(payments.id, rentPartPayments.paymentId))
      .where(eq(payments.reference, b.reference));
    expect(allocated).toEqual([]);
  });

  it("offers only full or the room's own plan (the hostel's unless the room overrides it)", async () => {
    const { room, student } = await inspected(200_000, null, 'two_parts');
    const roomRes = (await send(t, student, 'GET', `/api/rooms/room/${room.id}`)).json();
    expect(roomRes).toMatchObject({ rent_plan: 'two_parts', rent_plan_override: null });
    const wrong = await payRent(student, room, { plan: 'three_parts' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().fields).toEqual({ plan: 'Choose full or two_parts' });
    const unknown = await payRent(student, room, { plan: 'monthly' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().fields.plan).toMatch(/^Rent plan must be one of/);
    // The full plan keeps the old rule: the price, or "the price has changed".
    const changed = await payRent(student, room, { plan: 'full', amount: 150_000 });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().message).toBe('The price has changed to ₦200,000. Please review and try again.');
    const full = await payRentOk(student, room);
    expect(full.amount).toBe(200_000);
    const plan = (await profileOf(t, student)).rentDetails.plan;
    expect(plan).toMatchObject({ plan: 'full', year_rent: 200_000, outstanding: 0, next: null });
    expect((await verify(t, student, full.reference)).json().rent_parts).toBeNull();
  });

  it("an admin sets a hostel's plan and a room's own; bad plans are 400 naming the field, nothing written", async () => {
    const { hostel, room } = await inspected(200_000, null);
    const patchHostel = (body: Record<string, unknown>) =>
      send(t, admin, 'PATCH', `/api/hostels/${hostel.id}`, body);
    const patchRoom = (body: Record<string, unknown>) =>
      send(t, admin, 'PATCH', `/api/rooms/${room.id}`, body);
    const badHostel = await patchHostel({ rent_plan: 'weekly' });
    expect(badHostel.statusCode, badHostel.body).toBe(400);
    expect(badHostel.json().fields.rent_plan).toMatch(
      /^Rent plan must be one of: full, two_parts, three_parts/,
    );
    const badRoom = await patchRoom({ rent_plan: 'monthly' });
    expect(badRoom.statusCode, badRoom.body).toBe(400);
    expect(Object.keys(badRoom.json().fields)).toEqual(['rent_plan']);
    expect((await send(t, admin, 'GET', `/api/rooms/room/${room.id}`)).json()).toMatchObject({
      rent_plan: 'full',
      rent_plan_override: null,
    });

    expect((await patchHostel({ rent_plan: 'Two_Parts' })).json().rent_plan).toBe('two_parts');
    expect((await send(t, admin, 'GET', `/api/rooms/room/${room.id}`)).json()).toMatchObject({
      rent_plan: 'two_parts',
      rent_plan_override: null,
    });
    expect((await patchRoom({ rent_plan: 'three_parts' })).json()).toMatchObject({
      rent_plan: 'three_parts',
      rent_plan_override: 'three_parts',
    });
    const listed = (await send(t, admin, 'GET', `/api/rooms/hostel/${hostel.id}`)).json();
    expect(listed.map((r: { rent_plan: string }) => r.rent_plan)).toEqual(['three_parts']);
    // Null follows the hostel again.
    expect((await patchRoom({ rent_plan: null })).json()).toMatchObject({
      rent_plan: 'two_parts',
      rent_plan_override: null,
    });
  });

  it('a late second part: in arrears with its balance, its own reminders, gone once paid', async () => {
    const { room, student, hostel } = await inspected(250_000, 'two_parts');
    await payRentOk(student, room, { plan: 'two_parts' });
    const tenancy = await tenancyOf(room.id);
    // Four months and a day later: part 2 (₦100,000) was due yesterday.
    const partDue = await partLate(tenancy.id, 1);
    expect((await partsOf(tenancy.id))[1]?.due_on).toBe(partDue);

    const arrears = (await send(t, admin, 'GET', '/api/admin/arrears')).json() as {
      user: { _id: string };
      rentDueDate: string;
      daysOverdue: number;
      amountOwed: number;
    }[];
    expect(
      arrears
        .filter((a) => a.user._id === student.user.id)
        .map((a) => [a.rentDueDate, a.daysOverdue, a.amountOwed]),
    ).toEqual([[partDue, 1, 100_000]]);
    expect((await profileOf(t, student)).rentDetails.plan.parts[1].status).toBe('late');

    await recordRentReminders(t.app.deps, today());
    const keys = await t.db
      .select({ key: messageDeliveries.dedupeKey, subject: messageDeliveries.subject })
      .from(messageDeliveries)
      .where(like(messageDeliveries.dedupeKey, `rent-reminder:${tenancy.id}:%`));
    expect(keys).toContainEqual({
      key: `rent-reminder:${tenancy.id}:${partDue}:after-1:email`,
      subject: `StudyNest: rent for ${room.roomNumber}, ${hostel.hostelName} is 1 day overdue`,
    });

    // Paying part 2 ends the arrears; its reminders not yet gone out are cancelled.
    await payRentOk(student, room);
    expect(await arrearsOf(student)).toEqual([]);
    const left = await partReminders(tenancy.id, partDue);
    expect(left.length).toBeGreaterThan(0);
    expect(left.filter((m) => m.status === 'queued' || m.status === 'failed')).toEqual([]);
  });

  it("an admin's refund of a part already paid gives money back and leaves the part paid: the year she has is not reopened", async () => {
    const { room, student } = await inspected(300_000, 'two_parts');
    await payRentOk(student, room, { plan: 'two_parts' });
    const second = await payRentOk(student, room);
    const tenancy = await tenancyOf(room.id);
    const res = await send(t, admin, 'POST', '/api/admin/refunds', {
      reference: second.reference,
      amount: 20_000,
      reason: 'Water was off for two weeks',
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json()._id as string;
    await eventually(async () => {
      const [row] = await t.db.select().from(refunds).where(eq(refunds.id, id));
      return row?.status === 'processed' ? row : null;
    });
    // The part stays paid, so she owes nothing and is in no arrears; her receipt still names it.
    expect((await partsOf(tenancy.id)).map((p) => p.paid)).toEqual([180_000, 120_000]);
    expect((await profileOf(t, student)).rentDetails.plan).toMatchObject({ outstanding: 0, next: null });
    expect(await arrearsOf(student)).toEqual([]);
    expect((await verify(t, student, second.reference)).json()).toMatchObject({ rent_parts: 'part 2 of 2' });
    // Never more back than the payment: what is left of it is the most.
    const more = await send(t, admin, 'POST', '/api/admin/refunds', {
      reference: second.reference,
      amount: 100_001,
      reason: 'Again',
    });
    expect(more.statusCode).toBe(400);
  });
});

/** Reports, CSVs and move-out with parts: an app of their own, so every figure is this block's. */
describe('rent plans in reports, exports and move-out', () => {
  const { t, admin, inspected, payRentOk, partsOf, tenancyOf, partLate, arrearsOf, partReminders } =
    plansApp();
  const get = (url: string) => send(t, admin, 'GET', url);
  const period = () => `from=${today().slice(0, 8)}01&to=${today()}`;
  const csv = async (kind: string) => {
    const res = await get(`/api/admin/exports/${kind}.csv?${period()}`);
    expect(res.statusCode, res.body).toBe(200);
    return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
  };

  it('counts each part as rent when paid, names the parts, and lists a late part in arrears', async () => {
    // A: ₦300,000 on 2 parts, part 1 (₦180,000) paid, part 2 (₦120,000) 10 days late.
    const a = await inspected(300_000, 'two_parts');
    await payRentOk(a.student, a.room, { plan: 'two_parts' });
    const aTenancy = await tenancyOf(a.room.id);
    const aPartDue = await partLate(aTenancy.id, 10);
    // B: ₦100,000 on 3 parts (₦40,000, ₦30,000, ₦30,000), paid ₦50,000 then the ₦50,000 left.
    const b = await inspected(100_000, 'three_parts');
    await payRentOk(b.student, b.room, { plan: 'three_parts', amount: 50_000 });
    await payRentOk(b.student, b.room, { amount: 50_000 });

    // Revenue: agent fees 2 × ₦10,000; rent ₦180,000 + ₦50,000 + ₦50,000 = ₦280,000.
    const revenue = (await get(`/api/admin/reports/revenue?${period()}`)).json();
    expect(revenue.totals).toMatchObject({
      agent_fees: 20_000,
      rent: 280_000,
      refunds: 0,
      total: 300_000,
      payments: 5,
    });

    const rents = (await csv('payments')).filter((r) => r.kind === 'rent');
    expect(rents.map((r) => [r.email, r.amount, r.rent_part])).toEqual([
      [a.student.user.email, '180000', 'part 1 of 2'],
      [b.student.user.email, '50000', 'parts 1–2 of 3'],
      [b.student.user.email, '50000', 'parts 2–3 of 3'],
    ]);
    const tenants = await csv('tenants');
    expect(
      tenants.map((r) => [r.email, r.rent, r.rent_plan, r.rent_paid, r.rent_outstanding]).sort(),
    ).toEqual(
      [
        [a.student.user.email, '300000', 'two_parts', '180000', '120000'],
        [b.student.user.email, '100000', 'three_parts', '100000', '0'],
      ].sort(),
    );

    const arrears = (await get(`/api/admin/reports/arrears?${period()}`)).json();
    expect(arrears).toMatchObject({ tenants: 1, amount_owed: 120_000 });
    expect(arrears.buckets[0]).toEqual({ days_overdue: '1-30', tenants: 1, amount_owed: 120_000 });
    expect((await csv('arrears')).map((r) => [r.email, r.due_date, r.days_overdue, r.amount_owed])).toEqual([
      [a.student.user.email, aPartDue, '10', '120000'],
    ]);
  });

  it('a move-out with a part unpaid: the tenancy ends, the part stops being due, the statement shows it', async () => {
    const { room, student } = await inspected(300_000, 'two_parts');
    await payRentOk(student, room, { plan: 'two_parts' });
    const tenancy = await tenancyOf(room.id);
    // Overdue 7 days: a day the default settings remind on.
    const partDue = await partLate(tenancy.id, 7);
    await recordRentReminders(t.app.deps, today());
    const res = await send(t, admin, 'POST', `/api/admin/tenancies/${tenancy.id}/move-out`, {
      date: today(),
      reason: 'breach',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rent_unpaid: 120_000, deposit_held: 0 });
    // No longer in arrears, no reminder of the part left to go out.
    expect(await arrearsOf(student)).toEqual([]);
    const queued = await partReminders(tenancy.id, partDue);
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.filter((m) => m.status === 'queued' || m.status === 'failed')).toEqual([]);
    expect((await profileOf(t, student)).moveOutStatement).toMatchObject({ rent_unpaid: 120_000 });
    // A payment towards the ended year is refused: she rents nothing now.
    const after = await send(t, student, 'POST', '/api/payments/room-price/initiate', {
      room_id: room.id,
      callback_url: `${t.config.publicUrl}/rent-receipt`,
    });
    expect(after.statusCode).toBeGreaterThanOrEqual(400);
    expect(after.statusCode).toBeLessThan(500);
  });

  it('the Tenants list names the unpaid parts, and a move-out deducts the one due from the deposit', async () => {
    const { room, student } = await paidInspection(t, {
      room: { price: 300_000, agentFee: 10_000, cautionFee: 50_000, rentPlan: 'two_parts' },
      deposit: true,
    });
    await payRentOk(student, room, { plan: 'two_parts' });
    const tenancy = await tenancyOf(room.id);
    const unpaidOf = async () =>
      ((await send(t, admin, 'GET', '/api/payments/tenants')).json() as Tenant[]).find(
        (r) => r.tenancy_id === tenancy.id,
      )?.rent_parts_unpaid;
    // Part 2 is not due yet: listed with its balance and due date, owed by no move-out today.
    const [, part2] = await partsOf(tenancy.id);
    expect(await unpaidOf()).toEqual([{ number: 2, of: 2, due_on: part2!.due_on, balance: 120_000 }]);

    const partDue = await partLate(tenancy.id, 3);
    expect(await unpaidOf()).toEqual([{ number: 2, of: 2, due_on: partDue, balance: 120_000 }]);
    const res = await send(t, admin, 'POST', `/api/admin/tenancies/${tenancy.id}/move-out`, {
      date: today(),
      reason: 'breach',
      deductions: [{ description: 'Rent left unpaid, part 2 of 2', amount: 50_000 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rent_unpaid: 120_000,
      deposit_held: 50_000,
      deductions_total: 50_000,
      deposit_returned: 0,
      refund: null,
    });
    expect(await unpaidOf()).toBeUndefined();
  });
});
