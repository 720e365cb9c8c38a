import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';

const started = performance.now();

/**
 * How long SIGTERM may wait for the last queued connections to send their requests. On a starved
 * CPU (two busy neighbours, PGlite's queries on this thread) 200 queued requests took over 2 s to be
 * read; 5 s leaves the in-flight ones 4 s before SHUTDOWN_MAX_MS.
 */
const DRAIN_MAX_MS = 5_000;
/** No new connection for this long: the kernel's accept queue is empty. */
const DRAIN_QUIET_MS = 150;
/** Orchestrators usually SIGKILL 10 s after SIGTERM; exit on our own terms before that. */
const SHUTDOWN_MAX_MS = 9_000;

/**
 * Closing the listening socket resets every connection still queued in the kernel, and
 * `server.close()` destroys accepted connections whose request has not been read yet: requests
 * the clients already sent would end in ECONNRESET instead of an answer. So the server remembers
 * which accepted connections have not delivered a request yet, and SIGTERM waits (briefly) until
 * there are none and no new connection has arrived for a moment, before it stops listening.
 */
function trackUnreadConnections(server: Server) {
  const unread = new Set<Socket>();
  let lastConnectionAt = 0;
  server.on('connection', (socket: Socket) => {
    lastConnectionAt = performance.now();
    unread.add(socket);
    socket.once('close', () => unread.delete(socket));
  });
  server.on('request', (req) => unread.delete(req.socket));
  return async function settled() {
    const deadline = performance.now() + DRAIN_MAX_MS;
    while (performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
      // A timer runs before the loop polls its sockets: after a busy stretch (PGlite's queries run
      // on this thread) connections may wait in the kernel unseen, and the quiet would be a lie.
      // setImmediate runs after the poll phase, once every pending connection has been accepted.
      await new Promise((r) => setImmediate(r));
      if (unread.size === 0 && performance.now() - lastConnectionAt >= DRAIN_QUIET_MS) return;
    }
  };
}

/**
 * Building the app runs the migrations, and waits for another process's (an advisory lock): that may
 * take a while, and a balancer probing a port nobody listens on sees a crash, not a start. So the port
 * answers 503 (Retry-After) to every request until the app takes it over: `/api/ready` and
 * `/api/health` included, so the process gets no traffic until it can serve it.
 */
async function answerWhileStarting(port: number, host: string): Promise<() => Promise<void>> {
  // Port 0 means "any": the app would listen elsewhere, so there is nothing to hold.
  if (port === 0) return async () => {};
  const body = JSON.stringify({
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'Starting: the database is being migrated. Please try again in a moment.',
  });
  const starting = createServer((_req, res) => {
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '5',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'close',
    });
    res.end(body);
  });
  const listening = await new Promise<boolean>((resolve) => {
    // Taken already: the app's own listen reports it as before.
    starting.once('error', () => resolve(false));
    starting.listen(port, host, () => resolve(true));
  });
  if (!listening) return async () => {};
  return () =>
    new Promise<void>((resolve) => {
      starting.close(() => resolve());
      starting.closeAllConnections();
    });
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const stopStarting = await answerWhileStarting(config.port, config.host);
  const app = await buildApp(config);
  await stopStarting();
  let closing = false;
  // While shutting down, every answer closes its connection, so no client sends another request
  // on a socket that is about to go away (that one would be reset, not answered).
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const connectionsSettled = trackUnreadConnections(app.server);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { startupMs: Math.round(performance.now() - started) },
    `StudyNest is ready at ${config.publicUrl} (database: ${app.database.kind})`,
  );

  // SIGTERM: take in what clients already sent, stop accepting, let in-flight requests finish
  // (requests arriving on open connections after that get 503), close the database, exit.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_MAX_MS);
    force.unref();
    try {
      await connectionsSettled();
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
