import { addDays, todayInLagos } from '@studynest/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { signedInUser } from '../../../test/factories.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { adminAudit } from '../audit/audit.schema.ts';
import { messageDeliveries } from '../messages/messages.schema.ts';
import {
  book,
  bookAndPayAgentFee,
  hostelWithRoom,
  initiate,
  initiateDeposit,
  initiateRentOk,
  lagosDatePlusDays,
  paidTenant,
  payOk,
  profileOf,
  receiptUrl,
  type Student,
} from '../payments/payments.fixtures.ts';
import { payments } from '../payments/payments.schema.ts';
import { refunds } from '../refunds/refunds.schema.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { tenancies, tenancyDeductions } from './tenancies.schema.ts';

/** Notice and move-out (docs/domain.md, "Move-out"). */
describe('tenancy notice and move-out', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  const today = () => todayInLagos();

  /** A tenant of a room (caution fee ₦50,000 when `deposit`), with the deposit paid when asked. */
  const tenant = ({ deposit = true }: { deposit?: boolean } = {}) =>
    paidTenant(t, { room: { agentFee: 20_000, cautionFee: deposit ? 50_000 : 0, price: 400_000 }, deposit });

  const moveOut = (id: string, body: Record<string, unknown>, who: Student = admin) =>
    send(t, who, 'POST', `/api/admin/tenancies/${id}/move-out`, body);
  /** Moved out today for a breach of the tenancy, with these deductions from the deposit. */
  const movedOutToday = (id: string, deductions?: { description: string; amount: number }[]) =>
    moveOut(id, { date: today(), reason: 'breach', ...(deductions ? { deductions } : {}) });
  const notice = (student: Student, body: Record<string, unknown>) =>
    send(t, student, 'POST', '/api/tenancy/notice', body);

  it('moves a tenant out with one deduction: tenancy ended, room available, the rest of the deposit refunded', async () => {
    const { room, student, tenancy, depositReference } = await tenant();
    const res = await moveOut(tenancy.id, {
      date: today(),
      reason: 'breach',
      note: 'Keys returned to the agent',
      deductions: [{ description: 'Broken louvre glass', amount: 7_500 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json();
    expect(statement).toMatchObject({
      tenancy_id: tenancy.id,
      moved_out_on: today(),
      reason: 'breach',
      note: 'Keys returned to the agent',
      deposit_held: 50_000,
      deductions: [{ description: 'Broken louvre glass', amount: 7_500 }],
      deductions_total: 7_500,
      deposit_returned: 42_500,
      refund: { amount: 42_500, status: 'pending' },
      room: { _id: room.id },
    });

    // The room can be booked again, by someone else.
    const [freed] = await t.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(freed?.status).toBe('available');
    const next = await signedInUser(t);
    expect((await book(t, next, room)).statusCode).toBe(201);

    // The refund goes through the sandbox like any other, and the statement follows it.
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.id, statement.refund._id));
    expect(refund).toMatchObject({ amount: 42_500, requestedBy: admin.user.id });
    const [deposit] = await t.db.select().from(payments).where(eq(payments.id, refund!.paymentId));
    expect(deposit?.reference).toBe(depositReference);
    await eventually(async () => {
      const [r] = await t.db.select().from(refunds).where(eq(refunds.id, statement.refund._id));
      return r?.status === 'processed';
    });
    const profile = await profileOf(t, student);
    expect(profile.rentDetails).toBeNull();
    expect(profile.hostel).toBeNull();
    expect(profile.moveOutStatement).toMatchObject({
      tenancy_id: tenancy.id,
      deposit_returned: 42_500,
      refund: { status: 'processed' },
    });

    // The tenant's statement by e-mail, and the admin's action in the audit log.
    const [mail] = await t.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.dedupeKey, `move-out:${tenancy.id}:email`));
    expect(mail?.recipient).toBe(student.user.email);
    expect(mail?.text).toContain('Less Broken louvre glass: ₦7,500');
    expect(mail?.text).toContain('Returned to you: ₦42,500');
    const audited = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, tenancy.id), eq(adminAudit.actorId, admin.user.id)));
    expect(audited.map((a) => a.action)).toEqual(['POST /api/admin/tenancies/:id/move-out']);

    // Once only.
    const again = await movedOutToday(tenancy.id);
    expect(again.statusCode).toBe(409);
  });

  it('the former tenant cannot pay rent or a deposit again on the spent agent fee', async () => {
    const { room, student, tenancy } = await tenant();
    expect((await movedOutToday(tenancy.id)).statusCode).toBe(200);
    const rent = await send(t, student, 'POST', '/api/payments/room-price/initiate', {
      amount: room.price,
      room_id: room.id,
      hostel_id: room.hostelId,
      callback_url: receiptUrl(t, '/rent-receipt'),
    });
    expect(rent.statusCode, rent.body).toBe(403);
    const deposit = await initiate(t, 'caution-fee', student, {
      room_id: room.id,
      callback_url: receiptUrl(t),
    });
    expect(deposit.statusCode, deposit.body).toBe(409);
  });

  it('a failed deposit refund tried again: the statement follows the retry', async () => {
    const { student, tenancy, depositReference } = await tenant();
    const res = await movedOutToday(tenancy.id);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().refund._id as string;
    await eventually(async () => {
      const [r] = await t.db.select().from(refunds).where(eq(refunds.id, first));
      return r?.status === 'processed';
    });
    // As if the provider had refused it: an admin asks again from Refunds.
    await t.db.update(refunds).set({ status: 'failed', processedAt: null }).where(eq(refunds.id, first));
    const retry = await send(t, admin, 'POST', '/api/admin/refunds', {
      reference: depositReference,
      amount: 50_000,
      reason: 'Deposit, second try',
    });
    expect(retry.statusCode, retry.body).toBe(202);
    await eventually(
      async () => (await profileOf(t, student)).moveOutStatement?.refund?._id === retry.json()._id,
    );
    expect((await profileOf(t, student)).moveOutStatement.refund).toMatchObject({
      _id: retry.json()._id,
      amount: 50_000,
    });
  });

  it('a former tenant who rents the room again pays a new deposit (not a duplicate)', async () => {
    const { room, student, tenancy } = await tenant();
    // Everything kept: no refund row, the old deposit settled by the move-out.
    const out = await movedOutToday(tenancy.id, [{ description: 'Repairs', amount: 50_000 }]);
    expect(out.statusCode, out.body).toBe(200);
    await t.db.update(rooms).set({ heldUntil: null, heldByUserId: null }).where(eq(rooms.id, room.id));
    const { booking: again } = await bookAndPayAgentFee(t, student, room);
    const deposit = await initiateDeposit(t, student, again._id);
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect((await payOk(t, student, deposit.json())).needs_refund).toBe(false);
    // The profile's Caution Fee row is this room's new deposit.
    expect((await profileOf(t, student)).cautionFeePayment).toMatchObject({
      status: 'success',
      reference: deposit.json().reference,
    });
  });

  it('keeps the whole deposit when the deductions equal it: no refund', async () => {
    const { tenancy } = await tenant();
    const res = await movedOutToday(tenancy.id, [
      { description: 'Repainting', amount: 30_000 },
      { description: 'Two missing keys', amount: 20_000 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deductions_total: 50_000, deposit_returned: 0, refund: null });
  });

  it('refuses deductions larger than the deposit (400) and changes nothing', async () => {
    const { room, tenancy } = await tenant();
    const res = await movedOutToday(tenancy.id, [
      { description: 'Repainting', amount: 30_000 },
      { description: 'New mattress', amount: 25_000 },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('The deductions add up to ₦55,000, more than the ₦50,000 deposit held');
    expect(res.json().fields).toEqual({ deductions: 'At most ₦50,000 in total' });
    const [still] = await t.db.select().from(tenancies).where(eq(tenancies.id, tenancy.id));
    expect(still?.endedAt).toBeNull();
    expect(
      await t.db.select().from(tenancyDeductions).where(eq(tenancyDeductions.tenancyId, tenancy.id)),
    ).toEqual([]);
    const [r] = await t.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(r?.status).toBe('rented');
  });

  it('without a deposit: a move-out with no deductions, and deductions refused', async () => {
    const { tenancy } = await tenant({ deposit: false });
    const bad = await movedOutToday(tenancy.id, [{ description: 'Cleaning', amount: 5_000 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'No caution deposit is held for this tenancy, so nothing can be deducted from it',
    );
    const ok = await movedOutToday(tenancy.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ deposit_held: 0, deposit_returned: 0, refund: null });
  });

  it('the move-out date follows the reason: notice period, end of the paid year, never the future', async () => {
    const { tenancy } = await tenant();
    const future = await moveOut(tenancy.id, { date: addDays(today(), 1), reason: 'breach' });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json().fields)).toEqual(['date']);
    const noNotice = await moveOut(tenancy.id, { date: today(), reason: 'tenant_notice' });
    expect(noNotice.statusCode).toBe(400);
    expect(noNotice.json().fields).toEqual({ reason: 'The tenant has not given notice' });
    const notOver = await moveOut(tenancy.id, { date: today(), reason: 'lease_ended' });
    expect(notOver.statusCode).toBe(400);
    expect(notOver.json().fields.date).toMatch(/^On or after /);

    // Notice given 40 days ago (the period is 30): the tenant may be moved out from day 30 on.
    const started = addDays(today(), -200);
    await t.db
      .update(tenancies)
      .set({
        startDate: started,
        dueDate: addDays(started, 365),
        noticeGivenAt: new Date(Date.now() - 40 * 86_400_000),
        noticeMoveOutOn: addDays(today(), -10),
      })
      .where(eq(tenancies.id, tenancy.id));
    const early = await moveOut(tenancy.id, { date: addDays(today(), -11), reason: 'tenant_notice' });
    expect(early.statusCode).toBe(400);
    const beforeStart = await moveOut(tenancy.id, { date: addDays(started, -1), reason: 'breach' });
    expect(beforeStart.statusCode).toBe(400);
    const ok = await moveOut(tenancy.id, { date: addDays(today(), -5), reason: 'tenant_notice' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().moved_out_on).toBe(addDays(today(), -5));
  });

  it('two admins pressing at once: one move-out, one refund', async () => {
    const { tenancy } = await tenant();
    const body = {
      date: today(),
      reason: 'breach',
      deductions: [{ description: 'Cleaning', amount: 1_000 }],
    };
    const [a, b] = await Promise.all([moveOut(tenancy.id, body), moveOut(tenancy.id, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const made = await t.db
      .select()
      .from(tenancyDeductions)
      .where(eq(tenancyDeductions.tenancyId, tenancy.id));
    expect(made).toHaveLength(1);
    const winner = (a.statusCode === 200 ? a : b).json();
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.id, winner.refund._id));
    const all = await t.db.select().from(refunds).where(eq(refunds.paymentId, refund!.paymentId));
    expect(all).toHaveLength(1);
  });

  it('a tenant gives notice from the profile: at least the notice period ahead, replaceable, withdrawable', async () => {
    const { student, tenancy } = await tenant();
    const tooSoon = await notice(student, { move_out_on: addDays(today(), 29) });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().message).toMatch(/^Give at least 30 days' notice: the earliest move-out day is /);
    expect(Object.keys(tooSoon.json().fields)).toEqual(['move_out_on']);
    const bad = await notice(student, { move_out_on: '2027-02-30' });
    expect(bad.statusCode).toBe(400);

    const ok = await notice(student, { move_out_on: addDays(today(), 30) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().move_out_on).toBe(addDays(today(), 30));
    const later = await notice(student, { move_out_on: addDays(today(), 45) });
    expect(later.json().move_out_on).toBe(addDays(today(), 45));
    expect((await profileOf(t, student)).rentDetails.notice).toMatchObject({
      move_out_on: addDays(today(), 45),
    });
    // Admins see it on the tenants list.
    const list = await send(t, admin, 'GET', '/api/payments/tenants');
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json() as { tenancy_id: string }[]).find((r) => r.tenancy_id === tenancy.id);
    expect(row).toMatchObject({ deposit_held: 50_000, notice: { move_out_on: addDays(today(), 45) } });
    const copies = await t.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.userId, student.user.id));
    expect(copies.filter((m) => m.subject === 'StudyNest: we have your notice to move out')).toHaveLength(2);

    const withdrawn = await send(t, student, 'DELETE', '/api/tenancy/notice');
    expect(withdrawn.statusCode).toBe(204);
    expect((await profileOf(t, student)).rentDetails.notice).toBeNull();
  });

  it('a student who rents nothing cannot give notice (404)', async () => {
    const nobody = await signedInUser(t);
    const res = await notice(nobody, { move_out_on: addDays(today(), 60) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('You have no running tenancy to give notice on');
  });

  it('a deposit paid after its inspection was cancelled and the room let to someone else goes to Refunds (inspection cancelled)', async () => {
    const { room } = await hostelWithRoom(t, { agentFee: 20_000, cautionFee: 50_000, price: 400_000 });
    const first = await signedInUser(t);
    // Three days ahead: inside the cancellation window whatever the time of day (tomorrow's 10:00
    // slot may be cancelled only until 10:00 today).
    const { booking: firstBooking } = await bookAndPayAgentFee(t, first, room, lagosDatePlusDays(3));
    // The first student opens the deposit checkout and leaves it open...
    const open = await initiateDeposit(t, first, firstBooking._id);
    expect(open.statusCode, open.body).toBe(201);
    // ...cancels the inspection, and someone else books the room and rents it.
    const cancelled = await send(t, first, 'POST', `/api/bookings/${firstBooking._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const second = await signedInUser(t);
    await bookAndPayAgentFee(t, second, room);
    await payOk(t, second, await initiateRentOk(t, second, room));
    // The first student's deposit arrives now: it cannot be held for a room they will not rent,
    // and it is owed back because they called the inspection off.
    const late = await payOk(t, first, open.json());
    expect(late.needs_refund).toBe(true);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, open.json().reference));
    expect(row?.refundReason).toBe('inspection_cancelled');
  });

  it('bad input and the wrong people get clear errors', async () => {
    const { student, tenancy } = await tenant();
    expect((await moveOut(tenancy.id, { date: today(), reason: 'breach' }, student)).statusCode).toBe(403);
    const anon = await send(t, anonymous, 'POST', `/api/admin/tenancies/${tenancy.id}/move-out`, {
      date: today(),
      reason: 'breach',
    });
    expect(anon.statusCode).toBe(401);
    const unknown = await moveOut('00000000-0000-4000-8000-000000000000', {
      date: today(),
      reason: 'breach',
    });
    expect(unknown.statusCode).toBe(404);
    for (const body of [
      {},
      { date: 'yesterday', reason: 'breach' },
      { date: today(), reason: 'bored' },
      { date: today(), reason: 'breach', deductions: [{ description: '', amount: 10 }] },
      { date: today(), reason: 'breach', deductions: [{ description: 'Paint', amount: 0 }] },
      { date: today(), reason: 'breach', deductions: [{ description: 'Paint', amount: 1.5 }] },
      { date: today(), reason: 'breach', deductions: 'paint' },
    ]) {
      const res = await moveOut(tenancy.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBeTruthy();
    }
    const [still] = await t.db.select().from(tenancies).where(eq(tenancies.id, tenancy.id));
    expect(still?.endedAt).toBeNull();
  });
});
