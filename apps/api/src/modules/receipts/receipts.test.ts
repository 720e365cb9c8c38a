import { addDays, addMonths, formatLagosDate, todayInLagos } from '@studynest/contracts';
import { COLLECT_KEY_LINE } from '@studynest/contracts/receipt';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { insertUser, signedInUser } from '../../../test/factories.ts';
import { issueToken } from '../auth/tokens.ts';
import { bookings } from '../bookings/bookings.schema.ts';
import {
  bookOk,
  hostelWithRoom,
  initiateAgentFeeOk,
  initiateRentOk,
  rentYearNearlyUp,
} from '../payments/payments.fixtures.ts';
import { payments } from '../payments/payments.schema.ts';
import { receiptCode } from '../receipts/receipts.service.ts';
import { RECEIPT_CHECKS_PER_HOUR } from './receipt-page.routes.ts';
import { readPdf } from './receipts.fixtures.ts';

describe('receipts', () => {
  const t = testApp();

  const checkoutPath = (link: string) => new URL(link).pathname;
  const pay = (link: string) =>
    t.app.inject({
      method: 'POST',
      url: `${checkoutPath(link)}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  /** A student's agent fee, started but not yet paid. */
  async function openAgentFee(agentFee = 65_000) {
    const { hostel, room } = await hostelWithRoom(t, { agentFee });
    const student = await signedInUser(t, { firstName: 'Chiamaka', lastName: 'Okafor' });
    const booking = await bookOk(t, student, room);
    const started = await initiateAgentFeeOk(t, student, room, booking._id);
    return { hostel, room, student, ...started };
  }

  it('gives 50 payments paid at once 50 distinct, consecutive receipt numbers', async () => {
    const open = [];
    for (let i = 0; i < 50; i++) open.push(await openAgentFee());
    const answers = await Promise.all(open.map((p) => pay(p.checkoutLink)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(303);
    // Paying again changes nothing: a number is given once.
    await Promise.all(open.slice(0, 5).map((p) => pay(p.checkoutLink)));

    const rows = await t.db
      .select({ status: payments.status, receiptNumber: payments.receiptNumber })
      .from(payments)
      .where(
        inArray(
          payments.reference,
          open.map((p) => p.reference),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(Array(50).fill('success'));
    const year = todayInLagos().slice(0, 4);
    const numbers = rows.map((r) => r.receiptNumber as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `SN-${year}-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('gives an unpaid payment no receipt number', async () => {
    const { reference } = await openAgentFee();
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(row?.receiptNumber).toBeNull();
  });

  /** A paid agent fee and its receipt number. */
  async function paidAgentFee(agentFee = 65_000) {
    const open = await openAgentFee(agentFee);
    expect((await pay(open.checkoutLink)).statusCode).toBe(303);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, open.reference));
    return { ...open, receiptNumber: row?.receiptNumber as string, paidAt: row?.paidAt as Date };
  }

  const verifyCode = (code: string) =>
    t.app.inject({ method: 'GET', url: `/api/receipts/verify/${encodeURIComponent(code)}` });

  it('verifies a genuine receipt code for anyone, with the payer masked', async () => {
    const paid = await paidAgentFee(65_000);
    const code = receiptCode(t, paid.receiptNumber);
    expect(code).toMatch(/^SN-\d{4}-\d{6}\.[A-Za-z0-9_-]{22}$/);
    const res = await verifyCode(code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      receipt_number: paid.receiptNumber,
      payment_type: 'AGENT_FEE',
      amount: 65_000,
      currency: 'NGN',
      paid_at: paid.paidAt.toISOString(),
      hostel_name: paid.hostel.hostelName,
      room_number: paid.room.roomNumber,
      unit: paid.room.unit,
      payer: 'Chiamaka O.',
      status: 'paid',
      refunded_amount: 0,
    });
    expect(res.body).not.toContain(paid.student.user.email);
    expect(res.body).not.toContain('Okafor');
  });

  it('answers 404 for codes we did not issue: unknown, altered, cut short, another number', async () => {
    const paid = await paidAgentFee();
    const code = receiptCode(t, paid.receiptNumber);
    const mac = code.split('.')[1] as string;
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const [, year, n] = paid.receiptNumber.split('-');
    const other = `SN-${year}-${String(Number(n) + 1).padStart(6, '0')}`;
    for (const bad of [
      'SN-2026-999999.AAAAAAAAAAAAAAAAAAAAAA',
      `${paid.receiptNumber}.${flipped}`,
      code.slice(0, -1),
      `${code}A`,
      paid.receiptNumber,
      `${other}.${mac}`,
      'nonsense',
    ]) {
      const res = await verifyCode(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toMatch(/not a StudyNest receipt/);
    }
    // A well-signed code for a number no successful payment holds proves nothing.
    expect((await verifyCode(receiptCode(t, `SN-${year}-000000`))).statusCode).toBe(404);
  });

  const pdfOf = (reference: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/payments/${encodeURIComponent(reference)}/receipt.pdf`,
      headers,
    });

  it("makes the agent fee's receipt a one-page PDF named after its number, with the payer, ₦, a human label and a QR code that verifies it", async () => {
    const paid = await paidAgentFee(185_000);
    const res = await pdfOf(paid.reference, paid.student.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(paid.receiptNumber).toMatch(/^SN-\d{4}-\d{6}$/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${paid.receiptNumber}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(60 * 1024);

    const { text, pages, qr } = readPdf(pdf);
    expect(pages).toBe(1);
    for (const words of [
      '₦185,000',
      paid.receiptNumber,
      paid.reference,
      paid.hostel.hostelName,
      paid.room.roomNumber,
      'Payment Summary',
      'Booking Information',
      'Paid by',
      'Chiamaka Okafor',
      'Agent fee',
      'Please arrive on time for your inspection.',
      'StudyNest Hostels Ltd.',
      '14 Ozolua Road, Ugbowo, Benin City 300283, Edo State, Nigeria',
    ]) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain('NGN');
    expect(text).not.toContain('AGENT_FEE');

    const code = receiptCode(t, paid.receiptNumber);
    expect(qr).toBe(`${t.config.publicUrl}/verify/${code}`);
    const checked = await t.app.inject({ method: 'GET', url: `/api/receipts/verify/${code}` });
    expect(checked.json()).toMatchObject({ receipt_number: paid.receiptNumber, amount: 185_000 });
  });

  /** A paid agent fee, then the first rent for its room (the inspection is booked for tomorrow). */
  async function paidRent() {
    const paid = await paidAgentFee();
    const rent = await initiateRentOk(t, paid.student, paid.room);
    expect((await pay(rent.checkoutLink)).statusCode).toBe(303);
    return { ...paid, rentReference: rent.reference };
  }
  /** The PDF's words with pdftotext's line breaks and column gaps read as single spaces. */
  const pdfWords = async (reference: string, headers: Record<string, string>) => {
    const res = await pdfOf(reference, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { res, words: readPdf(res.rawPayload).text.replace(/\s+/g, ' ') };
  };
  const KEY_LINE = COLLECT_KEY_LINE.replace(/\s+/g, ' ');

  it("makes the rent receipt with the months it paid for and the tenancy's dates; no key line before the inspection", async () => {
    const paid = await paidRent();
    const { res, words } = await pdfWords(paid.rentReference, paid.student.headers);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, paid.rentReference));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${row?.receiptNumber}.pdf"`);
    for (const expected of [
      'Rent Information',
      `Rent, 12 months from ${formatLagosDate(todayInLagos())}`,
      'Rent due date',
      'Notice to the tenant',
      'Your room is ready for you to move in.',
      'Chiamaka Okafor',
    ]) {
      expect(words, expected).toContain(expected);
    }
    expect(words).not.toContain('ROOM_RENT');
    expect(words).toContain(`₦${paid.room.price.toLocaleString('en-NG')}`);
    // Paid before the inspection (tomorrow): no agent has shown this student the room yet.
    expect(words).not.toContain(KEY_LINE);
  });

  it('tells the tenant to collect the key from the agent once the inspection has been held', async () => {
    const paid = await paidRent();
    // Drawn and stored before the inspection: no key line.
    expect((await pdfWords(paid.rentReference, paid.student.headers)).words).not.toContain(KEY_LINE);
    const [fee] = await t.db.select().from(payments).where(eq(payments.reference, paid.reference));
    // The clock moves on: the inspection was yesterday (the booking is inspected: the rent spent its fee).
    await t.db
      .update(bookings)
      .set({ inspectionDate: addDays(todayInLagos(), -1) })
      .where(eq(bookings.id, fee?.bookingId as string));
    const [booking] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, fee?.bookingId as string));
    expect(booking?.status).toBe('inspected');
    // The words changed, so the PDF stored before is not served: the new one carries the line.
    const { words } = await pdfWords(paid.rentReference, paid.student.headers);
    expect(words).toContain(KEY_LINE);
    expect(words).toContain('Chiamaka Okafor');
  });

  it("labels a renewal's receipt with the months it paid for: from the old due date", async () => {
    const paid = await paidRent();
    const oldDue = await rentYearNearlyUp(t, paid.room.id, 20);
    const renewal = await initiateRentOk(t, paid.student, paid.room);
    expect((await pay(renewal.checkoutLink)).statusCode).toBe(303);
    const { words } = await pdfWords(renewal.reference, paid.student.headers);
    expect(words).toContain(`Rent, 12 months from ${formatLagosDate(oldDue)}`);
    // The first rent's receipt still names the first year.
    const first = await pdfWords(paid.rentReference, paid.student.headers);
    expect(first.words).toContain(`Rent, 12 months from ${formatLagosDate(addMonths(oldDue, -12))}`);
    // A renewal has no inspection of its own: no key line.
    expect(words).not.toContain(KEY_LINE);

    // The payment history names each rent's months as its receipt does (payer's and admin's list).
    const adminUser = await insertUser(t.db, { role: 'admin' });
    const admin = { authorization: `Bearer ${await issueToken(t.db, t.config.jwtSecret, adminUser)}` };
    for (const [url, headers] of [
      ['/api/payments/mine', paid.student.headers],
      [`/api/user/${paid.student.user.id}/payments`, admin],
    ] as const) {
      const list = await t.app.inject({ method: 'GET', url, headers });
      expect(list.statusCode, list.body).toBe(200);
      const rows = list.json() as Array<{
        reference: string;
        rent_period_start: string | null;
        label: string;
      }>;
      const start = Object.fromEntries(rows.map((p) => [p.reference, p.rent_period_start]));
      expect(start, url).toEqual({
        [renewal.reference]: oldDue,
        [paid.rentReference]: addMonths(oldDue, -12),
        [paid.reference]: null,
      });
      // The words the profile shows, the same as each receipt's.
      const label = Object.fromEntries(rows.map((p) => [p.reference, p.label]));
      expect(label, url).toEqual({
        [renewal.reference]: `Rent, 12 months from ${formatLagosDate(oldDue)}`,
        [paid.rentReference]: `Rent, 12 months from ${formatLagosDate(addMonths(oldDue, -12))}`,
        [paid.reference]: 'Agent fee',
      });
    }
  });

  it('keeps the refund wording on the PDF of a payment that arrived after the room went to someone else', async () => {
    const paid = await paidAgentFee();
    await t.db
      .update(payments)
      .set({ needsRefund: true, refundReason: 'room_taken' })
      .where(eq(payments.reference, paid.reference));
    const res = await pdfOf(paid.reference, paid.student.headers);
    expect(res.statusCode).toBe(200);
    const { text } = readPdf(res.rawPayload);
    expect(text).toContain('Payment received');
    expect(text).toMatch(/will\s+be\s+refunded/);
    expect(text).not.toContain('Please arrive on time');
    expect(text).toContain(paid.receiptNumber);
  });

  it('gives the receipt to its payer and admins only, and only for a success', async () => {
    const paid = await paidAgentFee();
    const other = await signedInUser(t);
    const adminUser = await insertUser(t.db, { role: 'admin' });
    const admin = { authorization: `Bearer ${await issueToken(t.db, t.config.jwtSecret, adminUser)}` };
    expect((await pdfOf(paid.reference)).statusCode).toBe(401);
    expect((await pdfOf(paid.reference, other.headers)).statusCode).toBe(403);
    expect((await pdfOf(paid.reference, admin)).statusCode).toBe(200);
    expect((await pdfOf('SN-AF-NOPE', paid.student.headers)).statusCode).toBe(404);
    const unpaid = await openAgentFee();
    const res = await pdfOf(unpaid.reference, unpaid.student.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no receipt/);
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url });

  it('shows the verification page for a genuine code, without scripts', async () => {
    const paid = await paidAgentFee(185_000);
    const res = await page(`/verify/${receiptCode(t, paid.receiptNumber)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    for (const words of [
      'Genuine StudyNest receipt',
      paid.receiptNumber,
      '₦185,000',
      paid.hostel.hostelName,
      paid.room.roomNumber,
      'Chiamaka O.',
      'Agent fee (room inspection)',
      'Paid',
      'action="/verify"',
    ]) {
      expect(res.body, words).toContain(words);
    }
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toContain(paid.student.user.email);
    expect(res.body).not.toContain('Okafor');
  });

  it('says "Not a StudyNest receipt" for an altered code', async () => {
    const paid = await paidAgentFee();
    const res = await page(`/verify/${receiptCode(t, paid.receiptNumber).slice(0, -2)}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Not a StudyNest receipt');
    expect(res.body).not.toContain(paid.receiptNumber);
    expect(res.body).toContain('<form method="get" action="/verify">');
  });

  it('checks a printout by receipt number and amount', async () => {
    const paid = await paidAgentFee(185_000);
    const empty = await page('/verify');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Check a StudyNest receipt');

    const check = (number: string, amount: string) =>
      page(`/verify?receipt_number=${encodeURIComponent(number)}&amount=${encodeURIComponent(amount)}`);
    for (const amount of ['185000', '185,000', '₦185,000']) {
      const ok = await check(paid.receiptNumber.toLowerCase(), amount);
      expect(ok.statusCode, amount).toBe(200);
      expect(ok.body).toContain('Genuine StudyNest receipt');
    }
    for (const [number, amount] of [
      [paid.receiptNumber, '185001'],
      [paid.receiptNumber, 'lots'],
      ['SN-2026-999999', '185000'],
      ['<script>', '1'],
    ] as const) {
      const bad = await check(number, amount);
      expect(bad.statusCode, `${number} ${amount}`).toBe(404);
      expect(bad.body).toContain('Not a StudyNest receipt');
      expect(bad.body).not.toContain('<script>');
    }
  });
});

describe('checking printouts by number and amount', () => {
  const t = testApp();
  const check = (remoteAddress: string, number: string) =>
    t.app.inject({
      method: 'GET',
      url: `/verify?receipt_number=${number}&amount=185000`,
      remoteAddress,
    });

  it(`lets one address check ${RECEIPT_CHECKS_PER_HOUR} an hour, then a page saying when to come back (429, Retry-After); others unaffected`, async () => {
    for (let i = 0; i < RECEIPT_CHECKS_PER_HOUR; i++) {
      const res = await check('203.0.113.7', `SN-2026-${String(i).padStart(6, '0')}`);
      expect(res.statusCode, `check ${i + 1}`).toBe(404);
      expect(res.body).toContain('Not a StudyNest receipt');
    }
    const limited = await check('203.0.113.7', 'SN-2026-000999');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(limited.headers['content-security-policy']).toContain("default-src 'none'");
    expect(limited.body).toContain('Too many checks from this connection');
    expect(limited.body).toContain('Try again in 60 minutes.');
    expect(limited.body).not.toContain('<script');

    expect((await check('203.0.113.8', 'SN-2026-000999')).statusCode).toBe(404);
  });
});
