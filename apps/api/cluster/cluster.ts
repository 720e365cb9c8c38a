import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request, sleep } from '../resilience/http.ts';
import { freePort, type Server, type ServerOptions, startServer } from '../resilience/server-process.ts';

/**
 * A Redis of our own on a free port, so the outage test can stop it without touching the machine's
 * Redis that other test runs use. Nothing is written to disk.
 */
export type RedisServer = {
  port: number;
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
};

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await redisAnswers(port)) return;
      await sleep(50);
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  process.on('exit', () => child?.kill('SIGKILL'));
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}

function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    p.on('exit', () => resolve(out.trim() === 'PONG'));
  });
}

/**
 * The reverse proxy in front of the processes: round-robin, the client's address appended to
 * X-Forwarded-For (as nginx's `$proxy_add_x_forwarded_for`), and a request tried on the next
 * process when the connection is refused (nothing was sent: any method), or when it is cut before
 * an answer for a GET or HEAD (nginx's `proxy_next_upstream error`, which never resends a POST that
 * reached a server). Answers are buffered whole (nginx's default), so a process dying mid-answer is
 * such an error too. A failure it gives up on is a 502 naming the process (`x-upstream`). A small
 * Node proxy rather than nginx: it is always there, and the answer says which process gave it
 * (`x-upstream`), which the tests assert on.
 */
export type RoundRobinProxy = { base: string; close: () => Promise<void>; served: number[] };

export async function startProxy(upstreams: () => string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: number[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const list = upstreams();
      const attempt = (tries: number, previous?: number) => {
        const index = previous === undefined ? next++ % list.length : (previous + 1) % list.length;
        const target = new URL(req.url ?? '/', list[index]);
        const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
          .filter(Boolean)
          .join(', ');
        let failed = false;
        const fail = (err: NodeJS.ErrnoException) => {
          if (failed) return;
          failed = true;
          const resend = err.code === 'ECONNREFUSED' || req.method === 'GET' || req.method === 'HEAD';
          if (resend && tries < list.length - 1) return attempt(tries + 1, index);
          res.writeHead(502, { 'x-upstream': String(index) }).end();
        };
        const upstream = http.request(
          target,
          { method: req.method, agent, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
          (answer) => {
            // Buffered whole, as nginx does by default: a process dying mid-answer is an upstream
            // error (resent or 502), never a half answer left hanging at the client.
            const parts: Buffer[] = [];
            answer.on('data', (c: Buffer) => parts.push(c));
            answer.on('aborted', () => fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
            answer.on('error', fail);
            answer.on('end', () => {
              if (failed) return;
              served[index] = (served[index] ?? 0) + 1;
              res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
              res.end(Buffer.concat(parts));
            });
          },
        );
        upstream.on('error', fail);
        upstream.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** `count` production processes on one database and one Redis. */
export async function startCluster(count: number, opts: ServerOptions): Promise<Server[]> {
  // One after another: the first runs the migrations (the others would wait on its lock anyway).
  const servers: Server[] = [];
  for (let i = 0; i < count; i++) servers.push(await startServer(opts));
  return servers;
}

/** Until every process logged that Redis answers again (the cache is kept again, limits shared). */
export async function untilShared(servers: Server[], sinceLogLength: number[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (const [i, s] of servers.entries()) {
    while (!s.log().slice(sinceLogLength[i]).includes('Redis answers again')) {
      if (Date.now() > deadline) throw new Error(`process ${i} did not return to shared mode`);
      await sleep(100);
    }
  }
}

export const json = <T>(res: { json: unknown }) => res.json as T;

/** A GET through one process, with a token. */
export const getOn = (server: Server, urlPath: string, token?: string) =>
  request(server.base, 'GET', urlPath, { token });
