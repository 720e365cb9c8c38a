import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import { payments } from '../../db/schema.ts';
import { todayInLagos } from '../../lib/lagos-time.ts';
import { bookOk, hostelWithRoom, initiateAgentFeeOk } from './payments.fixtures.ts';
import { receiptCode } from './receipts.service.ts';

describe('receipts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

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
});
