import { and, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { bookings } from '../bookings/bookings.schema.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import {
  bookedRoom,
  bookOk,
  hostelWithRoom,
  initiate,
  payAtCheckout,
  receiptUrl,
} from './payments.fixtures.ts';
import { payments } from './payments.schema.ts';

/** One request to pay: the booking is enough; what older clients send alongside is still checked. */
describe('starting a payment', () => {
  const t = testApp();

  it('pays an agent fee from the booking id alone, at the price the server knows', async () => {
    const { room, student, booking } = await bookedRoom(t, { agentFee: 65_000 });
    const res = await initiate(t, 'agent-fee', student, {
      booking_id: booking._id,
      callback_url: receiptUrl(t),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, res.json().reference));
    expect(row).toMatchObject({ kind: 'agent_fee', amount: 65_000, roomId: room.id, bookingId: booking._id });
  });

  it('still checks the room, hostel and amount an older client sends with the booking', async () => {
    const { room } = await hostelWithRoom(t, { agentFee: 65_000 });
    const other = await hostelWithRoom(t);
    const student = await signedInUser(t);
    const booking = await bookOk(t, student, room);
    const base = { booking_id: booking._id, callback_url: receiptUrl(t) };

    const wrongRoom = await initiate(t, 'agent-fee', student, { ...base, room_id: other.room.id });
    expect(wrongRoom.statusCode).toBe(400);
    expect(wrongRoom.json().fields).toEqual({ booking_id: 'This booking is for a different room' });
    const wrongHostel = await initiate(t, 'agent-fee', student, { ...base, hostel_id: other.hostel.id });
    expect(wrongHostel.statusCode).toBe(400);
    const oldPrice = await initiate(t, 'agent-fee', student, { ...base, amount: 60_000 });
    expect(oldPrice.statusCode).toBe(409);
    expect(oldPrice.json().message).toBe('The price has changed to ₦65,000. Please review and try again.');
    const noBooking = await initiate(t, 'agent-fee', student, { callback_url: receiptUrl(t) });
    expect(noBooking.statusCode).toBe(400);
    expect(noBooking.json().fields).toEqual({ booking_id: 'Required' });

    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.userId, student.user.id));
    expect(count?.n).toBe(0);
  });

  it('pays rent from the booking id alone; without a booking or a room it asks which', async () => {
    const { room, student, booking } = await bookedRoom(t, { price: 650_000 });
    const fee = await initiate(t, 'agent-fee', student, {
      booking_id: booking._id,
      callback_url: receiptUrl(t),
    });
    await payAtCheckout(t, fee.json().checkoutLink);

    const neither = await initiate(t, 'room-price', student, {
      callback_url: receiptUrl(t, '/rent-receipt'),
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('Say which booking (booking_id) or room (room_id) the rent is for');

    const rent = await initiate(t, 'room-price', student, {
      booking_id: booking._id,
      callback_url: receiptUrl(t, '/rent-receipt'),
    });
    expect(rent.statusCode, rent.body).toBe(201);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, rent.json().reference));
    expect(row).toMatchObject({ kind: 'rent', amount: 650_000, roomId: room.id, bookingId: booking._id });
  });

  it('POST /payments/verify applies a paid checkout once; GET reads the same payment', async () => {
    const { room, student, booking } = await bookedRoom(t);
    const fee = await initiate(t, 'agent-fee', student, {
      booking_id: booking._id,
      callback_url: receiptUrl(t),
    });
    const { reference, checkoutLink } = fee.json() as { reference: string; checkoutLink: string };

    const before = await send(t, student, 'POST', '/api/payments/verify', { reference });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ reference, status: 'pending', payment_type: 'AGENT_FEE' });

    await payAtCheckout(t, checkoutLink);
    const after = await send(t, student, 'POST', '/api/payments/verify', { reference });
    expect(after.json()).toMatchObject({ reference, status: 'success' });
    const read = await send(t, student, 'GET', `/api/payments/verify?reference=${reference}`);
    expect(read.json()).toEqual(after.json());
    const [roomNow] = await t.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(roomNow?.status).toBe('booked');
  });
});

/**
 * Paying an agent fee takes the room's hold back when it has run out: under the same
 * per-student limit as booking, in the same statement (a regression: payment initiation used to
 * re-hold an expired booking's room whatever the student already held).
 */
describe('starting a payment: the hold limit', () => {
  const t = testApp();

  /** The body the spec's clients send (the check below must hold for them too). */
  const payFor = (bookingId: string, room: { id: string; hostelId: string }) => ({
    booking_id: bookingId,
    room_id: room.id,
    hostel_id: room.hostelId,
    callback_url: receiptUrl(t),
  });

  const liveHoldsOf = async (userId: string) =>
    (
      await t.db
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(eq(rooms.heldByUserId, userId), gt(rooms.heldUntil, sql`now()`)))
    ).length;

  it("refuses to take back an expired booking's hold while the student holds two other rooms", async () => {
    const student = await signedInUser(t);
    const first = await hostelWithRoom(t);
    const older = await bookOk(t, student, first.room);
    // That booking's hold runs out…
    await t.db
      .update(rooms)
      .set({ heldUntil: sql`now() - interval '1 minute'` })
      .where(eq(rooms.id, first.room.id));
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, older._id));
    // …and the student holds two other rooms.
    for (let i = 0; i < 2; i++) await bookOk(t, student, (await hostelWithRoom(t)).room);
    expect(await liveHoldsOf(student.user.id)).toBe(2);

    const res = await initiate(t, 'agent-fee', student, payFor(older._id, first.room));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already holding 2 rooms/);
    expect(await liveHoldsOf(student.user.id)).toBe(2);
    const [roomNow] = await t.db.select().from(rooms).where(eq(rooms.id, first.room.id));
    expect(roomNow!.heldUntil!.getTime()).toBeLessThan(Date.now());
    const started = await t.db.select().from(payments).where(eq(payments.userId, student.user.id));
    expect(started).toEqual([]);
  });

  it('takes the hold back when the student holds fewer than two other rooms', async () => {
    const student = await signedInUser(t);
    const { room } = await hostelWithRoom(t);
    const booking = await bookOk(t, student, room);
    await t.db
      .update(rooms)
      .set({ heldUntil: sql`now() - interval '1 minute'` })
      .where(eq(rooms.id, room.id));
    await bookOk(t, student, (await hostelWithRoom(t)).room);

    const res = await initiate(t, 'agent-fee', student, payFor(booking._id, room));
    expect(res.statusCode, res.body).toBe(201);
    expect(await liveHoldsOf(student.user.id)).toBe(2);
  });

  it('keeps the limit when one student starts payments for expired bookings in parallel', async () => {
    const student = await signedInUser(t);
    const expired: { id: string; room: { id: string; hostelId: string } }[] = [];
    for (let i = 0; i < 4; i++) {
      const { room } = await hostelWithRoom(t);
      expired.push({ id: (await bookOk(t, student, room))._id, room });
      await t.db
        .update(rooms)
        .set({ heldUntil: sql`now() - interval '1 minute'` })
        .where(eq(rooms.id, room.id));
    }
    const results = await Promise.all(
      expired.map((b) => initiate(t, 'agent-fee', student, payFor(b.id, b.room))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect(await liveHoldsOf(student.user.id)).toBe(2);
  });
});
