import http from 'node:http';

/** One answer, or the network error that came instead, with how long it took from the client's side. */
export type Answer = {
  status: number | null;
  /** ECONNRESET, ECONNREFUSED, TIMEOUT…; null when an HTTP answer arrived. */
  error: string | null;
  json: unknown;
  text: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
  startedAt: number;
};

export type RequestOptions = {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** false: a connection of its own, closed after the answer. */
  agent?: http.Agent | false;
  /** Give up after this long and report TIMEOUT: a hang becomes a visible failure, not a stuck test. */
  timeoutMs?: number;
  /** Called once the whole request has been handed to the socket: from then on it is in flight. */
  onSent?: () => void;
};

/**
 * node:http rather than fetch: its errors carry the socket's own code (a reset is ECONNRESET, a
 * refused connection ECONNREFUSED), which is exactly what these tests assert on.
 */
export function request(base: string, method: string, urlPath: string, opts: RequestOptions = {}) {
  const startedAt = performance.now();
  const payload =
    opts.body === undefined
      ? undefined
      : typeof opts.body === 'string' || Buffer.isBuffer(opts.body)
        ? opts.body
        : JSON.stringify(opts.body);
  return new Promise<Answer>((resolve) => {
    let settled = false;
    const done = (a: Omit<Answer, 'ms' | 'startedAt'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...a, ms: performance.now() - startedAt, startedAt });
    };
    const req = http.request(
      new URL(urlPath, base),
      {
        method,
        agent: opts.agent,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload !== undefined && typeof opts.body !== 'string'
            ? { 'content-type': 'application/json' }
            : {}),
          ...(payload !== undefined ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err: NodeJS.ErrnoException) =>
          done({ status: null, error: err.code ?? err.message, json: undefined, text: '', headers: {} }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          done({ status: res.statusCode ?? null, error: null, json, text, headers: res.headers });
        });
      },
    );
    const timer = setTimeout(() => {
      done({ status: null, error: 'TIMEOUT', json: undefined, text: '', headers: {} });
      req.destroy();
    }, opts.timeoutMs ?? 20_000);
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ status: null, error: err.code ?? err.message, json: undefined, text: '', headers: {} }),
    );
    if (opts.onSent) req.once('finish', opts.onSent);
    req.end(payload);
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
