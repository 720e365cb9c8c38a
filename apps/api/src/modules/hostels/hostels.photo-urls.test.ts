import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import { multipart, smallJpeg } from './hostels.fixtures.ts';

/**
 * Front ends on other origins (WEB_ORIGINS) and the spec's clients resolve image URLs as they come:
 * they are absolute, on PUBLIC_URL, and /uploads lets other origins embed them
 * (docs/decisions/0018-absolute-image-urls-and-cross-origin-photos.md).
 */
describe('photo URLs in answers and the /uploads resource policy', () => {
  const publicUrl = 'http://studynest.localhost:4100';
  let t: TestApp;
  let hostelId: string;

  beforeAll(async () => {
    t = await buildTestApp({ publicUrl });
    const admin = (await signedInUser(t, { role: 'admin' })).headers;
    const form = await multipart({ hostel_name: 'Absolute Lodge', address: '1 Origin Road' }, [
      { data: await smallJpeg(3) },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/hostels',
      payload: form.payload,
      headers: { ...form.headers, ...admin },
    });
    expect(created.statusCode, created.body).toBe(201);
    hostelId = created.json()._id;
  });
  afterAll(() => t.close());

  const onPublicUrl = new RegExp(`^${publicUrl}/uploads/hostels/[0-9a-f-]{36}(-\\d+\\.webp|\\.jpg)$`);

  it('the list, a hostel, its photos and their WebP variants, and search results carry absolute URLs', async () => {
    const list = (await t.app.inject({ url: '/api/hostels' })).json();
    expect(list[0].images).toEqual([expect.stringMatching(onPublicUrl)]);

    const one = (await t.app.inject({ url: `/api/hostels/${hostelId}` })).json();
    expect(one.images).toEqual(list[0].images);
    for (const photo of one.photos) {
      expect(photo.src).toMatch(onPublicUrl);
      for (const v of photo.variants) expect(v.url).toMatch(onPublicUrl);
    }

    const found = (await t.app.inject({ url: '/api/hostels?q=absolute' })).json();
    expect(found.items[0].photo).toBe(one.images[0]);
  });

  it('serves photos with a cross-origin resource policy, still nosniff; API answers stay same-origin', async () => {
    const one = (await t.app.inject({ url: `/api/hostels/${hostelId}` })).json();
    const urls = [one.photos[0].src, ...one.photos[0].variants.map((v: { url: string }) => v.url)];
    for (const url of urls) {
      const res = await t.app.inject({ url: new URL(url).pathname });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const api = await t.app.inject({ url: '/api/hostels' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    // A missing photo is an ordinary 404, not an embeddable answer.
    const missing = await t.app.inject({ url: '/uploads/hostels/none.jpg' });
    expect(missing.statusCode).toBe(404);
  });
});
