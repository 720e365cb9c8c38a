// The throughput ceiling for an endpoint: a bare node:http server answering every request with the
// exact bytes (and content-type) the real endpoint returned, straight from memory. Started as a
// child process by api-load.mjs, so it gets its own event loop just as the API server does.
//   node bench/lib/ceiling-server.mjs <body-file> <content-type>   → prints the port, then serves
// or, from a bench: `await startCeiling(body, contentType, tmpDir)` → { child, base }.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** Start this file as a child process serving `body`; the caller stops it (SIGTERM). */
export async function startCeiling(body, contentType, tmp) {
  const file = path.join(tmp, `ceiling-${Date.now()}.body`);
  writeFileSync(file, body);
  const child = spawn(process.execPath, [import.meta.filename, file, contentType], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.on('exit', (code) => reject(new Error(`ceiling server exited (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

function serve() {
  const [bodyFile, contentType] = process.argv.slice(2);
  const body = readFileSync(bodyFile);
  const headers = { 'content-type': contentType, 'content-length': String(body.length) };

  const server = http.createServer((req, res) => {
    // Drain any request body (the mixed run posts JSON) before answering.
    req.resume();
    res.writeHead(200, headers);
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${server.address().port}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

if (process.argv[1] === import.meta.filename) serve();
