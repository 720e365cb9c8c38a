import { renameSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { anonymous, sendJsonText } from '../../../test/requests.ts';

describe('health and the app shell', () => {
  const t = testApp();

  it('names the engines in use and answers ok after a real round trip to each', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: 'ok',
      engines: {
        database: { engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', ok: true },
        storage: { engine: 'disk', ok: true },
        queue: { engine: 'pg-boss', ok: true },
      },
    });
  });

  it('is ready for traffic while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true });
  });

  it('reports storage that cannot be written as degraded, still 200 while the database answers', async () => {
    const uploads = path.join(t.config.dataDir, 'uploads');
    renameSync(uploads, `${uploads}.away`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        engines: { storage: { engine: 'disk', ok: false } },
      });
    } finally {
      renameSync(`${uploads}.away`, uploads);
    }
  });

  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      message: expect.stringContaining('/api/nope'),
    });
  });

  it('refuses malformed JSON with 400, not 500', async () => {
    const res = await sendJsonText(t, anonymous, 'POST', '/api/auth/login', '{"broken": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/hostels/{id}');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('conditional GET', () => {
  const t = testApp();

  it('answers 304 to a repeated list request carrying its ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/hostels' });
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag;
    expect(tag).toMatch(/^W\//);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/hostels',
      headers: { 'if-none-match': String(tag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
