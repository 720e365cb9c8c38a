import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertHostel, signedInUser } from '../../test/factories.ts';
import { readCachePlugin } from './read-cache.ts';

describe('public catalogue reads served from memory', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signedInUser(t, { role: 'admin' })).headers;
    // Enough hostels for the list to pass the compression threshold.
    for (let i = 0; i < 12; i++) await insertHostel(t.db, { hostelName: `Cached Lodge ${i}` });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers repeat reads with the same bytes and ETag, and 304 when the phone has them', async () => {
    const first = await get('/api/hostels');
    const second = await get('/api/hostels');
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['content-type']).toMatch(/^application\/json/);

    const revalidated = await get('/api/hostels', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('serves brotli and gzip copies that decode to the same JSON', async () => {
    const plain = await get('/api/hostels');
    const br = await get('/api/hostels', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get('/api/hostels', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('shows an admin change to the next visitor at once', async () => {
    expect((await get('/api/hostels')).statusCode).toBe(200); // now cached
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/hostels',
      headers: admin,
      payload: { hostel_name: 'Before Rename Hall', address: '4 Odim Street, Nsukka' },
    });
    expect(created.statusCode).toBe(201);
    const h = { id: created.json()._id as string };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: admin,
      payload: {
        hostel: h.id,
        room_number: 'room 01',
        unit: 'one bedroom flat',
        price: 400_000,
        agent_fee: 40_000,
        caution_fee: 20_000,
        commission_fee: 10_000,
        status: 'available',
      },
    });
    expect(added.statusCode).toBe(201);
    expect((await get('/api/hostels')).json().map((x: { hostel_name: string }) => x.hostel_name)).toContain(
      'Before Rename Hall',
    );
    expect((await get(`/api/hostels/${h.id}`)).json().hostel_name).toBe('Before Rename Hall');
    const [room] = (await get(`/api/rooms/hostel/${h.id}`)).json();
    expect(room.price).toBe(400_000);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/hostels/${h.id}`,
      headers: admin,
      payload: { hostel_name: 'After Rename Hall' },
    });
    expect(renamed.statusCode).toBe(200);
    const repriced = await t.app.inject({
      method: 'PATCH',
      url: `/api/rooms/${room._id}`,
      headers: admin,
      payload: { price: 450_000 },
    });
    expect(repriced.statusCode).toBe(200);

    const names = (await get('/api/hostels')).json().map((x: { hostel_name: string }) => x.hostel_name);
    expect(names).toContain('After Rename Hall');
    expect(names).not.toContain('Before Rename Hall');
    expect((await get(`/api/hostels/${h.id}`)).json().hostel_name).toBe('After Rename Hall');
    expect((await get(`/api/rooms/hostel/${h.id}`)).json()[0].price).toBe(450_000);

    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/hostels/${h.id}/close`,
      headers: admin,
    });
    expect(closed.statusCode).toBe(200);
    expect((await get(`/api/hostels/${h.id}`)).statusCode).toBe(404);
    expect((await get(`/api/rooms/hostel/${h.id}`)).statusCode).toBe(404);
    // Admins are never answered from the public copy: they still see the closed hostel.
    expect((await get(`/api/hostels/${h.id}`, admin)).json().is_closed).toBe(true);
    expect((await get('/api/hostels?include_closed=1', admin)).json().length).toBeGreaterThan(
      (await get('/api/hostels?include_closed=1')).json().length,
    );
  });

  it('does not cache a 404', async () => {
    const missing = '00000000-0000-4000-8000-00000000abcd';
    expect((await get(`/api/hostels/${missing}`)).statusCode).toBe(404);
    await insertHostel(t.db, { id: missing, hostelName: 'Late Arrival Hall' });
    expect((await get(`/api/hostels/${missing}`)).json().hostel_name).toBe('Late Arrival Hall');
  });
});

describe('the read cache on its own', () => {
  it('forgets an entry after its age limit, so changes made outside this process show up', async () => {
    let loads = 0;
    const app = Fastify();
    await app.register(readCachePlugin, { maxAgeMs: 150 });
    app.get('/n', (request, reply) => app.readCache.send(request, reply, 'n', async () => ({ n: ++loads })));
    app.post('/write', async () => ({ ok: true }));
    await app.ready();
    const n = async () => (await app.inject({ method: 'GET', url: '/n' })).json().n;

    const together = await Promise.all(Array.from({ length: 20 }, n));
    expect(new Set(together)).toEqual(new Set([1])); // twenty concurrent misses, one load
    expect(await n()).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(await n()).toBe(2);
    await app.inject({ method: 'POST', url: '/write' });
    expect(await n()).toBe(3);
    await app.close();
  });
});
