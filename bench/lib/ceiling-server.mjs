// The throughput ceiling for an endpoint: a bare node:http server answering every request with the
// exact bytes (and content-type) the real endpoint returned, straight from memory. Started as a
// child process by api-load.mjs, so it gets its own event loop just as the API server does.
//   node bench/lib/ceiling-server.mjs <body-file> <content-type>   → prints the port, then serves
import { readFileSync } from 'node:fs';
import http from 'node:http';

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
