import {
  AUDIT_KINDS,
  type AuditEntry,
  type AuditKind,
  addDays,
  describeAuditAction,
  todayInLagos,
} from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import {
  insertHostel,
  insertRoom,
  insertTenancy,
  signedInUser,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { type Caller, type Method, send as sendAs, sendForm } from '../../../test/requests.ts';
import { maintenanceReport, signupFields } from '../../../test/security-fixtures.ts';
import { totpAt } from '../auth/totp.ts';
import { realPdf, uploadDocument } from '../documents/documents.fixtures.ts';
import { multipart, smallJpeg } from '../hostels/hostels.fixtures.ts';
import {
  bookAndPayAgentFee,
  lagosDatePlusDays,
  paidInspection,
  paidTenant,
} from '../payments/payments.fixtures.ts';
import { runRetentionNow } from '../users/data-rights.jobs.ts';
import { dataExports } from '../users/users.schema.ts';
import { adminAudit } from './audit.schema.ts';
import { KINDS_ALWAYS_DESCRIBED } from './audit.service.ts';

/** The activity log in words (docs/domain.md, "Activity log"): every admin action kind through its real endpoint. */
describe('the activity log says what each admin action did', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin', firstName: 'Tunde', lastName: 'Admin' } });
  const send = (who: Caller, method: Method, url: string, body?: object) => sendAs(t, who, method, url, body);

  /** The newest entry of the log, after an action that must have succeeded. */
  async function logged(res: { statusCode: number; body: string }): Promise<AuditEntry> {
    expect(res.statusCode, res.body).toBeLessThan(300);
    const log = await send(admin, 'GET', '/api/admin/audit?limit=1');
    expect(log.statusCode, log.body).toBe(200);
    return (log.json() as AuditEntry[])[0] as AuditEntry;
  }

  it('refunds, refund checks and move-outs: the tenant, the room and the amounts', async () => {
    const tenant = await paidTenant(t, {
      room: { agentFee: 20_000, cautionFee: 50_000, price: 400_000, roomNumber: 'room 01' },
      deposit: true,
    });
    const name = `${tenant.student.user.firstName} ${tenant.student.user.lastName}`;

    const refund = await send(admin, 'POST', '/api/admin/refunds', {
      reference: tenant.feeReference,
      amount: 5_000,
      reason: 'Inspection cancelled',
    });
    const refunded = await logged(refund);
    expect(refunded).toMatchObject({
      summary: `Refunded ₦5,000 to ${name} — Inspection cancelled`,
      action: 'POST /api/admin/refunds',
      actor: { email: admin.user.email, name: 'Tunde Admin' },
      description: { kind: 'refund.created', amount: 5_000, person: { id: tenant.student.user.id, name } },
    });

    const checked = await logged(await send(admin, 'POST', `/api/admin/refunds/${refund.json()._id}/check`));
    expect(checked.summary).toMatch(
      new RegExp(`^Checked the refund of ₦5,000 to ${name} with the provider: \\w+`),
    );

    const out = await send(admin, 'POST', `/api/admin/tenancies/${tenant.tenancy.id}/move-out`, {
      date: todayInLagos(),
      reason: 'breach',
      deductions: [{ description: 'Broken louvre glass', amount: 12_500 }],
    });
    expect((await logged(out)).summary).toBe(
      `Moved out ${name} from Room 01, ${tenant.hostel.hostelName}, ₦12,500 kept, ₦37,500 to refund — Breach of the tenancy terms`,
    );

    // A cancelled inspection's agent fee is owed back: part is refunded; once that is processed the
    // rest is kept.
    const hostel = await insertHostel(t.db);
    const room = await insertRoom(t.db, hostel.id, { agentFee: 20_000 });
    const { booking, feeReference } = await bookAndPayAgentFee(t, tenant.student, room, lagosDatePlusDays(3));
    const cancelled = await send(tenant.student, 'POST', `/api/bookings/${booking._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const part = await send(admin, 'POST', '/api/admin/refunds', {
      reference: feeReference,
      amount: 7_500,
      reason: 'Booking fee',
    });
    expect(part.statusCode, part.body).toBe(202);
    await eventually(
      async () =>
        (await send(admin, 'GET', `/api/admin/refunds/${part.json()._id}`)).json().status === 'processed',
    );
    const closed = await send(admin, 'POST', '/api/admin/refunds/close', {
      reference: feeReference,
      reason: 'The agent showed the room',
    });
    expect((await logged(closed)).summary).toBe(
      `Closed the refunds to ${name}: ₦7,500 refunded, ₦12,500 kept — The agent showed the room`,
    );
  });

  it('maintenance updates, messages sent, previewed and retried', async () => {
    const student = await signedInUser(t, { firstName: 'Chioma', lastName: 'Okeke' });
    const requestId = await maintenanceReport(t, student);
    const update = await send(admin, 'PATCH', `/api/admin/maintenance/${requestId}`, {
      status: 'in_progress',
    });
    const updated = await logged(update);
    expect(updated.summary).toMatch(
      /^Marked Chioma Okeke's water request in Room \d\d, Test Hostel \d+ in progress$/,
    );

    const message = {
      channel: 'email',
      audience: { type: 'users', user_ids: [student.user.id] },
      subject: 'Water on Saturday',
      body: 'Hello {first_name}',
    };
    const preview = await send(admin, 'POST', '/api/admin/messages/preview', message);
    expect((await logged(preview)).summary).toBe('Previewed an e-mail to 1 person: “Water on Saturday”');
    const sent = await send(admin, 'POST', '/api/admin/messages', message);
    expect((await logged(sent)).summary).toBe('Sent an e-mail to 1 person: “Water on Saturday”');
    const retried = await send(admin, 'POST', `/api/admin/messages/${sent.json().id}/retry`);
    expect((await logged(retried)).summary).toMatch(/^Retried \d+ failed deliver(y|ies)$/);
  });

  it('hostels and rooms: created, updated, closed, reopened and deleted, by name', async () => {
    const created = await send(admin, 'POST', '/api/hostels', {
      hostel_name: 'Akoka Royal Lodge',
      address: '3 Market Road',
    });
    expect((await logged(created)).summary).toBe('Created hostel Akoka Royal Lodge');
    const hostelId = created.json()._id as string;

    const room = await send(admin, 'POST', '/api/rooms', {
      room_number: 'room 03',
      unit: 'one bedroom flat',
      price: 250_000,
      agent_fee: 25_000,
      caution_fee: 20_000,
      commission_fee: 10_000,
      hostel: hostelId,
    });
    expect((await logged(room)).summary).toBe('Added Room 03, Akoka Royal Lodge at ₦250,000 a year');
    const roomId = room.json()._id as string;
    const patched = await send(admin, 'PATCH', `/api/rooms/${roomId}`, { price: 300_000 });
    expect((await logged(patched)).summary).toBe('Updated Room 03, Akoka Royal Lodge, ₦300,000 a year');
    const photos = await sendForm(
      t,
      admin,
      'POST',
      `/api/rooms/${roomId}/photos`,
      await multipart({}, [{ data: await smallJpeg(1) }, { data: await smallJpeg(2) }]),
    );
    expect((await logged(photos)).summary).toBe('Added 2 photos to Room 03, Akoka Royal Lodge');
    const photoId = photos.json().photos[0]._id as string;
    const removed = await send(admin, 'DELETE', `/api/rooms/${roomId}/photos/${photoId}`);
    expect((await logged(removed)).summary).toBe('Removed a photo from Room 03, Akoka Royal Lodge');
    const status = await send(admin, 'PATCH', `/api/rooms/${roomId}/status`, { status: 'rented' });
    expect((await logged(status)).summary).toBe('Set Room 03, Akoka Royal Lodge to rented');
    await send(admin, 'PATCH', `/api/rooms/${roomId}/status`, { status: 'available' });

    const renamed = await send(admin, 'PATCH', `/api/hostels/${hostelId}`, {
      hostel_name: 'Akoka Grand Lodge',
    });
    expect((await logged(renamed)).summary).toBe('Updated hostel Akoka Grand Lodge');
    // The words were fixed when the room was added: the rename does not rewrite them.
    const history = (
      await send(admin, 'GET', '/api/admin/audit?kind=room.created&limit=1')
    ).json() as AuditEntry[];
    expect(history[0]?.summary).toBe('Added Room 03, Akoka Royal Lodge at ₦250,000 a year');

    expect((await logged(await send(admin, 'DELETE', `/api/rooms/${roomId}`))).summary).toBe(
      'Deleted Room 03, Akoka Grand Lodge',
    );
    expect((await logged(await send(admin, 'POST', `/api/hostels/${hostelId}/close`))).summary).toBe(
      'Closed hostel Akoka Grand Lodge',
    );
    expect((await logged(await send(admin, 'POST', `/api/hostels/${hostelId}/reopen`))).summary).toBe(
      'Reopened hostel Akoka Grand Lodge',
    );
    expect((await logged(await send(admin, 'DELETE', `/api/hostels/${hostelId}`))).summary).toBe(
      'Deleted hostel Akoka Grand Lodge',
    );
  });

  it('reviews, settings, reconciliation runs', async () => {
    const review = await send(admin, 'POST', '/api/reviews', {
      full_name: 'Bisi Ade',
      feedback: 'Clean rooms',
      rating: 4,
    });
    expect(review.statusCode, review.body).toBe(201);
    const moderated = await send(admin, 'PATCH', `/api/reviews/${review.json().review._id}`, {
      status: 'approved',
    });
    expect((await logged(moderated)).summary).toBe("Set Bisi Ade's review (4 stars) to approved");

    const before = (await send(admin, 'GET', '/api/admin/settings')).json();
    const saved = await send(admin, 'PUT', '/api/admin/settings', {
      ...before,
      reminder_days_before: [5, 1],
      reminder_sms: !before.reminder_sms,
    });
    expect((await logged(saved)).summary).toBe(
      `Changed the settings: reminder days before the due date ${before.reminder_days_before.join(', ')} → 5, 1; reminder texts ${before.reminder_sms ? 'on → off' : 'off → on'}`,
    );

    const day = addDays(todayInLagos(), -1);
    const run = await send(admin, 'POST', '/api/admin/reconciliation', { date: day });
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const shown = new Intl.DateTimeFormat('en-NG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(y, m - 1, d));
    expect((await logged(run)).summary).toBe(
      `Reconciled ${shown} with the payment provider: ${run.json().status}`,
    );
  });

  it('transfer credits allocated and refunded: the student, the amount and what it paid', async () => {
    const { student, room } = await paidInspection(t, {
      room: { agentFee: 20_000, cautionFee: 50_000, price: 400_000, roomNumber: 'room 04' },
      deposit: false,
    });
    const name = `${student.user.firstName} ${student.user.lastName}`;
    await send(student, 'POST', '/api/me/dedicated-account');
    expect((await send(student, 'POST', '/api/sandbox/transfers', { amount: 60_000 })).json().outcome).toBe(
      'held',
    );
    const [credit] = (await send(student, 'GET', '/api/me/credits')).json();
    const allocated = await logged(
      await send(admin, 'POST', `/api/admin/credits/${credit._id}/allocate`, {
        due_key: `caution_fee:${room.id}`,
      }),
    );
    expect(allocated).toMatchObject({
      description: { kind: 'credit.allocated', amount: 50_000, person: { id: student.user.id, name } },
    });
    expect(allocated.summary).toMatch(
      new RegExp(`^Paid ₦50,000 \\(Caution deposit for room 04, .+\\) from ${name}'s transfer credit$`),
    );
    const refunded = await logged(
      await send(admin, 'POST', `/api/admin/credits/${credit._id}/refund`, { reason: 'Sent too much' }),
    );
    expect(refunded.summary).toBe(`Refunded ₦10,000 of ${name}'s transfer credit — Sent too much`);
  });

  it('admins created, two-step sign-in, and users deleted', async () => {
    const fields = signupFields();
    const created = await send(admin, 'POST', '/api/auth/admin/signup', fields);
    // Named as the account keeps the name (sign-up stores it as it stores every name).
    const made = created.json().user as { first_name: string; last_name: string };
    expect((await logged(created)).summary).toBe(
      `Created admin ${made.first_name} ${made.last_name} (${fields.email})`,
    );

    const other = await signedInUser(t, { role: 'admin', firstName: 'Emeka', lastName: 'Obi' });
    const setup = await send(other, 'POST', '/api/auth/mfa/setup');
    expect((await logged(setup)).summary).toBe('Started setting up two-step sign-in');
    const { secret } = setup.json() as { secret: string };
    const on = await send(other, 'POST', '/api/auth/mfa/enable', { code: totpAt(secret, Date.now()) });
    expect(await logged(on)).toMatchObject({
      summary: 'Turned on two-step sign-in',
      actor: { name: 'Emeka Obi' },
    });
    const reset = await send(admin, 'POST', `/api/user/${other.user.id}/two-step/reset`);
    expect((await logged(reset)).summary).toBe('Reset two-step sign-in for Emeka Obi');

    const third = await signedInUser(t, { role: 'admin', firstName: 'Kemi', lastName: 'Ola' });
    const { secret: s3 } = (await send(third, 'POST', '/api/auth/mfa/setup')).json() as { secret: string };
    await send(third, 'POST', '/api/auth/mfa/enable', { code: totpAt(s3, Date.now()) });
    const off = await send(third, 'POST', '/api/auth/mfa/disable', {
      password: TEST_PASSWORD,
      code: totpAt(s3, Date.now() + 30_000),
    });
    expect((await logged(off)).summary).toBe('Turned off two-step sign-in');

    const leaving = await signedInUser(t, { firstName: 'Gone', lastName: 'Student' });
    const deleted = await send(admin, 'DELETE', `/api/user/${leaving.user.id}`);
    expect((await logged(deleted)).summary).toBe(`Deleted user Gone Student (${leaving.user.email})`);
  });

  it("students' documents viewed, approved and rejected; a room's condition recorded and confirmed; files deleted by the retention job", async () => {
    const student = await signedInUser(t, { firstName: 'Ngozi', lastName: 'Eze' });
    const upload = async (kind: string) => {
      const res = await uploadDocument(t, student, kind, { data: await realPdf(1), filename: `${kind}.pdf` });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()._id as string;
    };
    const card = await upload('student_id');
    const passport = await upload('passport');
    const viewed = await send(admin, 'GET', `/api/documents/${card}/file`);
    expect(viewed.statusCode).toBe(200);
    expect((await logged({ statusCode: 200, body: '' })).summary).toBe("Viewed Ngozi Eze's Student ID card");
    const approved = await send(admin, 'POST', `/api/admin/documents/${card}/review`, {
      decision: 'approve',
    });
    expect((await logged(approved)).summary).toBe("Approved Ngozi Eze's Student ID card");
    const rejected = await send(admin, 'POST', `/api/admin/documents/${passport}/review`, {
      decision: 'reject',
      reason: 'The photo page is cut off',
    });
    expect((await logged(rejected)).summary).toBe(
      "Rejected Ngozi Eze's International passport — The photo page is cut off",
    );

    const hostel = await insertHostel(t.db);
    const room = await insertRoom(t.db, hostel.id);
    const tenancy = await insertTenancy(t.db, room, student.user.id, addDays(todayInLagos(), 300));
    const hers = await send(student, 'POST', `/api/tenancies/${tenancy.id}/condition`, {
      items: [{ name: 'Fan', state: 'fair', note: 'Wobbles on high' }],
    });
    expect(hers.statusCode, hers.body).toBe(201);
    const confirmed = await send(admin, 'POST', `/api/admin/tenancies/${tenancy.id}/condition/confirm`);
    expect((await logged(confirmed)).summary).toBe(
      "Confirmed version 1 of a tenant's record of their room's condition",
    );
    // A correction is the admin's own record: a new version, confirmed as it is made.
    const corrected = await send(admin, 'POST', `/api/tenancies/${tenancy.id}/condition`, {
      items: [{ name: 'Fan', state: 'damaged', note: 'One blade cracked' }],
    });
    expect((await logged(corrected)).summary).toBe("Recorded version 2 of a room's condition at move-in");

    // The nightly job deletes an export whose link has expired, and says so in the log.
    const storageKey = `data-exports/audit-${student.user.id}.zip`;
    await t.app.deps.privateStorage.put(storageKey, Buffer.from('PK\u0005\u0006'), 'application/zip');
    const past = new Date(Date.now() - 3_600_000);
    await t.db.insert(dataExports).values({
      userId: student.user.id,
      status: 'ready',
      storageKey,
      readyAt: new Date(past.getTime() - 86_400_000),
      expiresAt: past,
    });
    await runRetentionNow(t.app.deps);
    await eventually(async () => {
      const [entry] = (await send(admin, 'GET', '/api/admin/audit?kind=retention.deleted&limit=1')).json();
      return entry?.summary === "Deleted Ngozi Eze's data export (its link expired after 24 hours)";
    });
  });

  it('has met every kind of action above, each with its words kept (no admin write left undescribed)', async () => {
    const rows = await t.db
      .select({ description: adminAudit.description, action: adminAudit.action })
      .from(adminAudit);
    expect(rows.filter((r) => !r.description).map((r) => r.action)).toEqual([]);
    expect(new Set(rows.map((r) => r.description?.kind))).toEqual(new Set(AUDIT_KINDS));
  });

  it('reads an entry kept before descriptions in words of its kind, for the route of every kind, never as a route', async () => {
    // The routes every kind above was written through, as the log keeps them.
    const written = await t.db
      .selectDistinct({ action: adminAudit.action, kind: sql<string>`${adminAudit.description}->>'kind'` })
      .from(adminAudit);
    expect(new Set(written.map((w) => w.kind))).toEqual(new Set(AUDIT_KINDS));
    const later = Date.now() + 60_000;
    const old = [
      ...written.filter((w) => !KINDS_ALWAYS_DESCRIBED.has(w.kind as AuditKind)),
      { action: 'POST /api/admin/something-new', kind: null },
    ];
    await t.db.insert(adminAudit).values(
      old.map(({ action }, i) => ({
        actorId: admin.user.id,
        action,
        targetId: null,
        statusCode: 200,
        ip: '127.0.0.1',
        createdAt: new Date(later + i),
      })),
    );
    const log = await send(admin, 'GET', `/api/admin/audit?limit=${old.length}`);
    expect(log.statusCode, log.body).toBe(200);
    const entries = (log.json() as AuditEntry[]).reverse();
    expect(entries.map((e) => e.action)).toEqual(old.map((o) => o.action));
    for (const [i, entry] of entries.entries()) {
      const kind = old[i]?.kind as AuditKind | null;
      expect(entry).toMatchObject({ description: null, kind });
      expect(entry.summary).toBe(
        `${kind ? describeAuditAction({ kind }) : 'Made a change in the admin pages'} (recorded before the log kept names and amounts)`,
      );
      expect(entry.summary).not.toMatch(/\/api|undefined|₦0|someone|:id/);
    }
    // Each kind has words of its own even without its facts.
    const generic = AUDIT_KINDS.map((kind) => describeAuditAction({ kind }));
    expect(new Set(generic).size).toBe(AUDIT_KINDS.length);
    expect(entries.find((e) => e.action === 'POST /api/admin/refunds')?.summary).toBe(
      'Refunded a payment (recorded before the log kept names and amounts)',
    );
    // The kind filter finds older entries of that kind by their route.
    const [oldRefund] = (
      await send(admin, 'GET', '/api/admin/audit?kind=refund.created&limit=1')
    ).json() as AuditEntry[];
    expect(oldRefund).toMatchObject({
      action: 'POST /api/admin/refunds',
      description: null,
      kind: 'refund.created',
    });
    await t.db.delete(adminAudit).where(sql`${adminAudit.description} is null`);
  });
});

