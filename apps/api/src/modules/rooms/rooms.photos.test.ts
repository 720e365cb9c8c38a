import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Photo } from '@studynest/contracts';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { insertHostel, insertRoom } from '../../../test/factories.ts';
import { send, sendForm } from '../../../test/requests.ts';
import {
  jpegWithGps,
  multipart,
  pdf,
  pngPhoto,
  smallJpeg,
  type UploadFile,
  uploadedFiles,
} from '../hostels/hostels.fixtures.ts';
import { roomImages } from './rooms.schema.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

type PhotoAnswer = Photo;

/** Room photos (docs/decisions/0026-image-pipeline.md): the hostel photos' pipeline, owned by the rooms module. */
describe('room photos', () => {
  const { t, admin, student } = testAppWith({ admin: { role: 'admin' }, student: {} });

  const upload = async (roomId: string, files: UploadFile[], who = admin) =>
    sendForm(t, who, 'POST', `/api/rooms/${roomId}/photos`, await multipart({}, files));
  const localFile = (url: string) => path.join(t.config.dataDir, new URL(url).pathname.replace(/^\//, ''));
  const filesOf = (p: PhotoAnswer) => [p.src, ...p.variants.map((v) => v.url)].map(localFile);
  const rowCount = async (roomId: string) =>
    (await t.db.select({ n: count() }).from(roomImages).where(eq(roomImages.roomId, roomId)))[0]?.n ?? 0;
  const freshRoom = async () => {
    const h = await insertHostel(t.db);
    return { hostelId: h.id, room: await insertRoom(t.db, h.id, { roomNumber: 'room 01' }) };
  };

  it('stores a JPEG and a PNG in upload order: re-encoded, with WebP sizes and a colour, on every room answer', async () => {
    const { hostelId, room } = await freshRoom();
    const before = await send(t, admin, 'GET', `/api/rooms/room/${room.id}`);
    expect(before.json().photos).toEqual([]);

    const res = await upload(room.id, [
      { data: await jpegWithGps(2000, 1500), filename: 'IMG_0001.JPG' },
      { data: await pngPhoto(), filename: 'Screenshot.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const photos = res.json().photos as PhotoAnswer[];
    expect(photos).toHaveLength(2);
    const [jpeg, png] = photos as [PhotoAnswer, PhotoAnswer];
    expect(jpeg.src).toMatch(new RegExp(`^${t.config.publicUrl}/uploads/rooms/[0-9a-f-]{36}\\.jpg$`));
    expect(jpeg).toMatchObject({ width: 1600, height: 1200, placeholder: '#c87828' });
    expect(jpeg.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
    expect(png).toMatchObject({ width: 1000, height: 750 });
    expect(png.variants.map((v) => v.width)).toEqual([480, 960, 1000]);
    expect(png.placeholder).toMatch(/^#[0-9a-f]{6}$/);

    // The stored JPEG carries no EXIF (the GPS position is gone) and every file is served.
    const stored = await sharp(localFile(jpeg.src)).metadata();
    expect(stored.exif).toBeUndefined();
    for (const file of [...filesOf(jpeg), ...filesOf(png)]) expect(existsSync(file), file).toBe(true);
    const webp = await t.app.inject({ method: 'GET', url: new URL(jpeg.variants[0]!.url).pathname });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');

    // The same photos, in the same order, wherever the room is answered.
    const ids = photos.map((p) => p._id);
    const one = await t.app.inject({ method: 'GET', url: `/api/rooms/room/${room.id}` });
    expect(one.json().photos).toEqual(photos);
    const list = await t.app.inject({ method: 'GET', url: `/api/rooms/hostel/${hostelId}` });
    expect(list.json()[0].photos.map((p: PhotoAnswer) => p._id)).toEqual(ids);
    const patched = await send(t, admin, 'PATCH', `/api/rooms/${room.id}`, { price: 410_000 });
    expect(patched.json().photos.map((p: PhotoAnswer) => p._id)).toEqual(ids);
    const status = await send(t, admin, 'PATCH', `/api/rooms/${room.id}/status`, { status: 'booked' });
    expect(status.json().photos.map((p: PhotoAnswer) => p._id)).toEqual(ids);

    // A later upload goes after them.
    const more = await upload(room.id, [{ data: await smallJpeg(3) }]);
    expect(
      more
        .json()
        .photos.slice(0, 2)
        .map((p: PhotoAnswer) => p._id),
    ).toEqual(ids);
    expect(more.json().photos).toHaveLength(3);
  });

  it("a hostel page's cached room list shows a photo as soon as it is added or removed", async () => {
    const { hostelId, room } = await freshRoom();
    const url = `/api/rooms/hostel/${hostelId}`;
    const photosListed = async () =>
      ((await t.app.inject({ method: 'GET', url })).json()[0].photos as PhotoAnswer[]).length;
    expect(await photosListed()).toBe(0);
    expect(await photosListed()).toBe(0); // now answered from the read cache
    const added = await upload(room.id, [{ data: await smallJpeg(4) }]);
    expect(await photosListed()).toBe(1);
    await send(t, admin, 'DELETE', `/api/rooms/${room.id}/photos/${added.json().photos[0]._id}`);
    expect(await photosListed()).toBe(0);
  });

  it('removes one photo: its row and its files, the others kept in order', async () => {
    const { room } = await freshRoom();
    const res = await upload(room.id, [
      { data: await smallJpeg(1) },
      { data: await smallJpeg(2) },
      { data: await smallJpeg(3) },
    ]);
    const [a, b, c] = res.json().photos as [PhotoAnswer, PhotoAnswer, PhotoAnswer];
    const removed = await send(t, admin, 'DELETE', `/api/rooms/${room.id}/photos/${b._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().photos.map((p: PhotoAnswer) => p._id)).toEqual([a._id, c._id]);
    for (const file of filesOf(b)) expect(existsSync(file), file).toBe(false);
    for (const file of [...filesOf(a), ...filesOf(c)]) expect(existsSync(file), file).toBe(true);

    const again = await send(t, admin, 'DELETE', `/api/rooms/${room.id}/photos/${b._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      "This photo is not among this room's photos; reload the page and try again",
    );
  });

  it("refuses another room's photo (404) and a malformed id (400), changing nothing", async () => {
    const { room } = await freshRoom();
    const { room: other } = await freshRoom();
    const theirs = (await upload(other.id, [{ data: await smallJpeg(5) }])).json().photos[0] as PhotoAnswer;
    const res = await send(t, admin, 'DELETE', `/api/rooms/${room.id}/photos/${theirs._id}`);
    expect(res.statusCode).toBe(404);
    expect(await rowCount(other.id)).toBe(1);
    for (const file of filesOf(theirs)) expect(existsSync(file)).toBe(true);
    expect((await send(t, admin, 'DELETE', `/api/rooms/${room.id}/photos/not-an-id`)).statusCode).toBe(400);
    const noRoom = await send(t, admin, 'DELETE', `/api/rooms/${MISSING}/photos/${theirs._id}`);
    expect(noRoom.statusCode).toBe(404);
    expect(noRoom.json().message).toBe('This room does not exist');
  });

  it('refuses what is not a photo (415), a file over 8 MB (413) and no file (400), storing nothing', async () => {
    const { room } = await freshRoom();
    const files = await uploadedFiles(t.config.dataDir);

    const notPhoto = await upload(room.id, [
      { data: await smallJpeg(6) },
      { data: pdf, filename: 'sneaky.jpg', type: 'image/jpeg' },
    ]);
    expect(notPhoto.statusCode).toBe(415);
    expect(notPhoto.json().message).toBe(
      'Photo 2 (sneaky.jpg) is not a JPEG, PNG or HEIC photo. Choose a photo saved as .jpg, .jpeg, .png or .heic.',
    );

    const big = Buffer.concat([await smallJpeg(7), Buffer.alloc(8 * 1024 * 1024 + 1024, 7)]);
    const tooLarge = await upload(room.id, [{ data: big, filename: 'huge.jpg' }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Each photo must be 8 MB or smaller');

    const none = await upload(room.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: 'Choose at least one photo to add',
      fields: { images: 'Choose a photo' },
    });

    const json = await send(t, admin, 'POST', `/api/rooms/${room.id}/photos`, { images: ['x'] });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the photos as files in a multipart/form-data form (field images)');

    const wrongField = await upload(room.id, [{ data: await smallJpeg(8), field: 'photo' }]);
    expect(wrongField.statusCode).toBe(400);

    const textField = await sendForm(
      t,
      admin,
      'POST',
      `/api/rooms/${room.id}/photos`,
      await multipart({ caption: 'hello' }, [{ data: await smallJpeg(9) }]),
    );
    expect(textField.statusCode).toBe(400);
    expect(textField.json().fields).toEqual({ caption: 'Not a field of this form' });

    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
    expect(await rowCount(room.id)).toBe(0);
  });

  it('404 for an unknown room, before any photo is stored', async () => {
    const files = await uploadedFiles(t.config.dataDir);
    const res = await upload(MISSING, [{ data: await smallJpeg(1) }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This room does not exist');
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
  });

  it('keeps at most 8 photos per room: past that 409 saying how many more fit, storing nothing', async () => {
    const { room } = await freshRoom();
    const jpeg = await smallJpeg(2);
    expect(
      (
        await upload(
          room.id,
          Array.from({ length: 7 }, () => ({ data: jpeg })),
        )
      ).statusCode,
    ).toBe(200);
    const files = await uploadedFiles(t.config.dataDir);

    const tooMany = await upload(room.id, [{ data: jpeg }, { data: jpeg }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(
      'A room can have at most 8 photos; it has 7, so add at most 1 more (or remove some first)',
    );
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
    expect(await rowCount(room.id)).toBe(7);

    // Nine in one request are refused as they stream in, as for a hostel's form.
    const { room: empty } = await freshRoom();
    const nine = await upload(
      empty.id,
      Array.from({ length: 9 }, () => ({ data: jpeg })),
    );
    expect(nine.statusCode).toBe(413);
    expect(nine.json().message).toBe('At most 8 photos can be uploaded at once');
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);

    expect((await upload(room.id, [{ data: jpeg }])).statusCode).toBe(200);
    expect(await rowCount(room.id)).toBe(8);
  });

  it('only admins add or remove photos: 401 anonymous, 403 a student, nothing stored', async () => {
    const { room } = await freshRoom();
    const photo = (await upload(room.id, [{ data: await smallJpeg(1) }])).json().photos[0] as PhotoAnswer;
    const files = await uploadedFiles(t.config.dataDir);
    const form = await multipart({}, [{ data: await smallJpeg(2) }]);
    const anonymous = { headers: {} };
    expect((await sendForm(t, anonymous, 'POST', `/api/rooms/${room.id}/photos`, form)).statusCode).toBe(401);
    expect((await sendForm(t, student, 'POST', `/api/rooms/${room.id}/photos`, form)).statusCode).toBe(403);
    const url = `/api/rooms/${room.id}/photos/${photo._id}`;
    expect((await send(t, anonymous, 'DELETE', url)).statusCode).toBe(401);
    expect((await send(t, student, 'DELETE', url)).statusCode).toBe(403);
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
    expect(await rowCount(room.id)).toBe(1);
  });

  it("deleting a room removes its photos' files; deleting a hostel removes its rooms' too", async () => {
    const { room } = await freshRoom();
    const photos = (
      await upload(room.id, [{ data: await smallJpeg(1) }, { data: await smallJpeg(2) }])
    ).json().photos as PhotoAnswer[];
    expect((await send(t, admin, 'DELETE', `/api/rooms/${room.id}`)).statusCode).toBe(204);
    for (const file of photos.flatMap(filesOf)) expect(existsSync(file), file).toBe(false);
    expect(await rowCount(room.id)).toBe(0);

    const { hostelId, room: inHostel } = await freshRoom();
    const kept = (await upload(inHostel.id, [{ data: await smallJpeg(3) }])).json().photos as PhotoAnswer[];
    expect((await send(t, admin, 'DELETE', `/api/hostels/${hostelId}`)).statusCode).toBe(204);
    for (const file of kept.flatMap(filesOf)) expect(existsSync(file), file).toBe(false);
  });

  it('a refused room delete keeps its photos', async () => {
    const h = await insertHostel(t.db);
    const room = await insertRoom(t.db, h.id, { status: 'rented' });
    const photos = (await upload(room.id, [{ data: await smallJpeg(4) }])).json().photos as PhotoAnswer[];
    expect((await send(t, admin, 'DELETE', `/api/rooms/${room.id}`)).statusCode).toBe(409);
    for (const file of photos.flatMap(filesOf)) expect(existsSync(file), file).toBe(true);
    expect(await rowCount(room.id)).toBe(1);
  });
});
