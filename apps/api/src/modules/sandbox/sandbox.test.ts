import { addMonths, todayInLagos } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import { bookings } from '../bookings/bookings.schema.ts';
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
  verify,
} from '../payments/payments.fixtures.ts';
import { readPdf } from '../receipts/receipts.fixtures.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { tenancies } from '../tenancies/tenancies.schema.ts';

describe('sandbox payment provider (default)', () => {
  const t = testApp();

  const checkoutPath = (link: string) => new URL(link).pathname;

  /** Press a sandbox button as a browser form would, and follow the 303 to the callback page's reference. */
  async function press(link: string, action: 'pay' | 'cancel') {
    const res = await t.app.inject({
      method: 'POST',
      url: `${checkoutPath(link)}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(303);
    return new URL(res.headers.location as string);
  }

  it('pays the agent fee and the rent through the test checkout page', async () => {
    const { hostel, room, student, booking } = await bookedRoom(t, { agentFee: 65_000, price: 650_000 });
    const { checkoutLink, reference } = await initiateAgentFeeOk(t, student, room, booking._id);
    expect(checkoutLink).toBe(`${t.config.publicUrl}/sandbox/checkout/${reference}`);

    const page = await t.app.inject({ method: 'GET', url: checkoutPath(checkoutLink) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('TEST PAYMENT — no real money moves');
    expect(page.body).toContain('₦65,000');
    expect(page.body).toContain(hostel.hostelName);
    expect(page.body).toContain(`action="/sandbox/checkout/${reference}/pay"`);
    expect(page.body).toContain(`action="/sandbox/checkout/${reference}/cancel"`);
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);

    const back = await press(checkoutLink, 'pay');
    expect(`${back.origin}${back.pathname}`).toBe(receiptUrl(t));
    expect(back.searchParams.get('reference')).toBe(reference);
    expect(back.searchParams.get('trxref')).toBe(reference);

    const verified = await verify(t, student, back.searchParams.get('reference')!);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'success', payment_type: 'AGENT_FEE', amount: 65_000 });
    expect((await t.db.select().from(rooms).where(eq(rooms.id, room.id)))[0]?.status).toBe('booked');

    // Pressing again after the decision changes nothing; the page now says it is complete.
    await press(checkoutLink, 'cancel');
    expect((await verify(t, student, reference)).json().status).toBe('success');
    const done = await t.app.inject({ method: 'GET', url: checkoutPath(checkoutLink) });
    expect(done.body).toContain('This payment is complete');

    const rent = await initiateRentOk(t, student, room);
    const rentBack = await press(rent.checkoutLink, 'pay');
    expect(rentBack.pathname).toBe('/rent-receipt');
    const rentVerified = await verify(t, student, rentBack.searchParams.get('reference')!);
    expect(rentVerified.json()).toMatchObject({
      status: 'success',
      payment_type: 'ROOM_RENT',
      amount: 650_000,
      tenancy: { rentStartDate: todayInLagos(), rentDueDate: addMonths(todayInLagos(), 12) },
    });
    expect((await t.db.select().from(rooms).where(eq(rooms.id, room.id)))[0]?.status).toBe('rented');

    // A month before the due date, renewal extends it by 12 months on the same tenancy.
    const due = await rentYearNearlyUp(t, room.id);
    const renewal = await initiateRentOk(t, student, room);
    await press(renewal.checkoutLink, 'pay');
    const renewed = await verify(t, student, renewal.reference);
    expect(renewed.json().tenancy).toEqual({
      rentStartDate: addMonths(due, -12),
      rentDueDate: addMonths(due, 12),
    });
    expect(await t.db.select().from(tenancies).where(eq(tenancies.roomId, room.id))).toHaveLength(1);
  });

  it('offers card, bank transfer and USSD, each settled its own way and recorded with that channel', async () => {
    const { room, student, booking } = await bookedRoom(t, { agentFee: 30_000 });
    const { checkoutLink, reference } = await initiateAgentFeeOk(t, student, room, booking._id);
    const page = await t.app.inject({ method: 'GET', url: checkoutPath(checkoutLink) });
    for (const words of [
      'Card',
      'Bank transfer',
      'USSD',
      'Pay ₦30,000',
      'I have sent it',
      'I have dialled it',
    ]) {
      expect(page.body).toContain(words);
    }
    expect(page.body).toMatch(/StudyNest Sandbox Bank<\/strong>, account <strong>99\d{8}</);
    expect(page.body).toMatch(/\*737\*000\*\d{4}#/);
    expect(page.body).not.toMatch(/<script/);
    const res = await t.app.inject({
      method: 'POST',
      url: `${checkoutPath(checkoutLink)}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'channel=ussd',
    });
    expect(res.statusCode).toBe(303);
    expect((await verify(t, student, reference)).json()).toMatchObject({
      status: 'success',
      channel: 'ussd',
    });
    // Its receipt PDF says so.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${encodeURIComponent(reference)}/receipt.pdf`,
      headers: student.headers,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(readPdf(pdf.rawPayload).text).toMatch(/Payment method\s+USSD/);
    const mine = await t.app.inject({ method: 'GET', url: '/api/payments/mine', headers: student.headers });
    expect(mine.json()).toMatchObject([{ reference, channel: 'ussd' }]);

    const other = await bookedRoom(t);
    const transfer = await initiateAgentFeeOk(t, other.student, other.room, other.booking._id);
    await t.app.inject({
      method: 'POST',
      url: `${checkoutPath(transfer.checkoutLink)}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'channel=bank_transfer',
    });
    expect((await verify(t, other.student, transfer.reference)).json().channel).toBe('bank_transfer');
    // A plain Pay (no channel named) is a card.
    const third = await bookedRoom(t);
    const card = await initiateAgentFeeOk(t, third.student, third.room, third.booking._id);
    await press(card.checkoutLink, 'pay');
    expect((await verify(t, third.student, card.reference)).json().channel).toBe('card');
  });

  it('cancel leaves everything as it was', async () => {
    const { room, student, booking } = await bookedRoom(t);
    const { checkoutLink, reference } = await initiateAgentFeeOk(t, student, room, booking._id);
    const back = await press(checkoutLink, 'cancel');
    expect(back.searchParams.get('reference')).toBe(reference);
    const res = await verify(t, student, reference);
    expect(res.json()).toMatchObject({ status: 'abandoned', needs_refund: false });
    expect((await t.db.select().from(rooms).where(eq(rooms.id, room.id)))[0]?.status).toBe('available');
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booking._id)))[0]?.status).toBe(
      'pending',
    );
    // A later press of Pay does not overturn the cancel.
    await press(checkoutLink, 'pay');
    expect((await verify(t, student, reference)).json().status).toBe('abandoned');
  });

  it('answers only callers on this machine: a remote peer, or a proxied one, gets 404 and pays nothing', async () => {
    const { room, student, booking } = await bookedRoom(t);
    const { checkoutLink, reference } = await initiateAgentFeeOk(t, student, room, booking._id);
    const callers = [
      { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '::ffff:203.0.113.9', headers: {} },
      // A reverse proxy on this machine relaying someone else.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
    ];
    for (const caller of callers) {
      const page = await t.app.inject({ method: 'GET', url: checkoutPath(checkoutLink), ...caller });
      expect(page.statusCode, JSON.stringify(caller)).toBe(404);
      expect(page.body).not.toContain(reference);
      for (const action of ['pay', 'cancel']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${checkoutPath(checkoutLink)}/${action}`,
          remoteAddress: caller.remoteAddress,
          headers: { ...caller.headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        });
        expect(res.statusCode, `${action} ${JSON.stringify(caller)}`).toBe(404);
      }
    }
    expect((await verify(t, student, reference)).json()).toMatchObject({ status: 'pending' });
    // The same page for a program on this machine.
    const local = await t.app.inject({
      method: 'GET',
      url: checkoutPath(checkoutLink),
      remoteAddress: '::1',
    });
    expect(local.statusCode).toBe(200);
  });

  it('shows no payer details on the checkout page (a reference is not proof of who is asking)', async () => {
    const { room, student, booking } = await bookedRoom(t);
    const { checkoutLink } = await initiateAgentFeeOk(t, student, room, booking._id);
    const page = await t.app.inject({ method: 'GET', url: checkoutPath(checkoutLink) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(student.user.email);
    expect(page.body).not.toContain('@');
    expect(page.body).not.toMatch(/Payer/);
  });

  it('answers 404 for unknown references and refuses Paystack webhooks', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout/SN-AF-NOPE' })).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paystack',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('sandbox checkout opened to other machines (SANDBOX_REMOTE)', () => {
  it('answers a remote caller when the operator allows it', async () => {
    const t = await buildTestApp({}, { SANDBOX_REMOTE: '1' });
    try {
      const { room, student, booking } = await bookedRoom(t);
      const { checkoutLink, reference } = await initiateAgentFeeOk(t, student, room, booking._id);
      const path = new URL(checkoutLink).pathname;
      const page = await t.app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.9' });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(student.user.email);
      const paid = await t.app.inject({
        method: 'POST',
        url: `${path}/pay`,
        remoteAddress: '203.0.113.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(paid.statusCode).toBe(303);
      expect((await verify(t, student, reference)).json()).toMatchObject({ status: 'success' });
    } finally {
      await t.close();
    }
  });
});

describe('payment limits per account', () => {
  const t = testApp();

  it('lets one account start 20 payments an hour (429 with Retry-After after that), others unaffected', async () => {
    const { room, student, booking } = await bookedRoom(t);
    const start = (who: typeof student, bookingId: string, r: typeof room) =>
      initiate(t, 'agent-fee', who, agentFeeBody(t, r, bookingId));
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await start(student, booking._id, room)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    const refused = await start(student, booking._id, room);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const other = await signedInUser(t);
    const { room: otherRoom } = await hostelWithRoom(t);
    const otherBooking = await bookOk(t, other, otherRoom);
    expect((await start(other, otherBooking._id, otherRoom)).statusCode).toBe(201);
  });
});
