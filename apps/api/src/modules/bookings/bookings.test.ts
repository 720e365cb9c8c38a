import { INSPECTION_SLOTS } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, signedInUser } from '../../../test/factories.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { book, bookOk, hostelWithRoom, lagosDatePlusDays, SLOT } from '../payments/payments.fixtures.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { bookings } from './bookings.schema.ts';

describe('POST /api/bookings', () => {
  const t = testApp();

  it('books an inspection and holds the room for the student for 30 minutes', async () => {
    const { room } = await hostelWithRoom(t);
    const student = await signedInUser(t);
    const date = lagosDatePlusDays(2);
    const before = Date.now();
    const res = await book(t, student, room, date);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      hostel_id: room.hostelId,
      room_id: room.id,
      inspection_date_time: `${date}_${SLOT}`,
      status: 'pending',
    });
    const holdMs = new Date(body.hold_expires_at).getTime() - before;
    expect(holdMs).toBeGreaterThan(29 * 60_000);
    expect(holdMs).toBeLessThan(31 * 60_000);
    const [r] = await t.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(r?.heldByUserId).toBe(student.user.id);
    expect(r?.status).toBe('available');
  });

  it("reuses the student's live booking on a repeated attempt instead of duplicating it", async () => {
    const { room } = await hostelWithRoom(t);
    const student = await signedInUser(t);
    const first = await bookOk(t, student, room);
    const again = await send(t, student, 'POST', '/api/bookings', {
      hostel_id: room.hostelId,
      room_id: room.id,
      inspection_date_time: `${lagosDatePlusDays(3)}_04:00pm - 04:30pm`,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).toBe(first._id);
    expect(again.json().inspection_date_time).toBe(`${lagosDatePlusDays(3)}_04:00pm - 04:30pm`);
    const rows = await t.db.select().from(bookings).where(eq(bookings.roomId, room.id));
    expect(rows).toHaveLength(1);
  });

  it('accepts today (Lagos) and refuses past dates, bad dates and unknown slots with 400', async () => {
    const { room } = await hostelWithRoom(t);
    const student = await signedInUser(t);
    expect((await book(t, student, room, lagosDatePlusDays(0))).statusCode).toBe(201);

    const past = await book(t, student, room, lagosDatePlusDays(-1));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Pick today or a later date');

    for (const value of ['2025-02-30_10:00am - 10:30am', 'tomorrow_10:00am - 10:30am', 'garbage']) {
      const res = await send(t, student, 'POST', '/api/bookings', {
        hostel_id: room.hostelId,
        room_id: room.id,
        inspection_date_time: value,
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().fields).toHaveProperty('inspection_date_time');
    }
    const slot = await send(t, student, 'POST', '/api/bookings', {
      hostel_id: room.hostelId,
      room_id: room.id,
      inspection_date_time: `${lagosDatePlusDays(1)}_03:00am - 03:30am`,
    });
    expect(slot.statusCode).toBe(400);
    for (const s of INSPECTION_SLOTS) expect(slot.json().message).toContain(s);
  });

  it('answers 404 for an unknown room, 400 for a room of another hostel, 409 for a closed hostel', async () => {
    const student = await signedInUser(t);
    const { room } = await hostelWithRoom(t);
    const other = await insertHostel(t.db);
    const date = `${lagosDatePlusDays(1)}_${SLOT}`;
    const unknown = await send(t, student, 'POST', '/api/bookings', {
      hostel_id: room.hostelId,
      room_id: '00000000-0000-4000-8000-000000000000',
      inspection_date_time: date,
    });
    expect(unknown.statusCode).toBe(404);
    const wrongHostel = await send(t, student, 'POST', '/api/bookings', {
      hostel_id: other.id,
      room_id: room.id,
      inspection_date_time: date,
    });
    expect(wrongHostel.statusCode).toBe(400);

    const closed = await insertHostel(t.db, { isClosed: true });
    const closedRoom = await insertRoom(t.db, closed.id);
    const res = await book(t, student, closedRoom);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This hostel is not taking bookings right now');
  });

  it('needs a signed-in student and valid ids', async () => {
    const { room } = await hostelWithRoom(t);
    const anon = await send(t, anonymous, 'POST', '/api/bookings', {
      hostel_id: room.hostelId,
      room_id: room.id,
      inspection_date_time: `${lagosDatePlusDays(1)}_${SLOT}`,
    });
    expect(anon.statusCode).toBe(401);
    const student = await signedInUser(t);
    const bad = await send(t, student, 'POST', '/api/bookings', { hostel_id: 'x', room_id: 5 });
    expect(bad.statusCode).toBe(400);
  });

  it('tells other students the room is being booked, and booked or rented rooms say so', async () => {
    const { room } = await hostelWithRoom(t);
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    await bookOk(t, first, room);
    const res = await book(t, second, room);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^Someone else is booking this room right now\. Try again in (30|29) minutes or pick another room\.$/,
    );

    // Once the hold has run out, the next student may hold it.
    await t.db
      .update(rooms)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(rooms.id, room.id));
    expect((await book(t, second, room)).statusCode).toBe(201);

    const booked = await hostelWithRoom(t, { status: 'booked' });
    expect((await book(t, first, booked.room)).json().message).toBe('This room is already booked');
    const rented = await hostelWithRoom(t, { status: 'rented' });
    const r = await book(t, first, rented.room);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('This room is already rented');
  });

  it('lets exactly one of 20 racing students hold a room', async () => {
    const { room } = await hostelWithRoom(t);
    const students = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t)));
    const results = await Promise.all(students.map((s) => book(t, s, room)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = students[codes.indexOf(201)]!;
    const [r] = await t.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(r?.heldByUserId).toBe(winner.user.id);
    const rows = await t.db.select().from(bookings).where(eq(bookings.roomId, room.id));
    expect(rows).toHaveLength(1);
  });

  it('counts and lists only confirmed inspections from today (Lagos) on', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const count = async () => (await send(t, admin, 'GET', '/api/bookings/count')).json().upcoming;
    const before = await count();
    const made: string[] = [];
    for (const days of [0, 1, -1]) {
      const { room } = await hostelWithRoom(t);
      const booking = await bookOk(t, await signedInUser(t), room);
      // Confirmation normally follows a verified agent fee (covered in the payments suites).
      await t.db
        .update(bookings)
        .set({ status: 'confirmed', confirmedAt: new Date(), inspectionDate: lagosDatePlusDays(days) })
        .where(eq(bookings.id, booking._id));
      made.push(booking._id);
    }
    const { room } = await hostelWithRoom(t);
    await bookOk(t, await signedInUser(t), room); // pending: not counted
    expect(await count()).toBe(before + 2);
    const upcoming = await send(t, admin, 'GET', '/api/bookings?upcoming=1');
    const ids = upcoming.json().map((b: { _id: string }) => b._id);
    expect(ids).toEqual(expect.arrayContaining([made[0], made[1]]));
    expect(ids).not.toContain(made[2]);
    const all = await send(t, admin, 'GET', '/api/bookings');
    expect(all.json().map((b: { _id: string }) => b._id)).toEqual(expect.arrayContaining(made));
    expect(all.json().find((b: { _id: string }) => b._id === made[2]).payment_status).toBe('none');
  });
});

