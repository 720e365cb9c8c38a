import { todayInLagos } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/invariants.ts';
import {
  book,
  hostelWithRoom,
  initiate,
  initiateAgentFeeOk,
  initiateRentOk,
  lagosDatePlusDays,
  payAtCheckout,
  receiptUrl,
  type Student,
  verify,
} from '../src/modules/payments/payments.fixtures.ts';
import { refunds } from '../src/modules/refunds/refunds.schema.ts';
import { tenancies } from '../src/modules/tenancies/tenancies.schema.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { eventually } from './eventually.ts';
import { signedInUser } from './factories.ts';

/**
 * The smallest sequences the lifecycle model (lifecycle-model.test.ts) found breaking a ledger
 * invariant, each replayed by hand through the API. Each names the invariant it breaks; the ledger
 * must hold after every one of them. (Two are variants the model's shrinking does not print: the
 * spent fee cancelled after moving out, and the partly refunded deposit paid again — see each.)
 */
describe('lifecycle regressions (found by the lifecycle model)', () => {
  let t: TestApp;
  let admin: Student;
  // A database of its own per test: what one sequence breaks is not blamed on the next.
  beforeEach(async () => {
    t = await buildTestApp();
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterEach(() => t.close());

  /** A student and a room with an inspection booked 7 days ahead: inside the cancellation window. */
  async function booked() {
    const { room } = await hostelWithRoom(t, { agentFee: 20_000, cautionFee: 50_000, price: 400_000 });
    const student = await signedInUser(t);
    const res = await book(t, student, room, lagosDatePlusDays(7));
    expect(res.statusCode, res.body).toBe(201);
    return { room, student, bookingId: (res.json() as { _id: string })._id };
  }

  async function pay(student: Student, link: { checkoutLink: string; reference: string }) {
    await payAtCheckout(t, link.checkoutLink);
    const res = await verify(t, student, link.reference);
    expect(res.json().status, res.body).toBe('success');
    return link.reference;
  }

  const payFee = (s: Awaited<ReturnType<typeof booked>>) =>
    initiateAgentFeeOk(t, s.student, s.room, s.bookingId).then((link) => pay(s.student, link));
  const payRent = (s: Awaited<ReturnType<typeof booked>>) =>
    initiateRentOk(t, s.student, s.room).then((link) => pay(s.student, link));
  async function payDeposit(s: Awaited<ReturnType<typeof booked>>) {
    const res = await initiate(t, 'caution-fee', s.student, {
      room_id: s.room.id,
      callback_url: receiptUrl(t),
    });
    expect(res.statusCode, res.body).toBe(201);
    return pay(s.student, res.json());
  }
  /** Cancelling may be refused (409) or allowed (200): either way the ledger must hold after it. */
  async function cancel(s: Awaited<ReturnType<typeof booked>>) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${s.bookingId}/cancel`,
      headers: s.student.headers,
    });
    expect([200, 409], res.body).toContain(res.statusCode);
  }

  async function moveOut(
    s: Awaited<ReturnType<typeof booked>>,
    deductions: { description: string; amount: number }[] = [],
  ) {
    const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.roomId, s.room.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tenancies/${tenancy!.id}/move-out`,
      headers: admin.headers,
      payload: { date: todayInLagos(), reason: 'breach', deductions },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refund = (res.json() as { refund: { _id: string } | null }).refund;
    if (refund) await refundProcessed(refund._id);
  }

  async function refund(reference: string, amount: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds',
      headers: admin.headers,
      payload: { reference, amount, reason: 'Refund' },
    });
    expect(res.statusCode, res.body).toBe(202);
    await refundProcessed((res.json() as { _id: string })._id);
  }

  const refundProcessed = (id: string) =>
    eventually(
      async () => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0]?.status === 'processed',
    );

  /** The broken invariants' names, with their rows when any (the assertion's message). */
  async function broken() {
    const found = await checkLedger(t.db);
    return {
      names: found.map((v) => v.name),
      rows: JSON.stringify(
        found.map((v) => [v.name, v.examples]),
        null,
        1,
      ),
    };
  }

  it('spent-agent-fee-not-owed-back: cancelling the inspection after renting the room does not owe the agent fee back', async () => {
    // Book → pay the agent fee → pay rent (tenant) → cancel the inspection.
    const s = await booked();
    await payFee(s);
    await payRent(s);
    await cancel(s);
    const { names, rows } = await broken();
    expect(names, rows).toEqual([]);
  });

  it('spent-agent-fee-not-owed-back: cancelling the inspection after moving out does not owe the agent fee back', async () => {
    // Book → pay the agent fee → pay rent → move out → cancel the inspection. The model shrinks to
    // the shorter sequence above; this is the same fault once the tenancy has ended.
    const s = await booked();
    await payFee(s);
    await payRent(s);
    await moveOut(s);
    await cancel(s);
    const { names, rows } = await broken();
    expect(names, rows).toEqual([]);
  });

  it('no-stranded-deposit: cancelling the inspection after paying the caution deposit leaves no deposit unaccounted for', async () => {
    // Book → pay the agent fee → pay the caution deposit → cancel the inspection.
    const s = await booked();
    await payFee(s);
    await payDeposit(s);
    await cancel(s);
    const { names, rows } = await broken();
    expect(names, rows).toEqual([]);
  });

  it('deposit-arithmetic: a deposit kept whole as deductions at move-out cannot also be refunded', async () => {
    // Book → fee → deposit → rent → move out keeping the whole deposit as deductions → refund half of it.
    const s = await booked();
    await payFee(s);
    const deposit = await payDeposit(s);
    await payRent(s);
    await moveOut(s, [{ description: 'Repairs after the tenancy', amount: 50_000 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds',
      headers: admin.headers,
      payload: { reference: deposit, amount: 25_000, reason: 'Half of the deposit' },
    });
    // Refusing the refund (400/409) is one fix; taking it while the books still say the deposit was
    // kept is the fault.
    expect([202, 400, 409], res.body).toContain(res.statusCode);
    if (res.statusCode === 202) await refundProcessed((res.json() as { _id: string })._id);
    const { names, rows } = await broken();
    expect(names, rows).toEqual([]);
  });

  it('no-stranded-deposit: a deposit partly refunded, then paid again, is still settled at move-out', async () => {
    // Book → fee → deposit → refund part of it → pay a second deposit → rent → move out. Steps the
    // model takes, but its random search did not put them in this order within the runs tried
    // (about 1,000 sequences): found by following no-stranded-deposit's definition. The move-out
    // settles only the latest deposit; the rest of the first one is left with nobody to return it.
    const s = await booked();
    await payFee(s);
    const first = await payDeposit(s);
    await refund(first, 20_000);
    // A second deposit may be refused while part of the first is held (409), or taken.
    const again = await initiate(t, 'caution-fee', s.student, {
      room_id: s.room.id,
      callback_url: receiptUrl(t),
    });
    expect([201, 409], again.body).toContain(again.statusCode);
    if (again.statusCode === 201) await pay(s.student, again.json());
    await payRent(s);
    await moveOut(s);
    const { names, rows } = await broken();
    expect(names, rows).toEqual([]);
  });
});
