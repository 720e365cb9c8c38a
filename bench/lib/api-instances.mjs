#!/usr/bin/env node
// N API processes on one port, for `npm run bench:api -- --instances N`: Node's own cluster module
// forks the built server N times and hands incoming connections to the workers in turn (round-robin,
// the primary's default on Linux), so the bench needs no proxy of its own. Each worker is an ordinary
// production server: it sees the same environment (one DATABASE_URL, one REDIS_URL).
// SIGTERM/SIGINT are passed on to every worker; the primary exits once they all have.
import cluster from 'node:cluster';
import path from 'node:path';

const count = Number(process.env.API_INSTANCES ?? '1');
if (!Number.isInteger(count) || count < 1) {
  console.error(`API_INSTANCES must be a whole number ≥ 1 (got ${process.env.API_INSTANCES})`);
  process.exit(2);
}
cluster.setupPrimary({ exec: path.resolve(import.meta.dirname, '../../apps/api/dist/server.js') });

let stopping = false;
for (let i = 0; i < count; i++) cluster.fork();
// A worker listens twice: the 503 "starting" answer while it migrates, then the app (server.ts).
// Once every worker is at its second, all of them take requests: say so for the bench to wait on.
const listens = new Map();
let announced = false;
cluster.on('listening', (worker) => {
  listens.set(worker.id, (listens.get(worker.id) ?? 0) + 1);
  if (!announced && listens.size === count && [...listens.values()].every((n) => n >= 2)) {
    announced = true;
    console.log(`api-instances: all ${count} listening`);
  }
});
cluster.on('exit', (worker, code, signal) => {
  if (!stopping) {
    console.error(`API worker ${worker.process.pid} exited (${signal ?? code}); stopping the others`);
    stop();
  }
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopping ? 0 : 1);
});

function stop() {
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
