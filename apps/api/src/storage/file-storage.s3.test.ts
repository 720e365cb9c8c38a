import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith } from '../../test/build-test-app.ts';
import { send, sendForm } from '../../test/requests.ts';
import { jpegWithGps, multipart, uploadedFiles } from '../modules/hostels/hostels.fixtures.ts';
import { s3Storage } from './file-storage.ts';

/** The S3 path against a real S3-compatible server (s3rver, in-process, files in a temp dir). */
describe('S3-compatible storage', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  const bucket = 'studynest-photos';
  const settings = () => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    // s3rver's fixed development credentials; it checks request signatures with them.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'studynest-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      directory: dir,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

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
