import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import {
  type FakePaystack,
  paystackPayments,
  signPaystackBody,
  startFakePaystack,
} from '../../../test/fake-paystack.ts';
import { send } from '../../../test/requests.ts';
import { messageDeliveries } from '../messages/messages.schema.ts';
import {
  bookOk,
  hostelWithRoom,
  initiateAgentFeeOk,
  paidInspection,
  type Student,
  verify,
} from '../payments/payments.fixtures.ts';
import { payments } from '../payments/payments.schema.ts';
import { rentParts, tenancies } from '../tenancies/tenancies.schema.ts';
import { bankTransfers } from './transfers.schema.ts';

const ROOM = { agentFee: 20_000, cautionFee: 50_000, price: 600_000 };

/**
 * Every transfer is accounted for (docs/domain.md, "Bank transfers", invariant): its amount is what
 * was applied from it — the payments recorded from it add up to exactly that — plus what is held
 * plus what was refunded, none negative.
 */
async function expectEveryTransferAccountedFor(t: TestApp) {
  const rows = await t.db
    .select({
      transfer: bankTransfers,
      paid: sql<string>`coalesce((select sum(${payments.amount}) from ${payments}
        where ${payments.transferReference} = ${bankTransfers.providerReference}), 0)`,
    })
    .from(bankTransfers);
  for (const { transfer, paid } of rows) {
    expect(transfer.applied + transfer.held + transfer.refunded, transfer.providerReference).toBe(
      transfer.amount,
    );
    expect(Math.min(transfer.applied, transfer.held, transfer.refunded)).toBeGreaterThanOrEqual(0);
    expect(Number(paid), transfer.providerReference).toBe(transfer.applied);
  }
}

const emailsTo = (t: TestApp, email: string) =>
  t.db.select().from(messageDeliveries).where(eq(messageDeliveries.recipient, email));

