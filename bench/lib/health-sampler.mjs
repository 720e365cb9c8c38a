// A process of its own that asks GET /api/health one request after another, 10 ms apart, so the
// latencies it reports are the server's and not those of a benchmark client busy with downloads.
//   fork('bench/lib/health-sampler.mjs', [baseUrl]); it sends { ready } once connected, then on
//   'stop' sends back { samples, failures } (latencies in ms) and exits.
import http from 'node:http';

const base = process.argv[2];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const samples = [];
const failures = [];
let stopping = false;
process.on('message', (m) => {
  if (m === 'stop') stopping = true;
});

const once = () =>
  new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(`${base}/api/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) failures.push(`/api/health: ${res.statusCode}`);
        resolve(performance.now() - started);
      });
    });
    req.on('error', (err) => {
      failures.push(`/api/health: ${err.message}`);
      resolve(performance.now() - started);
    });
  });

await once(); // connected: the caller starts its work now
process.send({ ready: true });
while (!stopping) {
  samples.push(await once());
  await new Promise((r) => setTimeout(r, 10));
}
agent.destroy();
process.send({ samples, failures }, () => process.exit(0));