describe('POST /api/bookings: holds are rationed', () => {
  const t = testApp();

  it('asks a student with an unconfirmed e-mail to confirm it first, and holds nothing', async () => {
    const student = await signedInUser(t, { isEmailConfirmed: false });
    const { room } = await hostelWithRoom(t);
    const res = await book(t, student, room);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'email_unconfirmed',
      message: expect.stringMatching(/Confirm your email/),
    });
    const [row] = await t.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(row!.heldByUserId).toBeNull();
  });

  it('lets one student hold two rooms at a time, says when a hold ends, and allows a third once one runs out', async () => {
    const student = await signedInUser(t);
    const rooms3 = await Promise.all([hostelWithRoom(t), hostelWithRoom(t), hostelWithRoom(t)]);
    await bookOk(t, student, rooms3[0]!.room);
    await bookOk(t, student, rooms3[1]!.room);
    // Booking one of the held rooms again is a change of date, not a third hold.
    await bookOk(t, student, rooms3[1]!.room);
    const third = await book(t, student, rooms3[2]!.room);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/already holding 2 rooms.*try again in 30 minutes/);

    await t.db
      .update(rooms)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(rooms.id, rooms3[0]!.room.id));
    expect((await book(t, student, rooms3[2]!.room)).statusCode).toBe(201);
  });

  it('keeps the limit when one student books many rooms at once', async () => {
    const student = await signedInUser(t);
    const many = await Promise.all(Array.from({ length: 8 }, () => hostelWithRoom(t)));
    const statuses = await Promise.all(
      many.map(({ room }) => book(t, student, room).then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    const held = await t.db.select().from(rooms).where(eq(rooms.heldByUserId, student.user.id));
    expect(held).toHaveLength(2);
  });
});
