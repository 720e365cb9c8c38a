// An open-loop load generator: request i is due at start + i / rate, whatever happened to the
// ones before it, and its latency is measured from when it was due (not from when a socket was
// free), so a stall shows up in the numbers instead of hiding (coordinated omission).
//
// Why not only autocannon -R: its paced connections send their whole per-second quota back to
// back at the start of every second (a burst of `rate` requests, then silence), and its
// coordinated-omission correction assumes a 1 ms interval, which adds synthetic samples for every
// millisecond a burst-queued answer waited. Both make a server that is merely slower per request
// than a bare node:http server look like it stalls.
import http from 'node:http';

/**
 * @param {{ base: string, rate: number, durationS: number, next: () => { method?: string, path: string, headers?: Record<string,string>, body?: string }, sockets?: number }} opts
 * @returns {Promise<{ sent: number, rps: number, p50: number, p99: number, max: number, errors: number, non2xx: number }>}
 */
export async function pacedLoad({ base, rate, durationS, next, sockets = 50 }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const total = Math.round(rate * durationS);
  const latencies = new Float64Array(total);
  let done = 0;
  let errors = 0;
  let non2xx = 0;
  const start = performance.now() + 20;
  let finished;
  const allDone = new Promise((resolve) => {
    finished = resolve;
  });

  const record = (i, ok, status) => {
    latencies[i] = performance.now() - (start + (i * 1000) / rate);
    if (!ok) errors++;
    else if (status < 200 || status >= 300) non2xx++;
    if (++done === total) finished();
  };

  const send = (i) => {
    const r = next();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: r.method ?? 'GET',
        path: r.path,
        headers: r.headers ?? {},
        agent,
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => record(i, true, res.statusCode ?? 0));
        res.on('error', () => record(i, false, 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => record(i, false, 0));
    req.end(r.body);
  };

  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      while (sent < due) send(sent++);
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, 20);
  });
  await allDone;
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();

  const sorted = Array.from(latencies).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    sent: total,
    rps: total / elapsedS,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted[sorted.length - 1],
    errors,
    non2xx,
  };
}