describe('filtering the activity log', () => {
  const { t, admin, other } = testAppWith({
    admin: { role: 'admin', firstName: 'Tunde', lastName: 'Admin' },
    other: { role: 'admin', firstName: 'Ngozi', lastName: 'Eze' },
  });
  const send = (who: Caller, method: Method, url: string, body?: object) => sendAs(t, who, method, url, body);
  const list = async (query: string) => {
    const res = await send(admin, 'GET', `/api/admin/audit?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { total: Number(res.headers['x-total-count']), entries: res.json() as AuditEntry[] };
  };

  it('by kind, by the admin who acted or the person affected, and by Lagos dates, with the total', async () => {
    const hostel = await insertHostel(t.db, { hostelName: 'Filter Lodge' });
    for (const n of ['room 01', 'room 02']) {
      const room = await insertRoom(t.db, hostel.id, { roomNumber: n });
      expect(
        (await send(other, 'PATCH', `/api/rooms/${room.id}/status`, { status: 'rented' })).statusCode,
      ).toBe(200);
    }
    expect((await send(admin, 'POST', `/api/hostels/${hostel.id}/close`)).statusCode).toBe(200);
    const tenant = await signedInUser(t, { firstName: 'Chioma', lastName: 'Okeke' });
    await insertTenancy(
      t.db,
      await insertRoom(t.db, hostel.id, { roomNumber: 'room 05', status: 'rented' }),
      tenant.user.id,
      addDays(todayInLagos(), 100),
    );
    expect((await send(admin, 'DELETE', `/api/user/${tenant.user.id}`)).statusCode).toBe(204);

    const statuses = await list('kind=room.status_changed');
    expect(statuses.total).toBe(2);
    expect(statuses.entries.map((e) => e.summary)).toEqual([
      'Set Room 02, Filter Lodge to rented',
      'Set Room 01, Filter Lodge to rented',
    ]);
    const paged = await list('kind=room.status_changed&limit=1&offset=1');
    expect([paged.total, paged.entries.map((e) => e.summary)]).toEqual([
      2,
      ['Set Room 01, Filter Lodge to rented'],
    ]);

    // The admin who acted, by name or e-mail.
    expect((await list('person=ngozi')).total).toBe(2);
    expect((await list(`person=${encodeURIComponent(other.user.email)}`)).total).toBe(2);
    // The person affected, by the name kept with the entry.
    const affected = await list('person=Okeke');
    expect(affected.entries.map((e) => e.summary)).toEqual([
      `Deleted user Chioma Okeke (${tenant.user.email})`,
    ]);
    // A % typed by a person is a letter, not "anything".
    expect((await list('person=%25')).total).toBe(0);

    const today = todayInLagos();
    expect((await list(`from=${today}&to=${today}`)).total).toBe(4);
    expect((await list(`to=${addDays(today, -1)}`)).total).toBe(0);
    expect((await list(`from=${addDays(today, 1)}`)).total).toBe(0);
    // An entry made at 00:30 Lagos time (23:30 UTC the day before) belongs to the Lagos day.
    await t.db.insert(adminAudit).values({
      actorId: admin.user.id,
      action: 'POST /api/hostels/:id/close',
      targetId: hostel.id,
      description: { kind: 'hostel.closed', hostel: { id: hostel.id, name: 'Filter Lodge' } },
      statusCode: 200,
      ip: '127.0.0.1',
      createdAt: new Date('2026-03-09T23:30:00Z'),
    });
    expect((await list('from=2026-03-10&to=2026-03-10')).total).toBe(1);
    expect((await list('from=2026-03-09&to=2026-03-09')).total).toBe(0);
    expect((await list('kind=hostel.closed&person=tunde')).total).toBe(2);
    await t.db.delete(adminAudit).where(eq(adminAudit.createdAt, new Date('2026-03-09T23:30:00Z')));
  });

  it.each([
    ['kind=refund.sent', 'kind', /kind must be one of: refund\.created/],
    ['from=2026-02-30', 'from', /from must be a real date/],
    ['from=yesterday', 'from', /from must be a date written YYYY-MM-DD/],
    ['to=2026-13-01', 'to', /to must be/],
    ['from=2026-03-10&to=2026-03-01', 'to', /to must be on or after from/],
    ['from=2020-01-01&to=2026-01-01', 'to', /at most 731 days/],
    ['person=', 'person', /person must not be empty/],
    ['person=%20%20', 'person', /person must not be empty/],
    [`person=${'x'.repeat(101)}`, 'person', /at most 100 characters/],
  ])('refuses ?%s with a 400 naming %s', async (query, field, message) => {
    const res = await send(admin, 'GET', `/api/admin/audit?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toMatch(message);
  });
});
