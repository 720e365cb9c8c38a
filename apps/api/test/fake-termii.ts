import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TermiiRequest = { path: string; body: Record<string, unknown> };

/** Termii's send endpoint on a free local port: records requests; `fail(n)` answers the next n with 500. */
export async function startFakeTermii() {
  const requests: TermiiRequest[] = [];
  let failures = 0;
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      const body = JSON.parse(data || '{}') as Record<string, unknown>;
      requests.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (failures > 0) {
        failures--;
        res.statusCode = 500;
        return res.end(JSON.stringify({ message: 'Service unavailable' }));
      }
      if (req.url !== '/api/sms/send' || body.api_key !== 'termii-test-key') {
        res.statusCode = 401;
        return res.end(JSON.stringify({ message: 'Invalid API key' }));
      }
      res.end(
        JSON.stringify({
          message_id: `${requests.length}`,
          message: 'Successfully Sent',
          balance: 100,
          user: 'StudyNest',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: 'termii-test-key',
    requests,
    fail(n: number) {
      failures = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive a few seconds: close them now, not when they time out.
        server.closeAllConnections();
      }),
  };
}
