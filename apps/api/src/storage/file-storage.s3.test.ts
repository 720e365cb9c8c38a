import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith } from '../../test/build-test-app.ts';
import { type FakeS3, S3RVER_CREDENTIALS, startFakeS3 } from '../../test/fake-s3.ts';
import { send, sendForm } from '../../test/requests.ts';
import { jpegWithGps, multipart, uploadedFiles } from '../modules/hostels/hostels.fixtures.ts';
import { s3Storage } from './file-storage.ts';

/** The S3 path against a real S3-compatible server (s3rver, in-process, files in a temp dir). */
describe('S3-compatible storage', () => {
  let s3: FakeS3;
  let endpoint: string;
  const bucket = 'studynest-photos';
  const settings = () => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    ...S3RVER_CREDENTIALS,
  });

  beforeAll(async () => {
    s3 = await startFakeS3(bucket);
    endpoint = s3.endpoint;
  });
  afterAll(() => s3.close());

  it('puts, serves and removes objects; URLs use the endpoint and bucket (path style)', async () => {
    const storage = s3Storage(settings());
    await storage.put('hostels/test-object.jpg', Buffer.from('not really a jpeg'), 'image/jpeg');
    const url = storage.url('hostels/test-object.jpg');
    expect(url).toBe(`${endpoint}/${bucket}/hostels/test-object.jpg`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(await res.text()).toBe('not really a jpeg');

    await storage.remove('hostels/test-object.jpg');
    expect((await fetch(url)).status).toBe(404);
    await storage.remove('hostels/test-object.jpg'); // removing twice is fine
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Unsafe storage key/,
    );
  });

  // s3rver cannot answer a listing cut short (its continuation tokens use DES, which Node 17+'s
  // OpenSSL 3 refuses), so a folder of more than 1,000 objects is not tried here.
  it('removes every object of a folder in one batch, and nothing beside it or outside its prefix', async () => {
    const storage = s3Storage(settings(), { prefix: 'private/', cacheControl: 'private, no-store' });
    const publicStorage = s3Storage(settings());
    const pdf = Buffer.from('%PDF');
    const inside = ['aa.pdf', 'bb.pdf', 'older/cc.pdf'].map((name) => `receipts/sn-2026-000001/${name}`);
    const beside = ['receipts/sn-2026-0000011/dd.pdf', 'receipts/sn-2026-000001.pdf'];
    for (const key of [...inside, ...beside]) await storage.put(key, pdf, 'application/pdf');
    // The same key outside the private/ prefix (the public engine): not the private folder's.
    await publicStorage.put(inside[0] as string, pdf, 'application/pdf');

    await storage.removeFolder('receipts/sn-2026-000001/');

    for (const key of inside) expect(await storage.get(key), key).toBeNull();
    for (const key of beside) expect(await storage.get(key), key).toEqual(pdf);
    expect(await publicStorage.get(inside[0] as string)).toEqual(pdf);
    await storage.removeFolder('receipts/sn-2026-000001/'); // an empty folder is fine
    await expect(storage.removeFolder('receipts/sn-2026-000001')).rejects.toThrow(/ends in "\/"/);
  });

  it('uses the public URL when one is configured, and virtual-hosted AWS URLs without an endpoint', () => {
    expect(
      s3Storage({ ...settings(), publicUrl: 'https://cdn.example.com/photos/' }).url('hostels/a.jpg'),
    ).toBe('https://cdn.example.com/photos/hostels/a.jpg');
    expect(s3Storage({ ...settings(), endpoint: undefined, region: 'eu-west-1' }).url('hostels/a.jpg')).toBe(
      `https://${bucket}.s3.eu-west-1.amazonaws.com/hostels/a.jpg`,
    );
  });

  describe('through the app', () => {
    const { t, admin } = testAppWith({ admin: { role: 'admin' } }, () => ({ s3: settings() }));

    it('stores re-encoded photos in the bucket (nothing locally) and deletes them with the hostel', async () => {
      const form = await multipart({ hostel_name: 'Bucket Lodge', address: '1 Cloud Road' }, [
        { data: await jpegWithGps(1200, 900) },
      ]);
      const created = await sendForm(t, admin, 'POST', '/api/hostels', form);
      expect(created.statusCode).toBe(201);
      const { _id, photos } = created.json();
      const photo = photos[0];
      expect(photo.src).toMatch(new RegExp(`^${endpoint}/${bucket}/hostels/[0-9a-f-]{36}\\.jpg$`));

      const urls = [photo.src, ...photo.variants.map((v: { url: string }) => v.url)];
      for (const url of urls) expect((await fetch(url)).status, url).toBe(200);
      const stored = Buffer.from(await (await fetch(photo.src)).arrayBuffer());
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
      expect(await uploadedFiles(t.config.dataDir)).toEqual([]);

      const removed = await send(t, admin, 'DELETE', `/api/hostels/${_id}`);
      expect(removed.statusCode).toBe(204);
      for (const url of urls) expect((await fetch(url)).status, url).toBe(404);
    });
  });
});