describe('bank transfers to her own account number (sandbox provider)', () => {
  const t = testApp({ rateLimits: false });

  async function withAccount(student: Student) {
    const res = await send(t, student, 'POST', '/api/me/dedicated-account');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'assigned', bank_name: 'StudyNest Sandbox Bank' });
    return res.json().account_number as string;
  }
  const transfer = async (student: Student, amount: number) => {
    const res = await send(t, student, 'POST', '/api/sandbox/transfers', { amount });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { reference: string; outcome: 'applied' | 'held' };
  };
  const credits = async (student: Student) => (await send(t, student, 'GET', '/api/me/credits')).json();

  it('gives an account number only to a student who has booked, once', async () => {
    const newcomer = await signedInUser(t);
    const before = await send(t, newcomer, 'GET', '/api/me/dedicated-account');
    expect(before.json()).toMatchObject({ state: 'not_eligible', account_number: null });
    expect((await send(t, newcomer, 'POST', '/api/me/dedicated-account')).statusCode).toBe(409);
    expect((await send(t, newcomer, 'POST', '/api/sandbox/transfers', { amount: 1000 })).statusCode).toBe(
      409,
    );

    const { student } = await paidInspection(t, { room: ROOM, deposit: false });
    expect((await send(t, student, 'GET', '/api/me/dedicated-account')).json()).toMatchObject({
      state: 'none',
    });
    const number = await withAccount(student);
    expect(number).toMatch(/^\d{10}$/);
    // Asking again changes nothing.
    expect(await withAccount(student)).toBe(number);
    expect((await send(t, student, 'GET', '/api/me/dedicated-account')).json().account_number).toBe(number);
  });

  it('applies a transfer matching what she owes, oldest first, with a receipt and an e-mail', async () => {
    const { student, room } = await paidInspection(t, { room: ROOM, deposit: false });
    await withAccount(student);
    // The caution deposit and the first rent are both due since the agent fee: the deposit comes first.
    expect(await transfer(student, 50_000)).toMatchObject({ outcome: 'applied' });
    const [deposit] = await t.db
      .select()
      .from(payments)
      .where(sql`${payments.userId} = ${student.user.id} and ${payments.kind} = 'caution_fee'`);
    expect(deposit).toMatchObject({ status: 'success', amount: 50_000, channel: 'dedicated_nuban' });
    expect(deposit?.receiptNumber).toMatch(/^SN-\d{4}-\d{6}$/);
    const detail = await verify(t, student, deposit!.reference);
    expect(detail.json()).toMatchObject({ payment_type: 'CAUTION_FEE', channel: 'dedicated_nuban' });
    expect(
      (await emailsTo(t, student.user.email)).some((m) => m.subject === 'StudyNest: ₦50,000 received'),
    ).toBe(true);

    // Then the year's rent: it makes her the tenant, as a checkout's rent would.
    expect(await transfer(student, 600_000)).toMatchObject({ outcome: 'applied' });
    const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.roomId, room.id));
    expect(tenancy?.userId).toBe(student.user.id);
    expect(await credits(student)).toEqual([]);
    await expectEveryTransferAccountedFor(t);
  });

  it('holds one too small as her credit; an admin cannot allocate it to more than it holds, and refunds it', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { student, room } = await paidInspection(t, { room: ROOM, deposit: false });
    await withAccount(student);
    expect(await transfer(student, 10_000)).toMatchObject({ outcome: 'held' });
    const [credit] = await credits(student);
    expect(credit).toMatchObject({ amount: 10_000, held: 10_000, status: 'held', receipts: [] });
    expect(credit.reason).toMatch(
      new RegExp(`^₦10,000 is less than what you owe \\(₦50,000 caution deposit for ${room.roomNumber}, `),
    );
    expect(
      (await emailsTo(t, student.user.email)).some((m) => m.subject?.includes('held as your credit')),
    ).toBe(true);

    const listed = await send(t, admin, 'GET', '/api/admin/credits?status=held');
    expect(listed.json().find((c: { _id: string }) => c._id === credit._id)).toMatchObject({
      user: { _id: student.user.id, email: student.user.email },
    });
    const dues = (await send(t, admin, 'GET', `/api/admin/credits/${credit._id}/dues`)).json();
    expect(dues.map((d: { key: string }) => d.key)).toEqual([`caution_fee:${room.id}`, `rent:${room.id}`]);
    const tooMuch = await send(t, admin, 'POST', `/api/admin/credits/${credit._id}/allocate`, {
      due_key: `caution_fee:${room.id}`,
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json().message).toContain('₦10,000');

    const refunded = await send(t, admin, 'POST', `/api/admin/credits/${credit._id}/refund`, {
      reason: 'Sent too little',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', held: 0, amount: 10_000 });
    // Never twice.
    expect((await send(t, admin, 'POST', `/api/admin/credits/${credit._id}/refund`, {})).statusCode).toBe(
      409,
    );
    await expectEveryTransferAccountedFor(t);
  });

  it('holds one too large; an admin allocates part of it to what she owes and refunds the rest', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { student, room } = await paidInspection(t, { room: ROOM, deposit: false });
    await withAccount(student);
    expect(await transfer(student, 70_000)).toMatchObject({ outcome: 'held' });
    const [credit] = await credits(student);
    expect(credit.reason).toMatch(/^₦70,000 does not match anything you owe/);

    const wrongKey = await send(t, admin, 'POST', `/api/admin/credits/${credit._id}/allocate`, {
      due_key: 'rent:nope',
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().fields.due_key).toContain(`caution_fee:${room.id}`);

    const allocated = await send(t, admin, 'POST', `/api/admin/credits/${credit._id}/allocate`, {
      due_key: `caution_fee:${room.id}`,
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect(allocated.json()).toMatchObject({ status: 'held', held: 20_000, amount: 70_000 });
    expect(allocated.json().receipts).toHaveLength(1);
    const deposits = await t.db
      .select()
      .from(payments)
      .where(sql`${payments.userId} = ${student.user.id} and ${payments.kind} = 'caution_fee'`);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ status: 'success', amount: 50_000, needsRefund: false });

    const refunded = await send(t, admin, 'POST', `/api/admin/credits/${credit._id}/refund`, { reason: '' });
    expect(refunded.json()).toMatchObject({ status: 'refunded', held: 0 });
    const [row] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, credit._id));
    expect(row).toMatchObject({ applied: 50_000, refunded: 20_000, held: 0, refundState: 'processed' });
    await expectEveryTransferAccountedFor(t);
  });

  it('holds one that arrives when nothing is due; an admin allocates a credit that covers a new due', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { student } = await paidInspection(t, { room: { ...ROOM, cautionFee: 0 }, deposit: false });
    await withAccount(student);
    // Her rent is due: a transfer of it is applied; then she owes nothing.
    expect(await transfer(student, 600_000)).toMatchObject({ outcome: 'applied' });
    expect(await transfer(student, 5_000)).toMatchObject({ outcome: 'held' });
    const [credit] = await credits(student);
    expect(credit.reason).toBe('₦5,000 arrived when you owed nothing');
    expect((await send(t, admin, 'GET', `/api/admin/credits/${credit._id}/dues`)).json()).toEqual([]);
    const allocated = await send(t, admin, 'POST', `/api/admin/credits/${credit._id}/allocate`, {
      due_key: 'rent:x',
    });
    expect(allocated.statusCode).toBe(400);
    expect((await send(t, admin, 'GET', '/api/admin/credits?status=refunded')).json()).not.toContainEqual(
      expect.objectContaining({ _id: credit._id }),
    );
    await expectEveryTransferAccountedFor(t);
  });

  it('pays a pending booking’s agent fee from a transfer of exactly that', async () => {
    const { room } = await hostelWithRoom(t, ROOM);
    const { student } = await paidInspection(t, { room: ROOM, deposit: true });
    await withAccount(student);
    // A second booking, of another room: its fee is now the oldest thing she owes after the first room's rent.
    const booking = await bookOk(t, student, room);
    expect(await transfer(student, 20_000)).toMatchObject({ outcome: 'applied' });
    const [fee] = await t.db.select().from(payments).where(eq(payments.bookingId, booking._id));
    expect(fee).toMatchObject({ kind: 'agent_fee', status: 'success', channel: 'dedicated_nuban' });
    await expectEveryTransferAccountedFor(t);
  });

  it('pays rent in parts: the plan’s first part starts the year on it, the next part its exact balance, anything between is held', async () => {
    // ₦600,000 on 2 parts: ₦360,000 at move-in, ₦240,000 within 4 months (docs/domain.md, "Rent plans").
    const { student, room } = await paidInspection(t, {
      room: { ...ROOM, cautionFee: 0, rentPlan: 'two_parts' },
      deposit: false,
    });
    await withAccount(student);
    expect(await transfer(student, 360_000)).toMatchObject({ outcome: 'applied' });
    const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.roomId, room.id));
    expect(tenancy?.userId).toBe(student.user.id);
    const parts = () =>
      t.db
        .select({
          number: rentParts.number,
          amount: rentParts.amount,
          paid: rentParts.paid,
          plan: rentParts.plan,
        })
        .from(rentParts)
        .where(eq(rentParts.tenancyId, tenancy!.id))
        .orderBy(rentParts.number);
    expect(await parts()).toEqual([
      { number: 1, amount: 360_000, paid: 360_000, plan: 'two_parts' },
      { number: 2, amount: 240_000, paid: 0, plan: 'two_parts' },
    ]);

    // ₦100,000 is neither part 2 nor anything else she owes: held, saying what is due.
    expect(await transfer(student, 100_000)).toMatchObject({ outcome: 'held' });
    const [held] = await credits(student);
    expect(held).toMatchObject({ amount: 100_000, held: 100_000, status: 'held' });
    expect(held.reason).toContain('₦240,000 rent, part 2 of 2');

    expect(await transfer(student, 240_000)).toMatchObject({ outcome: 'applied' });
    expect((await parts()).map((p) => p.paid)).toEqual([360_000, 240_000]);
    const rents = await t.db
      .select({ amount: payments.amount, receipt: payments.receiptNumber })
      .from(payments)
      .where(sql`${payments.userId} = ${student.user.id} and ${payments.kind} = 'rent'`);
    expect(rents.map((r) => r.amount).sort()).toEqual([240_000, 360_000]);
    expect(rents.every((r) => /^SN-\d{4}-\d{6}$/.test(r.receipt ?? ''))).toBe(true);
    await expectEveryTransferAccountedFor(t);
  });
});

