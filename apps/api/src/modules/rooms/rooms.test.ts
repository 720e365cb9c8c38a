import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, insertTenancy, signedInUser } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';
import { insertBooking } from '../hostels/hostels.fixtures.ts';
import { rooms } from './rooms.schema.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('rooms: add, update, status, delete', () => {
  const { t, admin, student } = testAppWith({ admin: { role: 'admin' }, student: {} });

  const body = (hostel: string, overrides: Record<string, unknown> = {}) => ({
    room_number: 'room 03',
    unit: 'one bedroom flat',
    agent_fee: 65000,
    price: '650000',
    caution_fee: 50000,
    commission_fee: 32000,
    status: 'available',
    hostel,
    ...overrides,
  });

  const addRoom = (payload: object) => send(t, admin, 'POST', '/api/rooms', payload);

  it('refuses every write to anonymous (401) and students (403), changing nothing', async () => {
    const h = await insertHostel(t.db);
    const room = await insertRoom(t.db, h.id, { roomNumber: 'room 01' });
    const writes = [
      { method: 'POST' as const, url: '/api/rooms', payload: body(h.id, { room_number: 'room 09' }) },
      { method: 'PATCH' as const, url: `/api/rooms/${room.id}`, payload: { price: 1 } },
      { method: 'PUT' as const, url: `/api/rooms/${room.id}`, payload: body(h.id, { price: 1 }) },
      { method: 'PATCH' as const, url: `/api/rooms/${room.id}/status`, payload: { status: 'rented' } },
      { method: 'DELETE' as const, url: `/api/rooms/${room.id}` },
      // Even with a bad body, the caller's identity is checked first.
      { method: 'POST' as const, url: '/api/rooms', payload: { nonsense: true } },
    ];
    for (const w of writes) {
      const anon = await t.app.inject(w);
      expect(anon.statusCode, `${w.method} ${w.url} anonymous`).toBe(401);
      const asStudent = await t.app.inject({ ...w, headers: student.headers });
      expect(asStudent.statusCode, `${w.method} ${w.url} student`).toBe(403);
    }
    const left = await t.db.select().from(rooms).where(eq(rooms.hostelId, h.id));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ price: room.price, status: 'available' });
  });

  describe('create', () => {
    it('adds a room → 201 with the room (numbers from strings, letter case normalised)', async () => {
      const h = await insertHostel(t.db);
      const res = await addRoom(
        body(h.id, { room_number: 'Room 03', unit: 'One Bedroom Flat', status: 'Booked' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        room_number: 'room 03',
        unit: 'one bedroom flat',
        status: 'booked',
        price: 650000,
        agent_fee: 65000,
        hostel: h.id,
      });
      const list = await t.app.inject({ method: 'GET', url: `/api/rooms/hostel/${h.id}` });
      expect(list.json().map((r: { _id: string }) => r._id)).toEqual([res.json()._id]);
    });

    it('status defaults to available', async () => {
      const h = await insertHostel(t.db);
      const { status: _omit, ...rest } = body(h.id);
      const res = await addRoom(rest);
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('available');
    });

    it('a room number is unique within its hostel → 409, but may repeat in another hostel', async () => {
      const h = await insertHostel(t.db);
      const other = await insertHostel(t.db);
      expect((await addRoom(body(h.id))).statusCode).toBe(201);
      const dup = await addRoom(body(h.id, { room_number: 'ROOM 03' }));
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('room 03 already exists in this hostel');
      expect(dup.json().fields).toEqual({ room_number: 'room 03 already exists in this hostel' });
      expect((await addRoom(body(other.id))).statusCode).toBe(201);
    });

    it('the hostel must exist → 400 naming the field', async () => {
      const res = await addRoom(body(MISSING));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'The chosen hostel does not exist; pick one from the hostel list',
        fields: { hostel: 'No hostel with this id' },
      });
    });

    it('refuses bad values with 400 and per-field reasons', async () => {
      const h = await insertHostel(t.db);
      const res = await addRoom(
        body(h.id, {
          room_number: 'room 21',
          unit: 'castle',
          price: -5,
          agent_fee: 1.5,
          status: 'gone',
          hostel: 'x',
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual(
        ['agent_fee', 'hostel', 'price', 'room_number', 'status', 'unit'].sort(),
      );
      expect(res.json().fields.price).toBe('Rent per year cannot be negative');
      const missing = await addRoom({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toHaveProperty('hostel');
    });
  });

  describe('update', () => {
    it('PATCH changes only what is sent (status is not reset)', async () => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id, { roomNumber: 'room 05', status: 'rented' });
      const res = await send(t, admin, 'PATCH', `/api/rooms/${room.id}`, { price: '700000' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        price: 700000,
        status: 'rented',
        room_number: 'room 05',
        agent_fee: room.agentFee,
      });
    });

    it('PUT needs the whole room; a missing status keeps its value', async () => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id, { roomNumber: 'room 06', status: 'booked' });
      const partial = await send(t, admin, 'PUT', `/api/rooms/${room.id}`, { price: 1 });
      expect(partial.statusCode).toBe(400);
      const { status: _omit, ...rest } = body(h.id, { room_number: 'room 07', unit: 'two bedroom flat' });
      const res = await send(t, admin, 'PUT', `/api/rooms/${room.id}`, rest);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        room_number: 'room 07',
        unit: 'two bedroom flat',
        status: 'booked',
      });
    });

    it('renumbering onto a taken number → 409; keeping its own number is fine', async () => {
      const h = await insertHostel(t.db);
      const a = await insertRoom(t.db, h.id, { roomNumber: 'room 01' });
      await insertRoom(t.db, h.id, { roomNumber: 'room 02' });
      const clash = await send(t, admin, 'PATCH', `/api/rooms/${a.id}`, { room_number: 'room 02' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe('room 02 already exists in this hostel');
      const same = await send(t, admin, 'PATCH', `/api/rooms/${a.id}`, {
        room_number: 'room 01',
        unit: 'four bedroom flat',
      });
      expect(same.statusCode).toBe(200);
    });

    it('moves a room to another existing hostel, checking the number there', async () => {
      const from = await insertHostel(t.db);
      const to = await insertHostel(t.db);
      const room = await insertRoom(t.db, from.id, { roomNumber: 'room 04' });
      await insertRoom(t.db, to.id, { roomNumber: 'room 04' });
      const clash = await send(t, admin, 'PATCH', `/api/rooms/${room.id}`, { hostel: to.id });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe('room 04 already exists in this hostel');
      const missing = await send(t, admin, 'PATCH', `/api/rooms/${room.id}`, { hostel: MISSING });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ hostel: 'No hostel with this id' });
      const moved = await send(t, admin, 'PATCH', `/api/rooms/${room.id}`, {
        hostel: to.id,
        room_number: 'room 10',
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ hostel: to.id, room_number: 'room 10' });
    });

    it('refuses to move a room that has bookings or payments (they record the hostel too)', async () => {
      const from = await insertHostel(t.db);
      const to = await insertHostel(t.db);
      const room = await insertRoom(t.db, from.id);
      await insertBooking(t.db, { userId: student.user.id, roomId: room.id, hostelId: from.id });
      const res = await send(t, admin, 'PATCH', `/api/rooms/${room.id}`, { hostel: to.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/cannot be moved to another hostel/);
    });

    it('404 for an unknown room', async () => {
      const res = await send(t, admin, 'PATCH', `/api/rooms/${MISSING}`, { price: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This room does not exist');
    });
  });

  describe('status', () => {
    it.each([
      ['BOOKED', 'booked'],
      [' Rented ', 'rented'],
      ['available', 'available'],
    ])('accepts %j in any letter case', async (sent, stored) => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id);
      const res = await send(t, admin, 'PATCH', `/api/rooms/${room.id}/status`, { status: sent });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(stored);
      const [row] = await t.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(row?.status).toBe(stored);
    });

    it('refuses an unknown status with 400', async () => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id);
      const res = await send(t, admin, 'PATCH', `/api/rooms/${room.id}/status`, { status: 'occupied' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ status: 'Status must be available, booked or rented' });
    });
  });

  describe('delete', () => {
    it('deletes an unused room → 204', async () => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id);
      const res = await send(t, admin, 'DELETE', `/api/rooms/${room.id}`);
      expect(res.statusCode).toBe(204);
      expect(await t.db.select().from(rooms).where(eq(rooms.id, room.id))).toEqual([]);
      expect((await send(t, admin, 'DELETE', `/api/rooms/${room.id}`)).statusCode).toBe(404);
    });

    it.each(['booked', 'rented'] as const)(
      '409 while %s (even set by hand), telling the admin what to do',
      async (status) => {
        const h = await insertHostel(t.db);
        const room = await insertRoom(t.db, h.id, { status });
        const res = await send(t, admin, 'DELETE', `/api/rooms/${room.id}`);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toMatch(
          /^This room is booked or rented by a student; it cannot be deleted\. .*set its status to available first/,
        );
        expect(await t.db.select().from(rooms).where(eq(rooms.id, room.id))).toHaveLength(1);
      },
    );

    it('409 while a student holds it for inspection', async () => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id, {
        heldByUserId: student.user.id,
        heldUntil: new Date(Date.now() + 600_000),
      });
      const res = await send(t, admin, 'DELETE', `/api/rooms/${room.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/holding this room/);
    });

    it('409 while a tenancy runs, even on a room set available by hand: its records are kept', async () => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id);
      await insertTenancy(t.db, { id: room.id, hostelId: h.id }, student.user.id, '2027-01-10');
      const res = await send(t, admin, 'DELETE', `/api/rooms/${room.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/bookings or payment records, which must be kept/);
    });

    it('409 when bookings or payments reference it (records are kept)', async () => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id);
      await insertBooking(
        t.db,
        { userId: student.user.id, roomId: room.id, hostelId: h.id },
        { withPayment: true },
      );
      const res = await send(t, admin, 'DELETE', `/api/rooms/${room.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/bookings or payment records, which must be kept/);
    });
  });

  it('GET /rooms/room/:id answers 404 for a room of a closed hostel, except to admins', async () => {
    const h = await insertHostel(t.db, { isClosed: true });
    const room = await insertRoom(t.db, h.id);
    const url = `/api/rooms/room/${room.id}`;
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.body).not.toContain(room.roomNumber);
    const student = await signedInUser(t);
    expect((await send(t, student, 'GET', url)).statusCode).toBe(404);
    const res = await send(t, admin, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json().hostel).toBe(h.id);
    // An open hostel's room answers anyone.
    const open = await insertHostel(t.db);
    const openRoom = await insertRoom(t.db, open.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/rooms/room/${openRoom.id}` })).statusCode).toBe(
      200,
    );
  });
});
