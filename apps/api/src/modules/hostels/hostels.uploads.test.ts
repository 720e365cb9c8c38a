import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { insertHostel } from '../../../test/factories.ts';
import { sendForm } from '../../../test/requests.ts';
import { DEFAULT_PLACEHOLDER } from '../../storage/photos.ts';
import {
  heicPhoto,
  jpegWithGps,
  multipart,
  pdf,
  pngPhoto,
  smallJpeg,
  type UploadFile,
  uploadedFiles,
} from './hostels.fixtures.ts';
import { hostelImages, hostels } from './hostels.schema.ts';

describe('hostel photo uploads', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  const send = async (
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    fields: Record<string, string | string[]>,
    files: UploadFile[] = [],
  ) => sendForm(t, admin, method, url, await multipart(fields, files));
  const create = (files: UploadFile[], fields: Record<string, string> = {}) =>
    send(
      'POST',
      '/api/hostels',
      { hostel_name: 'Photo Lodge', address: '9 Camera Street', ...fields },
      files,
    );
  const hostelCount = async () => (await t.db.select({ n: count() }).from(hostels))[0]?.n ?? 0;
  const imageRowCount = async () => (await t.db.select({ n: count() }).from(hostelImages))[0]?.n ?? 0;
  const localFile = (url: string) => path.join(t.config.dataDir, new URL(url).pathname.replace(/^\//, ''));

  it('re-encodes a phone photo: EXIF and GPS removed, WebP variants written, our own file names', async () => {
    const original = await jpegWithGps(2000, 1500);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined(); // the fixture really carries GPS EXIF

    const res = await create([{ data: original, filename: 'IMG_0001 my room.JPG' }]);
    expect(res.statusCode).toBe(201);
    const [photo] = res.json().photos;
    expect(photo.src).toMatch(new RegExp(`^${t.config.publicUrl}/uploads/hostels/[0-9a-f-]{36}\\.jpg$`));
    expect(photo.src).not.toContain('IMG_0001');
    expect(photo).toMatchObject({ width: 1600, height: 1200 });

    const stored = await readFile(localFile(photo.src));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1600);
    expect(stored.includes(Buffer.from('TestPhone'))).toBe(false);

    expect(photo.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1600]);
    for (const v of photo.variants) {
      const webp = await sharp(await readFile(localFile(v.url))).metadata();
      expect(webp).toMatchObject({ format: 'webp', width: v.width });
      expect(webp.exif).toBeUndefined();
    }
    // The stored files are served to browsers.
    const served = await t.app.inject({ method: 'GET', url: new URL(photo.src).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    [
      'a PNG screenshot',
      async () => ({ data: await pngPhoto(), filename: 'Screenshot.png', type: 'image/png' }),
    ],
    [
      'an iPhone HEIC photo (HEVC inside)',
      async () => ({ data: await heicPhoto(), filename: 'IMG_2024.HEIC', type: 'image/heic' }),
    ],
  ] as [string, () => Promise<UploadFile>][])(
    'accepts %s: stored as JPEG and WebP without metadata, served at the width asked for, with its colour',
    async (_label, file) => {
      const res = await create([await file()]);
      expect(res.statusCode, res.body).toBe(201);
      const [photo] = res.json().photos;
      expect(photo).toMatchObject({
        width: 1000,
        height: 750,
        placeholder: expect.stringMatching(/^#[0-9a-f]{6}$/),
      });
      expect(photo.placeholder).not.toBe(DEFAULT_PLACEHOLDER);
      expect(photo.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1000]);
      const small = photo.variants[0].url as string;
      const served = await t.app.inject({ method: 'GET', url: new URL(small).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 480,
        height: 360,
      });
      const jpeg = await sharp(await readFile(localFile(photo.src))).metadata();
      expect(jpeg).toMatchObject({ format: 'jpeg', width: 1000 });
      expect(jpeg.exif).toBeUndefined();
    },
  );

  it('refuses a PDF renamed .jpg with 415 naming the file, by content, and stores nothing', async () => {
    const files = await uploadedFiles(t.config.dataDir);
    const hostelsBefore = await hostelCount();
    const res = await create([
      { data: await smallJpeg(1) },
      { data: pdf, filename: 'sneaky.jpg', type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      'Photo 2 (sneaky.jpg) is not a JPEG, PNG or HEIC photo. Choose a photo saved as .jpg, .jpeg, .png or .heic.',
    );
    // The first (good) photo was stored before the PNG arrived; it must be gone again.
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
    expect(await hostelCount()).toBe(hostelsBefore);
  });

  it('refuses a damaged HEIC with 400 naming the file, storing nothing', async () => {
    const files = await uploadedFiles(t.config.dataDir);
    const heic = await heicPhoto();
    const res = await create([{ data: heic.subarray(0, 600), filename: 'IMG_9.HEIC', type: 'image/heic' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Photo 1 (IMG_9.HEIC) could not be read');
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
  });

  it('refuses a text file claiming to be a JPEG with 415', async () => {
    const res = await create([{ data: Buffer.from('just some text'), filename: 'a.jpeg' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('Photo 1 (a.jpeg) is not a JPEG, PNG or HEIC photo');
  });

  it('refuses a photo over 8 MB with 413 and leaves no files behind', async () => {
    const files = await uploadedFiles(t.config.dataDir);
    const big = Buffer.concat([await smallJpeg(2), Buffer.alloc(8 * 1024 * 1024 + 1024, 7)]);
    const res = await create([{ data: await smallJpeg(3) }, { data: big, filename: 'huge.jpg' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Each photo must be 8 MB or smaller');
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
  });

  it('refuses more than 10 photos in one request with 413 and leaves no files behind', async () => {
    const files = await uploadedFiles(t.config.dataDir);
    const hostelsBefore = await hostelCount();
    const jpeg = await smallJpeg(4);
    const res = await create(Array.from({ length: 11 }, () => ({ data: jpeg })));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('At most 10 photos can be uploaded at once');
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
    expect(await hostelCount()).toBe(hostelsBefore);
  });

  it('accepts exactly 10 photos', async () => {
    const jpeg = await smallJpeg(5);
    const res = await create(Array.from({ length: 10 }, () => ({ data: jpeg })));
    expect(res.statusCode).toBe(201);
    expect(res.json().images).toHaveLength(10);
    expect(new Set(res.json().images).size).toBe(10);
  });

  it('removes stored photos when the form text is invalid (no orphans, no rows)', async () => {
    const files = await uploadedFiles(t.config.dataDir);
    const rowsBefore = await imageRowCount();
    const res = await send('POST', '/api/hostels', { address: 'No name given' }, [
      { data: await smallJpeg(6) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ hostel_name: 'Hostel name is required' });
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
    expect(await imageRowCount()).toBe(rowsBefore);
  });

  it('refuses a damaged JPEG with 400 and a clear message', async () => {
    const good = await jpegWithGps(800, 600);
    const damaged = Buffer.concat([good.subarray(0, 400), Buffer.alloc(2000, 0)]);
    const files = await uploadedFiles(t.config.dataDir);
    const res = await create([{ data: damaged, filename: 'broken.jpg' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be read/);
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
  });

  it('refuses a small file declaring a huge picture (decompression bomb) with 413, storing nothing', async () => {
    const jpeg = Buffer.from(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
        .jpeg({ progressive: false })
        .toBuffer(),
    );
    // Rewrite the frame header (SOF0: marker, length, precision, then height and width) to 10,000 × 10,000.
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    jpeg.writeUInt16BE(10_000, sof + 5);
    jpeg.writeUInt16BE(10_000, sof + 7);
    const files = await uploadedFiles(t.config.dataDir);
    const before = await hostelCount();
    const res = await create([{ data: jpeg, filename: 'bomb.jpg' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^Photo 1 \(bomb\.jpg\) is larger than 60 megapixels\./);
    expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
    expect(await hostelCount()).toBe(before);
  });

  it('refuses files in another field than images', async () => {
    const res = await create([{ data: await smallJpeg(7), field: 'photo' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/"images"/);
  });

  it('ignores the empty file part a browser sends when no photo is chosen', async () => {
    const res = await create([{ data: Buffer.alloc(0), filename: '', type: 'application/octet-stream' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().images).toEqual([]);
  });

  describe('update', () => {
    async function hostelWithPhotos(n: number) {
      const jpeg = await smallJpeg(8);
      const res = await create(Array.from({ length: n }, () => ({ data: jpeg })));
      expect(res.statusCode).toBe(201);
      return res.json() as {
        _id: string;
        images: string[];
        photos: { _id: string; src: string; variants: { url: string }[] }[];
      };
    }

    it('appends new photos after the existing ones', async () => {
      const h = await hostelWithPhotos(2);
      const res = await send('PATCH', `/api/hostels/${h._id}`, {}, [{ data: await smallJpeg(9) }]);
      expect(res.statusCode).toBe(200);
      expect(res.json().images).toHaveLength(3);
      expect(res.json().images.slice(0, 2)).toEqual(h.images);
    });

    it('removes chosen photos (repeated ids or comma-separated) and deletes their files', async () => {
      const h = await hostelWithPhotos(4);
      const [a, b, c, d] = h.photos;
      const fileOf = (p: { src: string }) => localFile(p.src);
      expect([a, b, c, d].every((p) => p && existsSync(fileOf(p)))).toBe(true);

      const res = await send('PUT', `/api/hostels/${h._id}`, {
        hostel_name: 'Photo Lodge',
        address: '9 Camera Street',
        remove_images: [a!._id, `${b!._id}, ${c!._id}`],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().photos.map((p: { _id: string }) => p._id)).toEqual([d!._id]);
      for (const p of [a!, b!, c!]) {
        expect(existsSync(fileOf(p))).toBe(false);
        for (const v of p.variants) expect(existsSync(localFile(v.url))).toBe(false);
      }
      expect(existsSync(fileOf(d!))).toBe(true);
    });

    it('keeps at most 10 photos in total (400), counting removals first', async () => {
      const h = await hostelWithPhotos(9);
      const jpeg = await smallJpeg(10);
      const files = await uploadedFiles(t.config.dataDir);
      const tooMany = await send('PATCH', `/api/hostels/${h._id}`, {}, [{ data: jpeg }, { data: jpeg }]);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toMatch(/at most 10 photos; it has 9, so add at most 1 more/);
      expect(await uploadedFiles(t.config.dataDir)).toEqual(files);

      const swap = await send('PATCH', `/api/hostels/${h._id}`, { remove_images: h.photos[0]!._id }, [
        { data: jpeg },
        { data: jpeg },
      ]);
      expect(swap.statusCode).toBe(200);
      expect(swap.json().images).toHaveLength(10);
    });

    it("refuses to remove a photo that is not this hostel's, changing nothing", async () => {
      const mine = await hostelWithPhotos(1);
      const other = await hostelWithPhotos(1);
      const files = await uploadedFiles(t.config.dataDir);
      const res = await send(
        'PATCH',
        `/api/hostels/${mine._id}`,
        { hostel_name: 'Renamed', remove_images: other.photos[0]!._id },
        [{ data: await smallJpeg(11) }],
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.remove_images).toMatch(/Not a photo of this hostel/);
      expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
      const [row] = await t.db.select().from(hostels).where(eq(hostels.id, mine._id));
      expect(row?.hostelName).toBe('Photo Lodge');

      const malformed = await send('PATCH', `/api/hostels/${mine._id}`, { remove_images: 'not-an-id' });
      expect(malformed.statusCode).toBe(400);
    });

    it('answers 404 for an unknown hostel without storing the upload', async () => {
      const files = await uploadedFiles(t.config.dataDir);
      const res = await send('PATCH', '/api/hostels/00000000-0000-4000-8000-000000000000', {}, [
        { data: await smallJpeg(12) },
      ]);
      expect(res.statusCode).toBe(404);
      expect(await uploadedFiles(t.config.dataDir)).toEqual(files);
    });

    it('a photo-less hostel can get photos later', async () => {
      const h = await insertHostel(t.db);
      const res = await send('PATCH', `/api/hostels/${h.id}`, {}, [{ data: await jpegWithGps() }]);
      expect(res.statusCode).toBe(200);
      expect(res.json().photos).toHaveLength(1);
    });
  });
});
