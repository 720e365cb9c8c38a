import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, insertTenancy } from '../../../test/factories.ts';
import { anonymous, send, sendForm } from '../../../test/requests.ts';
import { rooms } from '../rooms/rooms.schema.ts';
import { insertBooking, multipart, smallJpeg, uploadedFiles } from './hostels.fixtures.ts';
import { hostels } from './hostels.schema.ts';

describe('hostels: create, update, close, delete', () => {
  const { t, admin, student } = testAppWith({ admin: { role: 'admin' }, student: {} });

  describe('every write is for admins only', () => {
    const writes = (id: string) => [
      { method: 'POST' as const, url: '/api/hostels' },
      { method: 'PATCH' as const, url: `/api/hostels/${id}` },
      { method: 'PUT' as const, url: `/api/hostels/${id}` },
      { method: 'DELETE' as const, url: `/api/hostels/${id}` },
      { method: 'POST' as const, url: `/api/hostels/${id}/close` },
      { method: 'POST' as const, url: `/api/hostels/${id}/reopen` },
    ];

    it('anonymous → 401, student → 403, and nothing changes', async () => {
      const hostel = await insertHostel(t.db, { hostelName: 'Untouchable Lodge' });
      const form = await multipart({ hostel_name: 'Hijacked', address: 'Nowhere' }, [
        { data: await smallJpeg() },
      ]);
      for (const w of writes(hostel.id)) {
        const anon = await t.app.inject({ ...w, ...form });
        expect(anon.statusCode, `${w.method} ${w.url} anonymous`).toBe(401);
        expect(anon.json().message).toMatch(/log in/i);
        const asStudent = await sendForm(t, student, w.method, w.url, form);
        expect(asStudent.statusCode, `${w.method} ${w.url} student`).toBe(403);
        expect(asStudent.json().message).toBe('Only admins can do this');
      }
      const [row] = await t.db.select().from(hostels).where(eq(hostels.id, hostel.id));
      expect(row).toMatchObject({ hostelName: 'Untouchable Lodge', isClosed: false });
      expect(await uploadedFiles(t.config.dataDir)).toEqual([]);
    });
  });

  describe('create', () => {
    it('creates from a multipart form with photos → 201 with the hostel', async () => {
      const form = await multipart(
        {
          hostel_name: '  Green Gate Lodge ',
          address: '12 Odenigbo Road, Nsukka',
          hostel_details: 'Water and light',
        },
        [{ data: await smallJpeg(1) }, { data: await smallJpeg(2) }],
      );
      const res = await sendForm(t, admin, 'POST', '/api/hostels', form);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        hostel_name: 'Green Gate Lodge',
        address: '12 Odenigbo Road, Nsukka',
        hostel_details: 'Water and light',
        is_closed: false,
      });
      expect(body._id).toBe(body.id);
      expect(body.images).toHaveLength(2);
      expect(body.photos).toHaveLength(2);
      for (const url of body.images) {
        expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/uploads/hostels/[0-9a-f-]{36}\\.jpg$`));
      }

      const read = await t.app.inject({ method: 'GET', url: `/api/hostels/${body._id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().images).toEqual(body.images);
    });

    it('creates without photos, and from JSON too', async () => {
      const res = await send(t, admin, 'POST', '/api/hostels', {
        hostel_name: 'Plain Lodge',
        address: '3 Market Road',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ hostel_name: 'Plain Lodge', hostel_details: '', images: [] });
    });

    it('refuses missing name and address with 400 and per-field reasons', async () => {
      const form = await multipart({ hostel_name: '   ', hostel_details: 'x' });
      const res = await sendForm(t, admin, 'POST', '/api/hostels', form);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        hostel_name: 'Hostel name is required',
        address: 'Address is required',
      });
    });

    it('refuses an over-long name', async () => {
      const res = await send(t, admin, 'POST', '/api/hostels', {
        hostel_name: 'x'.repeat(121),
        address: 'A road',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.hostel_name).toMatch(/at most 120/);
    });

    it('refuses photos sent as JSON with a clear 400', async () => {
      const res = await send(t, admin, 'POST', '/api/hostels', {
        hostel_name: 'A',
        address: 'B',
        images: ['x.jpg'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/multipart/);
    });
  });

  describe('update (PATCH and PUT)', () => {
    it('PATCH changes only the fields sent', async () => {
      const h = await insertHostel(t.db, {
        hostelName: 'Old Name',
        address: 'Old Address',
        hostelDetails: 'Old details',
      });
      const form = await multipart({ hostel_name: 'New Name' });
      const res = await sendForm(t, admin, 'PATCH', `/api/hostels/${h.id}`, form);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        hostel_name: 'New Name',
        address: 'Old Address',
        hostel_details: 'Old details',
      });
    });

    it('PATCH accepts JSON and can clear the details', async () => {
      const h = await insertHostel(t.db, { hostelDetails: 'To be cleared' });
      const res = await send(t, admin, 'PATCH', `/api/hostels/${h.id}`, { hostel_details: '' });
      expect(res.statusCode).toBe(200);
      expect(res.json().hostel_details).toBe('');
    });

    it('PATCH refuses a blank name (a field sent must be valid)', async () => {
      const h = await insertHostel(t.db);
      const form = await multipart({ hostel_name: ' ' });
      const res = await sendForm(t, admin, 'PATCH', `/api/hostels/${h.id}`, form);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ hostel_name: 'Hostel name is required' });
    });

    it('PUT requires name and address; with them it behaves like PATCH', async () => {
      const h = await insertHostel(t.db, { hostelDetails: 'Kept' });
      const bad = await multipart({ hostel_name: 'Only a name' });
      const refused = await sendForm(t, admin, 'PUT', `/api/hostels/${h.id}`, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ address: 'Address is required' });

      const good = await multipart({ hostel_name: 'Put Name', address: 'Put Address' });
      const res = await sendForm(t, admin, 'PUT', `/api/hostels/${h.id}`, good);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        hostel_name: 'Put Name',
        address: 'Put Address',
        hostel_details: 'Kept',
      });
    });

    it('404 for an unknown hostel, 400 for a malformed id', async () => {
      const form = await multipart({ hostel_name: 'X' });
      const missing = await sendForm(
        t,
        admin,
        'PATCH',
        '/api/hostels/00000000-0000-4000-8000-000000000000',
        form,
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('This hostel does not exist');
      const malformed = await send(t, admin, 'PATCH', '/api/hostels/nope', {});
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('close and reopen', () => {
    it('hides a closed hostel and its rooms from everybody but admins', async () => {
      const h = await insertHostel(t.db, { hostelName: 'Closing Soon Lodge' });
      const room = await insertRoom(t.db, h.id);

      const closed = await send(t, admin, 'POST', `/api/hostels/${h.id}/close`);
      expect(closed.statusCode).toBe(200);
      expect(closed.json()).toMatchObject({ _id: h.id, is_closed: true });

      for (const { headers } of [anonymous, student]) {
        const list = await t.app.inject({ method: 'GET', url: '/api/hostels?include_closed=1', headers });
        expect(list.json().map((x: { _id: string }) => x._id)).not.toContain(h.id);
        expect((await t.app.inject({ method: 'GET', url: `/api/hostels/${h.id}`, headers })).statusCode).toBe(
          404,
        );
        expect(
          (await t.app.inject({ method: 'GET', url: `/api/rooms/hostel/${h.id}`, headers })).statusCode,
        ).toBe(404);
        const allRooms = await t.app.inject({ method: 'GET', url: '/api/rooms', headers });
        expect(allRooms.json().map((r: { _id: string }) => r._id)).not.toContain(room.id);
      }

      // Admins: the plain list stays the public one; include_closed=1 adds closed hostels, flagged.
      const adminPlain = await send(t, admin, 'GET', '/api/hostels');
      expect(adminPlain.json().map((x: { _id: string }) => x._id)).not.toContain(h.id);
      const adminAll = await send(t, admin, 'GET', '/api/hostels?include_closed=1');
      expect(adminAll.json().find((x: { _id: string }) => x._id === h.id)).toMatchObject({ is_closed: true });
      const adminOne = await send(t, admin, 'GET', `/api/hostels/${h.id}`);
      expect(adminOne.statusCode).toBe(200);
      expect(adminOne.json().is_closed).toBe(true);
      const adminRooms = await send(t, admin, 'GET', `/api/rooms/hostel/${h.id}`);
      expect(adminRooms.json().map((r: { _id: string }) => r._id)).toEqual([room.id]);
      const adminAllRooms = await send(t, admin, 'GET', '/api/rooms');
      expect(adminAllRooms.json().map((r: { _id: string }) => r._id)).toContain(room.id);

      const reopened = await send(t, admin, 'POST', `/api/hostels/${h.id}/reopen`);
      expect(reopened.statusCode).toBe(200);
      expect(reopened.json().is_closed).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: `/api/hostels/${h.id}` })).statusCode).toBe(200);
      const publicList = await t.app.inject({ method: 'GET', url: '/api/hostels' });
      expect(publicList.json().find((x: { _id: string }) => x._id === h.id)).toMatchObject({
        is_closed: false,
      });
    });

    it('refuses a bad include_closed value and closing an unknown hostel', async () => {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/hostels?include_closed=maybe' })).statusCode,
      ).toBe(400);
      const res = await send(t, admin, 'POST', '/api/hostels/00000000-0000-4000-8000-000000000000/close');
      expect(res.statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    it('deletes an empty hostel with its rooms and photo files', async () => {
      const form = await multipart({ hostel_name: 'Doomed Lodge', address: '1 End Street' }, [
        { data: await smallJpeg(3) },
      ]);
      const created = await sendForm(t, admin, 'POST', '/api/hostels', form);
      const id = created.json()._id as string;
      const key = new URL(created.json().images[0] as string).pathname
        .replace('/uploads/', '')
        .replace(/\.jpg$/, '');
      const filesOf = async () => (await uploadedFiles(t.config.dataDir)).filter((f) => f.startsWith(key));
      expect((await filesOf()).length).toBeGreaterThanOrEqual(2); // the JPEG and its WebP renditions
      await insertRoom(t.db, id, { roomNumber: 'room 01' });
      await insertRoom(t.db, id, { roomNumber: 'room 02' });

      const res = await send(t, admin, 'DELETE', `/api/hostels/${id}`);
      expect(res.statusCode).toBe(204);
      expect(await t.db.select().from(rooms).where(eq(rooms.hostelId, id))).toEqual([]);
      expect(await filesOf()).toEqual([]);
      expect((await send(t, admin, 'GET', `/api/hostels/${id}`)).statusCode).toBe(404);
      expect((await send(t, admin, 'DELETE', `/api/hostels/${id}`)).statusCode).toBe(404);
    });

    it.each(['booked', 'rented'] as const)('409 while a room is %s', async (status) => {
      const h = await insertHostel(t.db);
      await insertRoom(t.db, h.id, { status });
      const res = await send(t, admin, 'DELETE', `/api/hostels/${h.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This hostel has rooms that are booked or rented; it cannot be deleted',
      );
      expect(await t.db.select().from(hostels).where(eq(hostels.id, h.id))).toHaveLength(1);
    });

    it('409 while a student holds a room for inspection', async () => {
      const h = await insertHostel(t.db);
      await insertRoom(t.db, h.id, {
        heldByUserId: student.user.id,
        heldUntil: new Date(Date.now() + 10 * 60_000),
      });
      const res = await send(t, admin, 'DELETE', `/api/hostels/${h.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This hostel has rooms that are booked or rented; it cannot be deleted',
      );
    });

    it('409 while a tenancy runs, even if the room was set available by hand: its records are kept', async () => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id, { status: 'available' });
      await insertTenancy(t.db, { id: room.id, hostelId: h.id }, student.user.id, '2027-01-10');
      const res = await send(t, admin, 'DELETE', `/api/hostels/${h.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/bookings or payment records.*Close it instead/);
    });

    it('409 suggesting Close when bookings or payments exist for its rooms (records are kept)', async () => {
      const h = await insertHostel(t.db);
      const room = await insertRoom(t.db, h.id, { status: 'available' });
      await insertBooking(
        t.db,
        { userId: student.user.id, roomId: room.id, hostelId: h.id },
        { withPayment: true },
      );
      const res = await send(t, admin, 'DELETE', `/api/hostels/${h.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/bookings or payment records.*Close it instead/);
      expect(await t.db.select().from(rooms).where(eq(rooms.id, room.id))).toHaveLength(1);

      // Closing is the way out, and it keeps everything.
      const closed = await send(t, admin, 'POST', `/api/hostels/${h.id}/close`);
      expect(closed.statusCode).toBe(200);
    });

    it('an expired hold does not block deleting', async () => {
      const h = await insertHostel(t.db);
      await insertRoom(t.db, h.id, {
        heldByUserId: student.user.id,
        heldUntil: new Date(Date.now() - 60_000),
      });
      const res = await send(t, admin, 'DELETE', `/api/hostels/${h.id}`);
      expect(res.statusCode).toBe(204);
    });
  });
});
