import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { bookOk, hostelWithRoom, initiateAgentFeeOk } from '../payments/payments.fixtures.ts';
import { payments } from '../payments/payments.schema.ts';

describe('payment history (GET /payments/mine, GET /user/{id}/payments)', () => {
  const t = testApp();

  const pay = (link: string) =>
    t.app.inject({
      method: 'POST',
      url: `${new URL(link).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  const mine = (headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/payments/mine', headers });

  /** A student with two agent-fee attempts: the first paid, the second (another room) still open. */
  async function studentWithPayments() {
    const student = await signedInUser(t);
    const a = await hostelWithRoom(t, { agentFee: 65_000 });
    const paid = await initiateAgentFeeOk(t, student, a.room, (await bookOk(t, student, a.room))._id);
    expect((await pay(paid.checkoutLink)).statusCode).toBe(303);
    const b = await hostelWithRoom(t, { agentFee: 40_000 });
    const open = await initiateAgentFeeOk(t, student, b.room, (await bookOk(t, student, b.room))._id);
    // Make the order unambiguous whatever the clock resolution.
    await t.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.reference, paid.reference));
    return { student, paid, open, a, b };
  }

  it("lists the caller's payments newest first, a receipt number only on the success", async () => {
    const { student, paid, open, a, b } = await studentWithPayments();
    const res = await mine(student.headers);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.map((p) => p.reference)).toEqual([open.reference, paid.reference]);
    const [pending, success] = list;
    expect(pending).toMatchObject({
      payment_type: 'AGENT_FEE',
      amount: 40_000,
      status: 'pending',
      paid_at: null,
      receipt_number: null,
      needs_refund: false,
      hostel_name: b.hostel.hostelName,
      room_number: b.room.roomNumber,
    });
    expect(success).toMatchObject({
      payment_type: 'AGENT_FEE',
      amount: 65_000,
      status: 'success',
      hostel_name: a.hostel.hostelName,
      room_number: a.room.roomNumber,
    });
    expect(success?.receipt_number).toMatch(/^SN-\d{4}-\d{6}$/);
    expect(typeof success?.paid_at).toBe('string');
    expect(typeof success?.created_at).toBe('string');
  });

  it("gives another student none of the first one's payments, and anonymous callers 401", async () => {
    const { student } = await studentWithPayments();
    const other = await signedInUser(t);
    const res = await mine(other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await mine()).statusCode).toBe(401);
    // Nor may the other student read the first one's list through the admin route.
    const admins = await send(t, other, 'GET', `/api/user/${student.user.id}/payments`);
    expect(admins.statusCode).toBe(403);
  });

  it("lets an admin read any student's payments; an unknown id is a 404", async () => {
    const { student, paid, open } = await studentWithPayments();
    const admin = await signedInUser(t, { role: 'admin' });
    const res = await send(t, admin, 'GET', `/api/user/${student.user.id}/payments`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Array<{ reference: string }>).map((p) => p.reference)).toEqual([
      open.reference,
      paid.reference,
    ]);
    const unknown = await send(t, admin, 'GET', '/api/user/00000000-0000-4000-8000-000000000000/payments');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No user with that id');
    const bad = await send(t, admin, 'GET', '/api/user/nope/payments');
    expect(bad.statusCode).toBe(400);
  });
});
