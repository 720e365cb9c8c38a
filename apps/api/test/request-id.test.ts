import { describe, expect, it } from 'vitest';
import { testApp } from './build-test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request id is what every log line of a request carries; answers show it as X-Request-Id. */
describe('request ids', () => {
  const t = testApp();

  const idFor = async (sent?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: sent === undefined ? {} : { 'x-request-id': sent },
    });
    return res.headers['x-request-id'];
  };

  it("keeps a proxy's well-formed X-Request-Id", async () => {
    for (const id of [
      'req-12345678',
      'a1b2c3d4.e5_F6-g7',
      'x'.repeat(64),
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    ]) {
      expect(await idFor(id)).toBe(id);
    }
  });

  it('replaces a malformed one with a fresh id of its own', async () => {
    const malformed = [
      'short',
      'x'.repeat(65),
      'has spaces in it',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '{"level":60,"msg":"forged"}',
      'ünïcödé-identifier',
      '',
    ];
    const seen = new Set<string>();
    for (const sent of malformed) {
      const id = await idFor(sent);
      expect(id, JSON.stringify(sent)).toMatch(UUID);
      seen.add(id as string);
    }
    expect(seen.size).toBe(malformed.length);
    expect(await idFor()).toMatch(UUID);
  });
});
