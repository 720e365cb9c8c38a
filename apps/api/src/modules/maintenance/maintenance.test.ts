import { addBusinessDays, addDays, type Photo, todayInLagos } from '@studynest/contracts';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom, insertTenancy, signedInUser } from '../../../test/factories.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { heicPhoto, multipart, pdf, smallJpeg, uploadedFiles } from '../hostels/hostels.fixtures.ts';
import { maintenanceRequests } from './maintenance.schema.ts';

type Request = {
  _id: string;
  status: string;
  urgency: string;
  photos: Photo[];
  due_by: string;
  created_at: string;
  overdue: boolean;
  history: { status: string; note: string | null }[];
};

describe('maintenance requests', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  async function tenant() {
    const hostel = await insertHostel(t.db, { hostelName: 'Maintenance Lodge' });
    const room = await insertRoom(t.db, hostel.id, { roomNumber: 'room 07', status: 'rented' });
    const who = await signedInUser(t, { firstName: 'Ifeoma' });
    await insertTenancy(t.db, room, who.user.id, addDays(todayInLagos(), 200));
    return { ...who, hostel, room };
  }
  const reports = async () => (await t.db.select({ n: count() }).from(maintenanceRequests))[0]?.n ?? 0;
  const outbox = async (to: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${to}` })).json() as {
      subject: string;
      text: string;
    }[];
  const report = async (
    who: { headers: Record<string, string> },
    fields: Record<string, string>,
    files = [] as Parameters<typeof multipart>[1],
  ) => {
    const form = await multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    });
  };
  const leak = {
    category: 'plumbing',
    description: 'The kitchen tap leaks all night.',
    urgency: 'emergency',
  };

  it('a tenant reports a leak with a photo; it is due in 24 hours and they are e-mailed', async () => {
    const me = await tenant();
    const res = await report(me, leak, [{ data: await smallJpeg(1), field: 'photos' }]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Request;
    expect(created).toMatchObject({
      status: 'open',
      urgency: 'emergency',
      overdue: false,
      history: [{ status: 'open', note: null }],
    });
    expect(created.photos).toEqual([
      expect.objectContaining({
        src: expect.stringMatching(
          new RegExp(`^${t.config.publicUrl}/uploads/maintenance/[0-9a-f-]+\\.jpg$`),
        ),
        width: 64,
        height: 48,
        placeholder: expect.stringMatching(/^#[0-9a-f]{6}$/),
        variants: [{ width: 64, url: expect.stringMatching(/-64\.webp$/) }],
      }),
    ]);
    expect(Date.parse(created.due_by) - Date.parse(created.created_at)).toBeGreaterThanOrEqual(
      24 * 3600_000 - 1000,
    );
    expect(Date.parse(created.due_by) - Date.parse(created.created_at)).toBeLessThanOrEqual(
      24 * 3600_000 + 1000,
    );
    const photo = await send(
      t,
      anonymous,
      'GET',
      new URL(created.photos[0]!.src, t.config.publicUrl).pathname,
    );
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    const [mail] = await outbox(me.user.email);
    expect(mail?.subject).toBe('StudyNest: your plumbing report is received');
    expect(mail?.text).toContain('room 07, Maintenance Lodge');
    expect(mail?.text).toContain('within 24 hours');

    const mine = await send(t, me, 'GET', '/api/maintenance/mine');
    expect((mine.json() as Request[]).map((r) => r._id)).toEqual([created._id]);
  });

  it("a tenant sends an iPhone photo (HEIC): it is converted, with a 480 px WebP for the list's thumbnails", async () => {
    const me = await tenant();
    const res = await report(me, leak, [
      { data: await heicPhoto(), field: 'photos', filename: 'IMG_1.HEIC', type: 'image/heic' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [photo] = (res.json() as Request).photos;
    expect(photo?.src).toMatch(/\.jpg$/);
    const small = photo?.variants[0];
    expect(small?.width).toBe(480);
    const served = await send(t, anonymous, 'GET', new URL(small!.url).pathname);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480 });
  });

  it('an admin moves it to in progress and done with notes; the tenant sees the history and is told each time', async () => {
    const me = await tenant();
    const { _id: id } = (await report(me, { ...leak, urgency: 'normal' })).json() as Request;
    const queue = await send(t, admin, 'GET', `/api/admin/maintenance?status=open&hostel_id=${me.hostel.id}`);
    expect((queue.json() as Request[]).map((r) => r._id)).toEqual([id]);

    const patch = (payload: Record<string, unknown>) =>
      send(t, admin, 'PATCH', `/api/admin/maintenance/${id}`, payload);
    expect((await patch({ status: 'in_progress', note: 'A plumber comes on Tuesday.' })).statusCode).toBe(
      200,
    );
    const done = await patch({ status: 'done', note: 'Washer replaced.' });
    expect(done.statusCode).toBe(200);
    expect((done.json() as Request).history).toEqual([
      expect.objectContaining({ status: 'open', note: null }),
      expect.objectContaining({ status: 'in_progress', note: 'A plumber comes on Tuesday.' }),
      expect.objectContaining({ status: 'done', note: 'Washer replaced.' }),
    ]);
    const subjects = (await outbox(me.user.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      'StudyNest: your plumbing report is received',
      'StudyNest: your plumbing report is being worked on',
      'StudyNest: your plumbing report is done',
    ]);
    expect((await outbox(me.user.email))[1]?.text).toContain(
      'Note from StudyNest: A plumber comes on Tuesday.',
    );
    const mine = (await send(t, me, 'GET', '/api/maintenance/mine')).json();
    expect(mine[0].status).toBe('done');
    expect(
      (await send(t, admin, 'GET', '/api/admin/maintenance?status=open')).json().map((r: Request) => r._id),
    ).not.toContain(id);

    const again = await patch({ status: 'done' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('already done');
  });

  it('marks a request past its deadline as overdue, and lists it first among ordinary repairs', async () => {
    const me = await tenant();
    const { _id: id } = (await report(me, { ...leak, urgency: 'normal' })).json() as Request;
    await t.db
      .update(maintenanceRequests)
      .set({ dueBy: new Date(Date.now() - 3600_000) })
      .where(eq(maintenanceRequests.id, id));
    const queue = (await send(t, admin, 'GET', '/api/admin/maintenance')).json() as Request[];
    // Emergencies come before it, whatever their deadlines.
    expect(queue.find((r) => r.urgency === 'normal')).toMatchObject({ _id: id, overdue: true });
  });

  it('refuses a student without a tenancy, keeping no photo', async () => {
    const stranger = await signedInUser(t);
    const [before, files] = [await reports(), await uploadedFiles(t.config.dataDir)];
    const res = await report(stranger, leak, [{ data: await smallJpeg(2), field: 'photos' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Only tenants can report maintenance');
    expect(await reports()).toBe(before);
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
  });

  it.each([
    ['no category', { description: leak.description, urgency: 'normal' }, [], 400, 'what kind of problem'],
    ['a description too short', { ...leak, description: 'leak' }, [], 400, 'at least 10 characters'],
    ['an urgency that is not one', { ...leak, urgency: 'tomorrow' }, [], 400, 'emergency or normal'],
    ['four photos', leak, [0, 1, 2, 3], 413, 'At most 3 photos'],
    ['a PDF', leak, ['pdf'], 415, 'Photo 1 (x.pdf) is not a JPEG, PNG or HEIC photo'],
  ] as [string, Record<string, string>, (number | 'pdf')[], number, string][])(
    'refuses %s (%i) and keeps nothing',
    async (_label, fields, photos, status, message) => {
      const me = await tenant();
      const files = await Promise.all(
        photos.map(async (p) => ({
          data: p === 'pdf' ? pdf : await smallJpeg(p),
          field: 'photos',
          ...(p === 'pdf' ? { type: 'application/pdf', filename: 'x.pdf' } : {}),
        })),
      );
      const [before, stored] = [await reports(), await uploadedFiles(t.config.dataDir)];
      const res = await report(me, fields, files);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toContain(message);
      expect(await reports()).toBe(before);
      expect(await uploadedFiles(t.config.dataDir)).toEqual(stored);
    },
  );

  it('answers 404 for a request that does not exist', async () => {
    const res = await send(t, admin, 'PATCH', '/api/admin/maintenance/00000000-0000-4000-8000-000000000000', {
      status: 'done',
    });
    expect(res.statusCode).toBe(404);
  });

  it('counts five working days on the Lagos calendar', () => {
    // Friday 27 Nov 2026, 10:00 Lagos → Friday 4 Dec, 10:00; Wednesday → the next Wednesday.
    expect(addBusinessDays(new Date('2026-11-27T09:00:00Z'), 5).toISOString()).toBe(
      '2026-12-04T09:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-25T09:00:00Z'), 5).toISOString()).toBe(
      '2026-12-02T09:00:00.000Z',
    );
    // Saturday 23:30 Lagos (22:30 UTC) counts from Monday.
    expect(addBusinessDays(new Date('2026-11-28T22:30:00Z'), 1).toISOString()).toBe(
      '2026-11-30T22:30:00.000Z',
    );
  });
});
