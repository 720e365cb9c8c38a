import { addMonths, todayInLagos } from '@studynest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import {
  type FakePaystack,
  paystackPayments,
  signPaystackBody,
  startFakePaystack,
} from '../../../test/fake-paystack.ts';
import { send } from '../../../test/requests.ts';
import { bookings } from '../bookings/bookings.schema.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { tenancies } from '../tenancies/tenancies.schema.ts';
import {
  agentFeeBody,
  bookedRoom,
  bookOk,
  hostelWithRoom,
  initiate,
  initiateAgentFeeOk,
  initiateRentOk,
  receiptUrl,
  rentYearNearlyUp,
  type Student,
  verify,
} from './payments.fixtures.ts';
import { payments } from './payments.schema.ts';

describe('payments through Paystack (fake Paystack server)', () => {
  let t: TestApp;
  let fake: FakePaystack;
  beforeAll(async () => {
    fake = await startFakePaystack('sk_test_x');
    t = await buildTestApp({
      payments: paystackPayments(fake),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const roomRow = async (id: string) => (await t.db.select().from(rooms).where(eq(rooms.id, id)))[0]!;
  const paymentRow = async (reference: string) =>
    (await t.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
  const tenanciesOf = (roomId: string) => t.db.select().from(tenancies).where(eq(tenancies.roomId, roomId));

  /** Book and pay the agent fee at the fake Paystack, verified through the API. */
  async function agentFeePaid(student: Student, room: Awaited<ReturnType<typeof hostelWithRoom>>['room']) {
    const booking = await bookOk(t, student, room);
    const { reference } = await initiateAgentFeeOk(t, student, room, booking._id);
    fake.settle(reference, 'success');
    const res = await verify(t, student, reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('success');
    return { booking, reference };
  }

  it('runs the whole agent-fee then rent journey', async () => {
    const { hostel, room, student, booking } = await bookedRoom(t);

    const init = await initiateAgentFeeOk(t, student, room, booking._id);
    expect(init.reference).toMatch(/^SN-AF-[0-9A-F]{20}$/);
    expect(init.checkoutLink).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    const trx = fake.transactions.get(init.reference)!;
    expect(trx).toMatchObject({ amount: room.agentFee * 100, currency: 'NGN', email: student.user.email });
    expect(trx.callbackUrl).toBe(receiptUrl(t));
    // The checkout offers exactly our channels, sent explicitly.
    expect(trx.channels).toEqual(['card', 'bank_transfer', 'ussd']);

    // Before the customer pays, Paystack says "abandoned": nothing changes.
    const early = await verify(t, student, init.reference);
    expect(early.statusCode).toBe(200);
    expect(early.json().status).toBe('abandoned');
    expect((await roomRow(room.id)).status).toBe('available');

    fake.settle(init.reference, 'success');
    const paid = await verify(t, student, init.reference);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      reference: init.reference,
      status: 'success',
      payment_type: 'AGENT_FEE',
      purpose: 'AGENT_FEE',
      amount: room.agentFee,
      needs_refund: false,
      booking: { _id: booking._id },
      room: { _id: room.id, room_number: room.roomNumber, agent_fee: room.agentFee, price: room.price },
      hostel: { _id: hostel.id, hostel_name: hostel.hostelName, address: hostel.address },
      tenancy: null,
    });
    expect(paid.json().paid_at).toBeTruthy();
    const r = await roomRow(room.id);
    expect(r.status).toBe('booked');
    expect(r.heldByUserId).toBeNull();
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(b?.status).toBe('confirmed');
    expect(b?.confirmedAt).toBeTruthy();

    const rent = await initiateRentOk(t, student, room);
    expect(rent.reference).toMatch(/^SN-RR-/);
    expect(fake.transactions.get(rent.reference)?.amount).toBe(room.price * 100);
    fake.settle(rent.reference, 'success');
    const rentPaid = await verify(t, student, rent.reference);
    expect(rentPaid.statusCode).toBe(200);
    const today = todayInLagos();
    expect(rentPaid.json()).toMatchObject({
      status: 'success',
      payment_type: 'ROOM_RENT',
      purpose: 'ROOM_RENT',
      amount: room.price,
      booking: null,
      tenancy: { rentStartDate: today, rentDueDate: addMonths(today, 12) },
    });
    expect((await roomRow(room.id)).status).toBe('rented');
    expect(await tenanciesOf(room.id)).toHaveLength(1);

    // Verifying again any number of times changes nothing.
    await verify(t, student, rent.reference);
    expect(await tenanciesOf(room.id)).toHaveLength(1);

    // GET /user/{id} shows what was paid and rented (the profile's payment part).
    const profile = await send(t, student, 'GET', `/api/user/${student.user.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      hostel: { _id: hostel.id, hostel_name: hostel.hostelName },
      agentFeePayment: {
        status: 'success',
        amount: room.agentFee,
        reference: init.reference,
        booking: { _id: booking._id },
      },
      roomPricePayment: { status: 'success', amount: room.price, reference: rent.reference },
      rentDetails: { rentStartDate: today, rentDueDate: addMonths(today, 12) },
    });
    expect(profile.json().rentDetails.countdown).toBeGreaterThanOrEqual(364);
  });

  it('refuses a tampered amount (409) and says the real price', async () => {
    const { room, student, booking } = await bookedRoom(t, { agentFee: 65_000 });
    const res = await initiate(t, 'agent-fee', student, agentFeeBody(t, room, booking._id, { amount: 100 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The price has changed to ₦65,000. Please review and try again.');
    expect(await t.db.select().from(payments).where(eq(payments.roomId, room.id))).toHaveLength(0);

    // No amount at all: the server's price is used.
    const { amount: _serversPrice, ...withoutAmount } = agentFeeBody(t, room, booking._id);
    const ok = await initiate(t, 'agent-fee', student, withoutAmount);
    expect(ok.statusCode).toBe(201);
    expect(fake.transactions.get(ok.json().reference)?.amount).toBe(6_500_000);
  });

  it('accepts callbacks only on our own origin', async () => {
    const { room, student, booking } = await bookedRoom(t);
    const foreign = [
      'https://evil.com/receipt-page',
      'https://localhost:3000.evil.com/receipt-page',
      'http://localhost:3000.evil.com/receipt-page',
      'http://evil.com/?x=http://localhost:3000',
      'http://localhost:3000@evil.com/receipt-page',
      'https://localhost:3000/receipt-page',
      'http://localhost:3001/receipt-page',
      'javascript:alert(1)//http://localhost:3000',
      '//localhost:3000/receipt-page',
      '/receipt-page',
      'not a url',
    ];
    for (const callback_url of foreign) {
      const res = await initiate(
        t,
        'agent-fee',
        student,
        agentFeeBody(t, room, booking._id, { callback_url }),
      );
      expect(res.statusCode, callback_url).toBe(400);
      expect(res.json().fields).toHaveProperty('callback_url');
    }
    expect(await t.db.select().from(payments).where(eq(payments.roomId, room.id))).toHaveLength(0);
    const ok = await initiate(
      t,
      'agent-fee',
      student,
      agentFeeBody(t, room, booking._id, { callback_url: 'http://LOCALHOST:3000/receipt-page?from=booking' }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("refuses another student paying someone's booking (403) and guards verify", async () => {
    const { room } = await hostelWithRoom(t);
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'admin' });
    const booking = await bookOk(t, owner, room);
    const res = await initiate(t, 'agent-fee', other, agentFeeBody(t, room, booking._id));
    expect(res.statusCode).toBe(403);

    const { reference } = await initiateAgentFeeOk(t, owner, room, booking._id);
    expect((await verify(t, other, reference)).statusCode).toBe(403);
    expect((await verify(t, admin, reference)).statusCode).toBe(200);
    expect((await verify(t, owner, 'SN-AF-NOPE')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/payments/verify?reference=${reference}` })).statusCode,
    ).toBe(401);
  });

  it('lets only the agent-fee payer or the tenant pay rent', async () => {
    const { room } = await hostelWithRoom(t);
    const payer = await signedInUser(t);
    const stranger = await signedInUser(t);
    const body = { room_id: room.id, hostel_id: room.hostelId, callback_url: receiptUrl(t, '/rent-receipt') };
    expect((await initiate(t, 'room-price', payer, body)).statusCode).toBe(403);
    await agentFeePaid(payer, room);
    expect((await initiate(t, 'room-price', stranger, body)).statusCode).toBe(403);
    const tampered = await initiate(t, 'room-price', payer, { ...body, amount: room.price - 1 });
    expect(tampered.statusCode).toBe(409);
    expect((await initiate(t, 'room-price', payer, { ...body, amount: String(room.price) })).statusCode).toBe(
      201,
    );
  });

  it('a bad webhook signature is refused (401) with no effect; a good one applies once', async () => {
    const { room, student, booking } = await bookedRoom(t);
    const { reference } = await initiateAgentFeeOk(t, student, room, booking._id);
    fake.settle(reference, 'success');
    const { body, headers } = fake.webhook(reference);
    const verifiesBefore = fake.calls.verify;

    for (const signature of [
      '',
      'abc',
      signPaystackBody(body, 'sk_wrong'),
      signPaystackBody(`${body} `, 'sk_test_x'),
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/paystack',
        headers: { ...headers, 'x-paystack-signature': signature },
        payload: body,
      });
      expect(bad.statusCode).toBe(401);
    }
    expect(fake.calls.verify).toBe(verifiesBefore);
    expect((await paymentRow(reference)).status).toBe('pending');
    expect((await roomRow(room.id)).status).toBe('available');

    for (let i = 0; i < 3; i++) {
      const good = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/paystack',
        headers,
        payload: body,
      });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ received: true });
    }
    // Paystack was asked (never trusting the webhook body), and the effect happened once.
    expect(fake.calls.verify).toBe(verifiesBefore + 1);
    expect((await paymentRow(reference)).status).toBe('success');
    expect((await roomRow(room.id)).status).toBe('booked');

    // Events we do not act on, and references that are not ours, are acknowledged.
    const other = fake.webhook(reference, 'transfer.success');
    expect((await send(t, other, 'POST', '/api/payments/webhook/paystack', other.body)).statusCode).toBe(200);
    const unknownBody = JSON.stringify({ event: 'charge.success', data: { reference: 'SOMEONE-ELSE' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paystack',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(unknownBody, 'sk_test_x'),
      },
      payload: unknownBody,
    });
    expect(unknown.statusCode).toBe(200);
  });

  it('verify + webhook + verify in parallel apply a renewal exactly once', async () => {
    const { room } = await hostelWithRoom(t);
    const student = await signedInUser(t);
    await agentFeePaid(student, room);
    const first = await initiateRentOk(t, student, room);
    fake.settle(first.reference, 'success');
    expect((await verify(t, student, first.reference)).statusCode).toBe(200);
    const [tenancy] = await tenanciesOf(room.id);
    expect(tenancy?.dueDate).toBe(addMonths(todayInLagos(), 12));

    const due = await rentYearNearlyUp(t, room.id);
    const renewal = await initiateRentOk(t, student, room);
    fake.settle(renewal.reference, 'success');
    const hook = fake.webhook(renewal.reference);
    const results = await Promise.all([
      verify(t, student, renewal.reference),
      send(t, hook, 'POST', '/api/payments/webhook/paystack', hook.body),
      verify(t, student, renewal.reference),
      verify(t, student, renewal.reference),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const all = await tenanciesOf(room.id);
    expect(all).toHaveLength(1);
    expect(all[0]?.startDate).toBe(addMonths(due, -12));
    expect(all[0]?.dueDate).toBe(addMonths(due, 12));
    expect(results[0]?.json().tenancy).toEqual({
      rentStartDate: addMonths(due, -12),
      rentDueDate: addMonths(due, 12),
    });
  });

  it('a success after the room went to someone else needs a refund and leaves the room alone', async () => {
    const { room } = await hostelWithRoom(t);
    const late = await signedInUser(t);
    const winner = await signedInUser(t);
    const lateBooking = await bookOk(t, late, room);
    const { reference } = await initiateAgentFeeOk(t, late, room, lateBooking._id);

    // The late student's hold runs out; another student books and pays first.
    await t.db
      .update(rooms)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(rooms.id, room.id));
    await agentFeePaid(winner, room);

    fake.settle(reference, 'success');
    const res = await verify(t, late, reference);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', needs_refund: true });
    const r = await roomRow(room.id);
    expect(r.status).toBe('booked');
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, lateBooking._id));
    expect(b?.status).toBe('cancelled');

    const admin = await signedInUser(t, { role: 'admin' });
    const refunds = await send(t, admin, 'GET', '/api/admin/refunds');
    expect(refunds.statusCode).toBe(200);
    expect(refunds.json().due).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reference,
          payment_type: 'AGENT_FEE',
          user: expect.objectContaining({ _id: late.user.id }),
        }),
      ]),
    );
    // The late student cannot pay rent for a room that is someone else's.
    const rent = await initiate(t, 'room-price', late, {
      room_id: room.id,
      hostel_id: room.hostelId,
      callback_url: receiptUrl(t, '/rent-receipt'),
    });
    expect(rent.statusCode).toBe(403);
  });

  it('a failed payment changes nothing; a wrong amount or currency at the provider is not applied', async () => {
    const { room, student, booking } = await bookedRoom(t);
    const failed = await initiateAgentFeeOk(t, student, room, booking._id);
    fake.settle(failed.reference, 'failed');
    const res = await verify(t, student, failed.reference);
    expect(res.json()).toMatchObject({ status: 'failed', needs_refund: false });
    expect((await roomRow(room.id)).status).toBe('available');
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(b?.status).toBe('pending');

    const cheap = await initiateAgentFeeOk(t, student, room, booking._id);
    fake.settle(cheap.reference, 'success', { amountKobo: 100 });
    expect((await verify(t, student, cheap.reference)).json().status).toBe('failed');
    expect(
      ((await paymentRow(cheap.reference)).providerData as { failureReason: string }).failureReason,
    ).toMatch(/amount mismatch/);

    const dollars = await initiateAgentFeeOk(t, student, room, booking._id);
    fake.settle(dollars.reference, 'success', { currency: 'USD' });
    expect((await verify(t, student, dollars.reference)).json().status).toBe('failed');
    expect((await roomRow(room.id)).status).toBe('available');
    expect(await tenanciesOf(room.id)).toHaveLength(0);
  });

  it('answers 502 when Paystack is down, and leaves no payable payment behind', async () => {
    const { room, student, booking } = await bookedRoom(t);
    fake.down = true;
    try {
      const res = await initiate(t, 'agent-fee', student, agentFeeBody(t, room, booking._id));
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('The payment provider is not answering. Please try again.');
      const rows = await t.db.select().from(payments).where(eq(payments.roomId, room.id));
      expect(rows.map((p) => p.status)).toEqual(['failed']);
    } finally {
      fake.down = false;
    }
    const { reference } = await initiateAgentFeeOk(t, student, room, booking._id);
    fake.down = true;
    try {
      expect((await verify(t, student, reference)).statusCode).toBe(502);
    } finally {
      fake.down = false;
    }
  });

  it('lists tenants and bookings for admins, with the Booking(N) count', async () => {
    const { hostel, room } = await hostelWithRoom(t);
    const student = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'admin' });
    const countBefore = (await send(t, admin, 'GET', '/api/bookings/count')).json().upcoming;
    const { booking } = await agentFeePaid(student, room);
    const count = await send(t, admin, 'GET', '/api/bookings/count');
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ upcoming: countBefore + 1 });

    const list = await send(t, admin, 'GET', '/api/bookings');
    expect(list.statusCode).toBe(200);
    const mine = list.json().find((b: { _id: string }) => b._id === booking._id);
    expect(mine).toMatchObject({
      student: { _id: student.user.id, email: student.user.email, phone_number: student.user.phoneNumber },
      room: { _id: room.id, room_number: room.roomNumber, unit: room.unit },
      hostel: { _id: hostel.id, hostel_name: hostel.hostelName },
      status: 'confirmed',
      payment_status: 'success',
    });
    const upcoming = await send(t, admin, 'GET', '/api/bookings?upcoming=1');
    expect(upcoming.json()).toHaveLength(countBefore + 1);
    expect(upcoming.json().every((b: { status: string }) => b.status === 'confirmed')).toBe(true);

    const rent = await initiateRentOk(t, student, room);
    fake.settle(rent.reference, 'success');
    await verify(t, student, rent.reference);
    const tenants = await send(t, admin, 'GET', '/api/payments/tenants');
    expect(tenants.statusCode).toBe(200);
    const row = tenants.json().find((x: { room: { _id: string } }) => x.room._id === room.id);
    expect(row).toEqual({
      user: {
        _id: student.user.id,
        first_name: student.user.firstName,
        last_name: student.user.lastName,
        email: student.user.email,
        phone_number: student.user.phoneNumber,
      },
      hostel: { _id: hostel.id, hostel_name: hostel.hostelName, address: hostel.address },
      room: { _id: room.id, room_number: room.roomNumber, unit: room.unit },
      rentStartDate: todayInLagos(),
      rentDueDate: addMonths(todayInLagos(), 12),
      daysLeft: expect.any(Number),
      amountPaid: room.price,
      tenancy_id: expect.any(String),
      deposit_held: 0,
      notice: null,
      rent_parts_unpaid: [],
    });
    expect(row.daysLeft).toBeGreaterThanOrEqual(365);
    expect(row.daysLeft).toBeLessThanOrEqual(366);

    for (const url of [
      '/api/bookings',
      '/api/bookings/count',
      '/api/payments/tenants',
      '/api/admin/refunds',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await send(t, student, 'GET', url)).statusCode, url).toBe(403);
    }
    const active = await t.db
      .select()
      .from(tenancies)
      .where(and(eq(tenancies.roomId, room.id), isNull(tenancies.endedAt)));
    expect(active).toHaveLength(1);
  });

  it('keeps the sandbox checkout closed when Paystack is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/checkout/SN-AF-123' });
    expect(res.statusCode).toBe(404);
    const pay = await t.app.inject({ method: 'POST', url: '/sandbox/checkout/SN-AF-123/pay' });
    expect(pay.statusCode).toBe(404);
  });
});
