import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import { payments } from '../../db/schema.ts';
import { todayInLagos } from '../../lib/lagos-time.ts';
import { bookOk, hostelWithRoom, initiateAgentFeeOk } from './payments.fixtures.ts';

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
});
