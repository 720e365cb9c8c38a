import { addDays, addMonths, daysBetween, ProfileSchema, todayInLagos } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import {
  bookedRoom,
  bookOk,
  hostelWithRoom,
  initiateAgentFeeOk,
  initiateRentOk,
  lagosDatePlusDays,
  SLOT,
  verify,
} from '../payments/payments.fixtures.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { getProfile } from '../users/profile.service.ts';

const ProfilePart = z.pick(ProfileSchema, {
  hostel: true,
  agentFeePayment: true,
  roomPricePayment: true,
  rentDetails: true,
});

describe('the payment part of the profile', () => {
  let t: TestApp;
  /** What a student paid and rents, as GET /user/{id} shows it. */
  const paidAndRented = async (userId: string) => {
    const { hostel, agentFeePayment, roomPricePayment, rentDetails } = await getProfile(t.app.deps, userId);
    return { hostel, agentFeePayment, roomPricePayment, rentDetails };
  };
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function decide(link: string, action: 'pay' | 'cancel') {
    const res = await t.app.inject({
      method: 'POST',
      url: `${new URL(link).pathname}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
  }

  it('is all null for a student who has paid nothing', async () => {
    const student = await signedInUser(t);
    expect(await paidAndRented(student.user.id)).toEqual({
      hostel: null,
      agentFeePayment: null,
      roomPricePayment: null,
      rentDetails: null,
    });
  });

  it('shows the successful agent fee (over a later abandoned one), then the rent and its countdown', async () => {
    const { hostel, room, student, booking } = await bookedRoom(t);
    const cancelled = await initiateAgentFeeOk(t, student, room, booking._id);
    await decide(cancelled.checkoutLink, 'cancel');

    const pending = await paidAndRented(student.user.id);
    expect(pending.agentFeePayment).toMatchObject({ status: 'abandoned', reference: cancelled.reference });
    expect(pending.hostel).toBeNull();

    const paid = await initiateAgentFeeOk(t, student, room, booking._id);
    await decide(paid.checkoutLink, 'pay');
    // A later attempt that was abandoned does not hide the success.
    const booking2 = await hostelWithRoom(t);
    const other = await bookOk(t, student, booking2.room);
    const later = await initiateAgentFeeOk(t, student, booking2.room, other._id);
    await decide(later.checkoutLink, 'cancel');

    const booked = ProfilePart.parse(await paidAndRented(student.user.id));
    expect(booked).toEqual({
      hostel: { _id: hostel.id, hostel_name: hostel.hostelName, address: hostel.address },
      agentFeePayment: {
        status: 'success',
        payment_type: 'AGENT_FEE',
        amount: room.agentFee,
        reference: paid.reference,
        booking: { _id: booking._id, inspection_date_time: `${lagosDatePlusDays(1)}_${SLOT}` },
        room: {
          _id: room.id,
          room_number: room.roomNumber,
          unit: room.unit,
          agent_fee: room.agentFee,
          price: room.price,
          caution_fee: room.cautionFee,
          commission_fee: room.commissionFee,
        },
        hostel: { _id: hostel.id, hostel_name: hostel.hostelName, address: hostel.address },
        booking_status: 'confirmed',
        cancel_until: expect.any(String),
      },
      roomPricePayment: null,
      rentDetails: null,
    });

    const rent = await initiateRentOk(t, student, room);
    await decide(rent.checkoutLink, 'pay');
    const rented = ProfilePart.parse(await paidAndRented(student.user.id));
    const due = addMonths(todayInLagos(), 12);
    expect(rented.roomPricePayment).toEqual({
      status: 'success',
      amount: room.price,
      reference: rent.reference,
    });
    expect(rented.rentDetails).toEqual({
      tenancy_id: expect.any(String),
      condition: { status: 'not_recorded', confirmed_at: null },
      rentStartDate: todayInLagos(),
      rentDueDate: due,
      // The full year at once: one part, paid (docs/domain.md, "Rent plans").
      plan: {
        plan: 'full',
        label: 'Full year at once',
        year_rent: room.price,
        parts: [{ number: 1, amount: room.price, due_on: todayInLagos(), paid: room.price, status: 'paid' }],
        paid: room.price,
        outstanding: 0,
        next: null,
        max_payable: 0,
      },
      countdown: daysBetween(todayInLagos(), due),
      notice: null,
      earliestMoveOut: addDays(todayInLagos(), 30),
      renewal: {
        open: false,
        opens_on: addDays(due, -60),
        message: expect.stringMatching(/^Renewal opens on /),
      },
    });
    expect(rented.hostel?._id).toBe(hostel.id);
  });

  it('gives no hostel for an agent fee that needs a refund', async () => {
    const { room } = await hostelWithRoom(t);
    const late = await signedInUser(t);
    const winner = await signedInUser(t);
    const lateBooking = await bookOk(t, late, room);
    const latePay = await initiateAgentFeeOk(t, late, room, lateBooking._id);
    await t.db
      .update(rooms)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(rooms.id, room.id));
    const winBooking = await bookOk(t, winner, room);
    const winPay = await initiateAgentFeeOk(t, winner, room, winBooking._id);
    await decide(winPay.checkoutLink, 'pay');
    await decide(latePay.checkoutLink, 'pay');
    expect((await verify(t, late, latePay.reference)).json().needs_refund).toBe(true);

    const profile = await paidAndRented(late.user.id);
    expect(profile.hostel).toBeNull();
    expect(profile.agentFeePayment?.status).toBe('success');
    expect((await paidAndRented(winner.user.id)).hostel?._id).toBe(room.hostelId);
  });
});
