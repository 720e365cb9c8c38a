import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/build-test-app.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { SUBSCRIBED_MESSAGE, SUBSCRIBES_PER_HOUR } from './subscribers.routes.ts';
import { subscribers } from './subscribers.schema.ts';

let ipCounter = 0;
const nextIp = () => `10.2.0.${++ipCounter}`;

describe('POST /api/subscribers', () => {
  const t = testApp();

  const subscribe = (payload: unknown, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/subscribers', remoteAddress, payload: payload as object });

  it('stores a new address (201) with a friendly message', async () => {
    const res = await subscribe({ email: ' Ngozi.Obi@Example.com ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: SUBSCRIBED_MESSAGE });
    const rows = await t.db.select().from(subscribers);
    expect(rows.map((r) => r.email)).toContain('ngozi.obi@example.com');
  });

  it('a repeat, in any letter case, is quiet: 200, same message, still one row', async () => {
    expect((await subscribe({ email: 'repeat@example.com' })).statusCode).toBe(201);
    const again = await subscribe({ email: 'REPEAT@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: SUBSCRIBED_MESSAGE });
    const rows = (await t.db.select().from(subscribers)).filter(
      (r) => r.email.toLowerCase() === 'repeat@example.com',
    );
    expect(rows).toHaveLength(1);
  });

  it.each([{}, { email: '' }, { email: 'not-an-email' }, { email: 'a@b' }, { email: 42 }])(
    'refuses %j with 400 and a message',
    async (payload) => {
      const before = (await t.db.select().from(subscribers)).length;
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/email/i);
      expect(res.json().fields.email).toBeTruthy();
      expect((await t.db.select().from(subscribers)).length).toBe(before);
    },
  );

  it(`limits each IP to ${SUBSCRIBES_PER_HOUR} an hour (429), other IPs unaffected`, async () => {
    const ip = nextIp();
    for (let i = 0; i < SUBSCRIBES_PER_HOUR; i++) {
      expect((await subscribe({ email: `burst${i}@example.com` }, ip)).statusCode).toBe(201);
    }
    const limited = await subscribe({ email: 'one-more@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/too many attempts/i);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect((await subscribe({ email: 'one-more@example.com' })).statusCode).toBe(201);
  });

  describe('RATE_LIMITS=off', () => {
    const off = testApp({ rateLimits: false });

    it('no limit', async () => {
      for (let i = 0; i < SUBSCRIBES_PER_HOUR + 2; i++) {
        const res = await send(off, anonymous, 'POST', '/api/subscribers', { email: `load${i}@example.com` });
        expect(res.statusCode).toBe(201);
      }
    });
  });
});
