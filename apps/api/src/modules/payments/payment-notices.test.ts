import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp, twoProcessesOnOneDatabase, usingPostgres } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { signedInUser } from '../../../test/factories.ts';
import { users } from '../auth/auth.schema.ts';
import { messageDeliveries } from '../messages/messages.schema.ts';
import { sandboxCheckouts } from '../sandbox/sandbox.schema.ts';
import { bookOk, hostelWithRoom, initiateAgentFeeOk, payAtCheckout, verify } from './payments.fixtures.ts';

describe('payment confirmations', () => {
  const t = testApp();

  it('e-mails and texts the payer once, with the amount, the room and the receipt, however often it is verified', async () => {
    const { hostel, room } = await hostelWithRoom(t, { agentFee: 65_000 });
    const student = await signedInUser(t);
    await t.db.update(users).set({ phoneNumber: '0803 555 0101' }).where(eq(users.id, student.user.id));
    const booking = await bookOk(t, student, room);
    const { reference, checkoutLink } = await initiateAgentFeeOk(t, student, room, booking._id);
    await payAtCheckout(t, checkoutLink);
    await Promise.all(Array.from({ length: 5 }, () => verify(t, student, reference)));

    const mails = await eventually(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${student.user.email}` });
      const list = (res.json() as { subject: string; text: string }[]).filter((m) =>
        m.subject.includes('received'),
      );
      return list.length ? list : null;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('StudyNest: ₦65,000 received');
    expect(mails[0]?.text).toContain(`agent fee of ₦65,000 for ${room.roomNumber}, ${hostel.hostelName}`);
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}/receipt-page?reference=${reference}`);
    // Forwarded to a parent, it reads in words, as the receipt does.
    expect(mails[0]?.text).toContain('Payment type: Agent fee');
    expect(mails[0]?.text).not.toContain('AGENT_FEE');
    const texts = await eventually(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?to=%2B2348035550101' });
      const list = res.json() as { text: string }[];
      return list.length ? list : null;
    });
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain('₦65,000');
  });

  it('sends no text to a student who turned texts off', async () => {
    const { room } = await hostelWithRoom(t);
    const student = await signedInUser(t);
    await t.db
      .update(users)
      .set({ phoneNumber: '08035550202', notifySms: false })
      .where(eq(users.id, student.user.id));
    const booking = await bookOk(t, student, room);
    const { checkoutLink, reference } = await initiateAgentFeeOk(t, student, room, booking._id);
    await payAtCheckout(t, checkoutLink);
    const rows = await t.db
      .select({ channel: messageDeliveries.channel })
      .from(messageDeliveries)
      .where(like(messageDeliveries.dedupeKey, `payment-notice:%`))
      .innerJoin(users, eq(users.id, messageDeliveries.userId));
    expect(rows.length).toBeGreaterThan(0);
    const mine = await t.db
      .select({ channel: messageDeliveries.channel })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.userId, student.user.id));
    expect(mine.map((r) => r.channel)).toEqual(['email']);
    expect((await verify(t, student, reference)).json().status).toBe('success');
  });
});

// Two processes on one database exist only on PostgreSQL (an embedded database belongs to one process).
if (usingPostgres())
  describe('payment confirmations with two API processes on one database', () => {
    const procs = twoProcessesOnOneDatabase();

    it('announces a payment verified on both at once exactly once', async () => {
      const { room } = await hostelWithRoom(procs.t);
      const student = await signedInUser(procs.t);
      const booking = await bookOk(procs.t, student, room);
      const { reference } = await initiateAgentFeeOk(procs.t, student, room, booking._id);
      // The payer presses Pay in the sandbox (its own book, without telling us); both processes
      // then ask it and apply the success.
      await procs.t.db
        .update(sandboxCheckouts)
        .set({ outcome: 'paid', decidedAt: new Date() })
        .where(eq(sandboxCheckouts.reference, reference));
      const results = await Promise.all(
        [procs.t.app, procs.second, procs.t.app, procs.second].map((app) =>
          app.inject({
            method: 'POST',
            url: '/api/payments/verify',
            headers: student.headers,
            payload: { reference },
          }),
        ),
      );
      expect(results.map((r) => r.json().status)).toEqual(['success', 'success', 'success', 'success']);
      await eventually(async () => {
        const [row] = await procs.t.db
          .select()
          .from(messageDeliveries)
          .where(eq(messageDeliveries.userId, student.user.id));
        return row?.status === 'sent' ? row : null;
      });
      const all = await procs.t.db
        .select()
        .from(messageDeliveries)
        .where(eq(messageDeliveries.userId, student.user.id));
      expect(all.map((d) => d.channel).sort()).toEqual(['email', 'sms']);
    });
  });
