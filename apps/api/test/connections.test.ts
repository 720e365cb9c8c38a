import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/**
 * Slow clients and connection floods, against a listening server over real sockets: `inject`
 * has no socket, so neither timeouts nor the per-peer cap would run.
 */

/** Every client socket a test opened, destroyed after it even when an assertion failed midway. */
const clients: net.Socket[] = [];

type Conversation = { received: string; closedAfterMs?: number };

/** Opens a connection, writes `head`, then one byte of `trickle` every `everyMs` until closed or `giveUpMs`. */
function talk(
  port: number,
  opts: { head: string; trickle?: string; everyMs?: number; giveUpMs: number },
): Promise<Conversation> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    clients.push(socket);
    const result: Conversation = { received: '' };
    let i = 0;
    const timer = setInterval(() => {
      if (opts.trickle && i < opts.trickle.length && socket.writable)
        socket.write(opts.trickle[i++] as string);
    }, opts.everyMs ?? 100);
    const giveUp = setTimeout(() => socket.destroy(), opts.giveUpMs);
    socket.on('connect', () => socket.write(opts.head));
    socket.on('data', (d) => {
      result.received += d.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      // Closed by us when giving up: the server never closed it.
      if (performance.now() - started < opts.giveUpMs) result.closedAfterMs = performance.now() - started;
      resolve(result);
    });
  });
}

/** An open connection that has sent nothing yet, and a way to see whether the server closed it. */
async function openIdle(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  clients.push(socket);
  let received = '';
  let closed = false;
  socket.on('data', (d) => {
    received += d.toString('latin1');
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received: () => received, closed: () => closed };
}

const get = async (port: number, path: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  await res.arrayBuffer();
  return res.status;
};

describe('connection limits on a listening server', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    for (const socket of clients.splice(0)) socket.destroy();
    await t?.close();
    t = undefined;
  });

  const listen = async (http: Partial<TestApp['config']['http']>, trustProxy: string[] = []) => {
    const defaults = {
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerIp: 100,
    };
    t = await buildTestApp({ http: { ...defaults, ...http }, trustProxy });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  };

  it('cuts off a request body trickled slower than REQUEST_TIMEOUT_MS with 408, within the timeout', async () => {
    const port = await listen({ requestTimeoutMs: 800, headersTimeoutMs: 400 });
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) });
    const res = await talk(port, {
      head: `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      trickle: body,
      everyMs: 100,
      giveUpMs: 4000,
    });
    expect(res.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(res.closedAfterMs).toBeDefined();
    // The timeout plus Node's check interval (here 100 ms) and some slack for a busy machine.
    expect(res.closedAfterMs).toBeLessThan(800 + 1000);
  });

  it('cuts off headers trickled slower than HEADERS_TIMEOUT_MS', async () => {
    const port = await listen({ requestTimeoutMs: 2000, headersTimeoutMs: 500 });
    const res = await talk(port, {
      head: 'GET /api/health HTTP/1.1\r\n',
      trickle: `X-Slow: ${'a'.repeat(200)}\r\n\r\n`,
      everyMs: 100,
      giveUpMs: 4000,
    });
    expect(res.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(res.closedAfterMs).toBeLessThan(500 + 1000);
  });

  it('still answers a request sent at once, and keeps the connection alive for the next one', async () => {
    const port = await listen({ requestTimeoutMs: 800, headersTimeoutMs: 400 });
    const request = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const conn = await openIdle(port);
    conn.socket.write(request);
    await new Promise((r) => setTimeout(r, 1200));
    conn.socket.write(request);
    await new Promise((r) => setTimeout(r, 300));
    expect(conn.received().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    conn.socket.destroy();
  });

  it('caps open connections per peer address (503 and closed), and frees a place when one closes', async () => {
    const port = await listen({ maxConnectionsPerIp: 3 });
    const held = [await openIdle(port), await openIdle(port), await openIdle(port)];
    const extra = await openIdle(port);
    for (let i = 0; i < 50 && !extra.closed(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(extra.closed()).toBe(true);
    expect(extra.received()).toMatch(/^HTTP\/1\.1 503 /);
    expect(held.some((c) => c.closed())).toBe(false);

    held[0]?.socket.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect(await get(port, '/api/health')).toBe(200);
    for (const c of held) c.socket.destroy();
  });

  it('does not cap a reverse proxy named in TRUST_PROXY', async () => {
    const port = await listen({ maxConnectionsPerIp: 1 }, ['loopback']);
    const held = [await openIdle(port), await openIdle(port)];
    expect(await get(port, '/api/health')).toBe(200);
    expect(held.some((c) => c.closed())).toBe(false);
    for (const c of held) c.socket.destroy();
  });
});