describe('bank transfers through Paystack (fake Paystack)', () => {
  let t: TestApp;
  let off: TestApp;
  let fake: FakePaystack;

  beforeAll(async () => {
    fake = await startFakePaystack('sk_test_transfers');
    t = await buildTestApp({ rateLimits: false, payments: paystackPayments(fake, 2_000, true) });
    off = await buildTestApp({ rateLimits: false, payments: paystackPayments(fake, 2_000, false) });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    await fake.close();
  });

  /** A student whose agent fee was paid at (fake) Paystack's checkout. */
  async function bookedStudent(app: TestApp) {
    const { room } = await hostelWithRoom(app, ROOM);
    const student = await signedInUser(app);
    const booking = await bookOk(app, student, room);
    const { reference } = await initiateAgentFeeOk(app, student, room, booking._id);
    fake.settle(reference, 'success');
    expect((await verify(app, student, reference)).json()).toMatchObject({
      status: 'success',
      channel: 'card',
    });
    return { student, room };
  }
  const webhook = (app: TestApp, hook: { body: string; headers: Record<string, string> }) =>
    app.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paystack',
      headers: hook.headers,
      payload: hook.body,
    });

  it('says account numbers are unavailable while they are off', async () => {
    const { student } = await bookedStudent(off);
    const res = await send(off, student, 'GET', '/api/me/dedicated-account');
    expect(res.json()).toMatchObject({ state: 'unavailable', account_number: null });
    expect(res.json().message).toMatch(/not available/);
    expect((await send(off, student, 'POST', '/api/me/dedicated-account')).json().state).toBe('unavailable');
    expect((await send(off, student, 'POST', '/api/sandbox/transfers', { amount: 1000 })).statusCode).toBe(
      404,
    );
  });

  it('says so when Paystack has not approved the business for dedicated accounts', async () => {
    const { student } = await bookedStudent(t);
    fake.dedicatedAccountAnswer = 'not_approved';
    try {
      const res = await send(t, student, 'POST', '/api/me/dedicated-account');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ state: 'unavailable', account_number: null });
      expect(res.json().message).toMatch(/not approved/);
    } finally {
      fake.dedicatedAccountAnswer = 'at_once';
    }
    // Asked again once approved, her customer code is reused.
    const customers = fake.calls.customer;
    expect((await send(t, student, 'POST', '/api/me/dedicated-account')).json().state).toBe('assigned');
    expect(fake.calls.customer).toBe(customers);
  });

  it('assigns an account later through dedicatedaccount.assign.success', async () => {
    const { student } = await bookedStudent(t);
    fake.dedicatedAccountAnswer = 'later';
    try {
      expect((await send(t, student, 'POST', '/api/me/dedicated-account')).json().state).toBe('requested');
    } finally {
      fake.dedicatedAccountAnswer = 'at_once';
    }
    const customer = [...fake.customers.values()].find((c) => c.email === student.user.email)!;
    expect((await webhook(t, fake.assignWebhook(customer.code))).statusCode).toBe(200);
    const res = await send(t, student, 'GET', '/api/me/dedicated-account');
    expect(res.json()).toMatchObject({
      state: 'assigned',
      bank_name: 'Test Bank',
      account_number: customer.account?.number,
    });
  });

  it('applies the same transfer webhook once however often it comes, re-verified with Paystack', async () => {
    const { student } = await bookedStudent(t);
    expect((await send(t, student, 'POST', '/api/me/dedicated-account')).json().state).toBe('assigned');
    const customer = [...fake.customers.values()].find((c) => c.email === student.user.email)!;
    const reference = fake.receiveTransfer(customer.code, 50_000 * 100);
    const hook = fake.transferWebhook(reference);
    // One more whose body does not name the channel: Paystack's answer says it is a transfer.
    const bare = JSON.stringify({ event: 'charge.success', data: { reference, status: 'success' } });
    const bareHook = {
      body: bare,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(bare, fake.secretKey),
      },
    };
    const answers = await Promise.all([
      webhook(t, hook),
      webhook(t, bareHook),
      webhook(t, hook),
      webhook(t, hook),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const recorded = await t.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.providerReference, reference));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'applied', applied: 50_000, sender: 'ADA OBI, Access Bank' });
    const paid = await t.db.select().from(payments).where(eq(payments.transferReference, reference));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ kind: 'caution_fee', provider: 'paystack', channel: 'dedicated_nuban' });
    await expectEveryTransferAccountedFor(t);
  });

  it('refunds a held credit through Paystack, part of that transfer', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { student } = await bookedStudent(t);
    await send(t, student, 'POST', '/api/me/dedicated-account');
    const customer = [...fake.customers.values()].find((c) => c.email === student.user.email)!;
    const reference = fake.receiveTransfer(customer.code, 1_234 * 100);
    await webhook(t, fake.transferWebhook(reference));
    const [credit] = (await send(t, student, 'GET', '/api/me/credits')).json();
    expect(credit).toMatchObject({ reference, amount: 1_234, held: 1_234, status: 'held' });
    const res = await send(t, admin, 'POST', `/api/admin/credits/${credit._id}/refund`, {
      reason: 'Not needed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', held: 0 });
    const asked = [...fake.refunds.values()].filter((r) => r.reference === reference);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.amount).toBe(1_234 * 100);
    // Paystack queued it; its refund.processed webhook (asked of Paystack again) settles it once.
    const [queued] = await t.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.providerReference, reference));
    expect(queued).toMatchObject({ refundState: 'pending', refunded: 1_234, held: 0 });
    fake.settleRefund(asked[0]!.id, 'processed');
    expect((await webhook(t, fake.refundWebhook(asked[0]!.id, 'refund.processed'))).statusCode).toBe(200);
    const [done] = await t.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.providerReference, reference));
    expect(done).toMatchObject({ status: 'refunded', refundState: 'processed', refunded: 1_234 });
    await expectEveryTransferAccountedFor(t);
  });

  it('puts a credit back as held when Paystack refuses its refund', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { student } = await bookedStudent(t);
    await send(t, student, 'POST', '/api/me/dedicated-account');
    const customer = [...fake.customers.values()].find((c) => c.email === student.user.email)!;
    const reference = fake.receiveTransfer(customer.code, 900 * 100);
    await webhook(t, fake.transferWebhook(reference));
    const [credit] = (await send(t, student, 'GET', '/api/me/credits')).json();
    // Someone already refunded it all from Paystack's dashboard: Paystack refuses another.
    fake.refunds.set(88_001, {
      id: 88_001,
      reference,
      amount: 900 * 100,
      merchantNote: 'dashboard',
      status: 'processed',
    });
    const res = await send(t, admin, 'POST', `/api/admin/credits/${credit._id}/refund`, {
      reason: 'Not needed',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/still held/);
    const [row] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, credit._id));
    expect(row).toMatchObject({ status: 'held', held: 900, refunded: 0, refundState: 'failed' });
    await expectEveryTransferAccountedFor(t);
  });
});
