import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, request, sleep } from '../resilience/http.ts';
import { facts, findViolations, openPostgres, type SqlClient } from '../resilience/invariants.ts';
import { inspectionTomorrow, loginAll, type Student } from '../resilience/load.ts';
import { createDatabase } from '../resilience/postgres.ts';
import { type Room, type Seed, seedDatabase } from '../resilience/seed.ts';
import {
  killHard,
  newJwtSecret,
  type Server,
  type ServerOptions,
  startServer,
  terminate,
} from '../resilience/server-process.ts';
import { jpegWithGps, multipart, uploadedFiles } from '../src/modules/hostels/hostels.fixtures.ts';
import { type FakePaystack, startFakePaystack } from '../test/fake-paystack.ts';
import { type FakeS3, S3RVER_CREDENTIALS, startFakeS3 } from '../test/fake-s3.ts';
import {
  getOn,
  json,
  type RedisServer,
  type RoundRobinProxy,
  startCluster,
  startProxy,
  startRedis,
  untilShared,
} from './cluster.ts';

/**
 * Issue 17: three production processes (dist/server.js) on one PostgreSQL, one Redis and one
 * S3-compatible store (s3rver), behind a round-robin proxy (cluster.ts). Payments go through a local
 * fake Paystack, so the webhook is the real signed one. Every assertion is about what clients see, or about rows in the database.
 */
const ADMIN = { email: 'admin@cluster.studynest.test', password: 'cluster-Admin-Password-7' };

let db: Awaited<ReturnType<typeof createDatabase>>;
let sql: SqlClient;
let seed: Seed;
let redis: RedisServer;
let paystack: FakePaystack;
/** Photos live in an S3-compatible server (s3rver), never on one process's disk. */
let s3: FakeS3;
let s3Endpoint: string;
const S3_BUCKET = 'studynest-cluster-photos';
let servers: Server[];
let proxy: RoundRobinProxy;
let students: Student[];
/** How every process is started, so the one killed can be started again the same way. */
let serverOptions: ServerOptions;
const dataDirs: string[] = [];

beforeAll(async () => {
  db = await createDatabase();
  const seedDir = mkdtempSync(path.join(tmpdir(), 'sn-cluster-'));
  dataDirs.push(seedDir);
  seed = await seedDatabase({ url: db.url, dataDir: seedDir }, { students: 100, burstHostels: 1 });
  redis = await startRedis();
  paystack = await startFakePaystack('sk_test_cluster');
  s3 = await startFakeS3(S3_BUCKET);
  s3Endpoint = s3.endpoint;
  const jwtSecret = newJwtSecret();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sn-cluster-'));
  dataDirs.push(dataDir);
  // The proxy first: it is the site's address (PUBLIC_URL) every process names in payment callbacks.
  servers = [];
  proxy = await startProxy(() => servers.map((s) => s.base));
  serverOptions = {
    dataDir,
    databaseUrl: db.url,
    jwtSecret,
    env: {
      REDIS_URL: redis.url,
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_MFA: 'optional',
      PUBLIC_URL: proxy.base,
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
  };
  servers = await startCluster(3, serverOptions);
  students = await loginAll(proxy.base, seed);
  sql = await openPostgres(db.url);
});

afterAll(async () => {
  // What a process answered 503 for, if any did: the first place to look when a test fails.
  for (const [i, s] of (servers ?? []).entries()) {
    const lines = s
      .log()
      .split('\n')
      .filter((l) => l.includes('answered 503'));
    if (lines.length) console.warn(`process ${i}:\n${lines.slice(0, 5).join('\n')}`);
  }
  await sql?.close();
  await proxy?.close();
  await Promise.all((servers ?? []).map((s) => terminate(s)));
  await redis?.stop();
  await paystack?.close();
  await s3?.close();
  await db?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A 503 (with Retry-After) is the app's designed answer when a statement waited too long behind a
 * lock, here the receipt counter every success takes in turn, on a 2-core machine shared with
 * other work; its transaction rolled back, so the client tries again, as Retry-After asks.
 */
async function retryBusy(send: () => Promise<Answer>): Promise<Answer> {
  let res = await send();
  for (let i = 0; i < 5 && res.status === 503; i++) {
    await sleep(1_000);
    res = await send();
  }
  return res;
}

const asStudent = (s: Student) => ({ token: s.token, headers: { 'x-forwarded-for': s.ip } });

const book = (base: string, s: Student, room: Room) =>
  request(base, 'POST', '/api/bookings', {
    ...asStudent(s),
    body: { hostel_id: room.hostelId, room_id: room.id, inspection_date_time: inspectionTomorrow() },
  });

async function payAgentFee(base: string, s: Student, room: Room, bookingId: string) {
  const initiated = await request(base, 'POST', '/api/payments/agent-fee/initiate', {
    ...asStudent(s),
    body: {
      amount: room.agentFee,
      room_id: room.id,
      hostel_id: room.hostelId,
      booking_id: bookingId,
      callback_url: `${proxy.base}/payment-callback`,
    },
  });
  expect(initiated.status, initiated.text).toBe(201);
  const reference = json<{ reference: string }>(initiated).reference;
  paystack.settle(reference, 'success');
  return reference;
}

const wrongLogin = (email: string, ip: string, password = 'not-the-Password-1') =>
  request(proxy.base, 'POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

const readPathsOf = (room: Room) => [
  '/api/hostels',
  `/api/hostels/${room.hostelId}`,
  `/api/rooms/hostel/${room.hostelId}`,
];

const upstreamsOf = (answers: Answer[]) => new Set(answers.map((a) => a.headers['x-upstream']));

async function adminToken() {
  const res = await wrongLogin(ADMIN.email, '10.77.0.1', ADMIN.password);
  expect(res.status, res.text).toBe(200);
  return json<{ token: string }>(res).token;
}

/** Each process answers the hostel's rooms (and caches them); then one changes a price; all answer it at once. */
async function priceChangeSeenEverywhere(token: string, room: Room, price: number) {
  const roomsPath = `/api/rooms/hostel/${room.hostelId}`;
  const priceOn = async (s: Server) => {
    const res = await getOn(s, roomsPath);
    expect(res.status).toBe(200);
    return json<{ _id: string; price: number }[]>(res).find((r) => r._id === room.id)?.price;
  };
  for (const s of servers) await priceOn(s);
  const changed = await request(servers[0]!.base, 'PATCH', `/api/rooms/${room.id}`, {
    token,
    body: { price },
  });
  expect(changed.status, changed.text).toBe(200);
  expect(await priceOn(servers[1]!)).toBe(price);
  expect(await priceOn(servers[2]!)).toBe(price);
}

describe('three API processes behind a round-robin proxy, one PostgreSQL, one Redis', () => {
  it('50 students race for 10 rooms across the processes: exactly 10 win, the others get a clear 409', async () => {
    const rooms = seed.burstRooms.slice(0, 10);
    const racers = students.slice(0, 50);
    const answers = await Promise.all(racers.map((s, i) => book(proxy.base, s, rooms[i % rooms.length]!)));
    expect(upstreamsOf(answers).size).toBe(3);
    const won = answers.flatMap((a, i) =>
      a.status === 201 ? [{ i, id: json<{ _id: string }>(a)._id }] : [],
    );
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(40);
    for (const a of lost) expect(json<{ message: string }>(a).message).toMatch(/room/i);
    expect(new Set(won.map((w) => w.i % rooms.length)).size).toBe(10);

    // The winners pay their agent fees, each verified on whichever process the proxy picks.
    await Promise.all(
      won.map(async ({ i, id }) => {
        const s = racers[i]!;
        const reference = await payAgentFee(proxy.base, s, rooms[i % rooms.length]!, id);
        const verified = await retryBusy(() =>
          request(proxy.base, 'POST', '/api/payments/verify', { ...asStudent(s), body: { reference } }),
        );
        expect(verified.status, verified.text).toBe(200);
        expect(json<{ status: string }>(verified).status).toBe('success');
      }),
    );
    const f = await facts(sql);
    expect(f.confirmed_bookings).toBe(10);
    expect(f.rooms_booked).toBe(10);
    expect(await findViolations(sql, { confirmed: [], settled: true })).toEqual([]);
  });

  it('verify, the webhook and a second verify of one payment on three processes: one effect', async () => {
    const s = students[50]!;
    const booked = await book(servers[0]!.base, s, s.ownRoom);
    expect(booked.status, booked.text).toBe(201);
    const reference = await payAgentFee(servers[0]!.base, s, s.ownRoom, json<{ _id: string }>(booked)._id);
    const hook = paystack.webhook(reference);
    const [first, webhook, second] = await Promise.all([
      request(servers[0]!.base, 'GET', `/api/payments/verify?reference=${reference}`, asStudent(s)),
      request(servers[1]!.base, 'POST', '/api/payments/webhook/paystack', {
        body: hook.body,
        headers: hook.headers,
      }),
      request(servers[2]!.base, 'POST', '/api/payments/verify', { ...asStudent(s), body: { reference } }),
    ]);
    expect([first.status, webhook.status, second.status]).toEqual([200, 200, 200]);
    expect(json<{ status: string }>(first).status).toBe('success');
    expect(json<{ status: string }>(second).status).toBe('success');
    const rows = await sql.query<{ applied: number; confirmed: number; paid: number }>(
      `select
         (select count(*)::int from payments where room_id = '${s.ownRoom.id}' and kind = 'agent_fee' and status = 'success') as applied,
         (select count(*)::int from bookings where room_id = '${s.ownRoom.id}' and status = 'confirmed') as confirmed,
         (select count(*)::int from payments where reference = '${reference}' and paid_at is not null) as paid`,
    );
    expect(rows[0]).toEqual({ applied: 1, confirmed: 1, paid: 1 });
    expect(await findViolations(sql, { confirmed: [reference], settled: true })).toEqual([]);
  });

  it('10 wrong passwords spread over the processes trip the limit as on one process', async () => {
    const s = students[51]!;
    const ip = '10.66.0.1';
    const wrong: Answer[] = [];
    for (let i = 0; i < 10; i++) wrong.push(await wrongLogin(s.email, ip));
    expect(wrong.map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(upstreamsOf(wrong).size).toBe(3);
    // The address has used its 10 tries for this account: refused now, even with the right password.
    const eleventh = await wrongLogin(s.email, ip, seed.password);
    expect(eleventh.status, eleventh.text).toBe(429);
    expect(eleventh.headers['retry-after']).toBeDefined();

    // The per-IP limit of @fastify/rate-limit (20 logins a minute) is counted across processes too.
    const perIp: Answer[] = [];
    for (let i = 0; i < 21; i++)
      perIp.push(await wrongLogin(`nobody-${i}@cluster.studynest.test`, '10.66.0.2'));
    expect(perIp.slice(0, 20).every((a) => a.status === 401)).toBe(true);
    expect(perIp[20]?.status).toBe(429);
  });

  it('a logout on one process is refused by the others on their next request', async () => {
    const s = students[52]!;
    const login = await wrongLogin(s.email, s.ip, seed.password);
    expect(login.status).toBe(200);
    const token = json<{ token: string }>(login).token;
    // Each process has checked (and cached) the token.
    for (const server of servers) expect((await getOn(server, `/api/user/${s.id}`, token)).status).toBe(200);
    const out = await request(servers[0]!.base, 'POST', '/api/auth/logout', { token });
    expect(out.status).toBe(204);
    expect((await getOn(servers[1]!, `/api/user/${s.id}`, token)).status).toBe(401);
    expect((await getOn(servers[2]!, `/api/user/${s.id}`, token)).status).toBe(401);
  });

  /** `token` works on every process (each has checked it and keeps the check in its cache). */
  async function acceptedEverywhere(token: string, urlPath: string) {
    for (const server of servers) {
      const res = await getOn(server, urlPath, token);
      expect(res.status, `${server.base}: ${res.text}`).toBe(200);
    }
  }
  /** Right after the change: every process answers `status` to the old token, none from its cache. */
  async function refusedEverywhere(token: string, urlPath: string, status: 401 | 403) {
    const answers = await Promise.all(servers.map((server) => getOn(server, urlPath, token)));
    expect(answers.map((a) => a.status)).toEqual(servers.map(() => status));
  }

  it('a password change on one process: the old session is refused by every process at once', async () => {
    const s = students[55]!;
    const login = () => wrongLogin(s.email, s.ip, seed.password);
    const old = json<{ token: string }>(await login()).token;
    const current = json<{ token: string }>(await login()).token;
    await acceptedEverywhere(old, `/api/user/${s.id}`);
    const changed = await request(servers[0]!.base, 'POST', '/api/auth/change-password', {
      token: current,
      headers: { 'x-forwarded-for': s.ip },
      body: { current_password: seed.password, new_password: 'a-new-Cluster-password-55' },
    });
    expect(changed.status, changed.text).toBe(200);
    await refusedEverywhere(old, `/api/user/${s.id}`, 401);
    // The session that changed it goes on, on every process.
    await acceptedEverywhere(current, `/api/user/${s.id}`);
  });

  it('a deleted account: its token is refused by every process at once', async () => {
    const s = students[56]!;
    await acceptedEverywhere(s.token, `/api/user/${s.id}`);
    const deleted = await request(servers[1]!.base, 'DELETE', `/api/user/${s.id}`, {
      token: await adminToken(),
    });
    expect(deleted.status, deleted.text).toBe(204);
    await refusedEverywhere(s.token, `/api/user/${s.id}`, 401);
  });

  it('a demoted admin (role changed in psql, outside the API): the admin session is refused by every process at once', async () => {
    const email = `demoted-${Date.now()}@cluster.studynest.test`;
    const password = 'demoted-Cluster-password-1';
    const created = await request(proxy.base, 'POST', '/api/auth/admin/signup', {
      token: await adminToken(),
      body: {
        first_name: 'deb',
        last_name: 'moted',
        gender: 'female',
        email,
        phone_number: '08031234567',
        password,
      },
    });
    expect(created.status, created.text).toBe(201);
    const login = await wrongLogin(email, '10.77.0.9', password);
    expect(login.status, login.text).toBe(200);
    const { token } = json<{ token: string }>(login);
    await acceptedEverywhere(token, '/api/user/all?limit=1');
    // The API has no route that demotes an admin: an operator does it in the database, where no
    // write through the API tells the processes (docs/decisions/0017-shared-engines.md).
    await sql.query(`update users set role = 'student' where email = '${email}'`);
    // The session was an admin's (its limits, its two-step rule): it is over; they sign in again.
    await refusedEverywhere(token, '/api/user/all?limit=1', 401);
    const again = await wrongLogin(email, '10.77.0.9', password);
    expect(json<{ user: { role: string } }>(again).user.role).toBe('student');
  });

  it("a room's new price is answered by every process on the next read", async () => {
    await priceChangeSeenEverywhere(await adminToken(), seed.burstRooms[15]!, 612_000);
  });

  it("a photo uploaded through one process is stored in S3 and every process's answer points there", async () => {
    const token = await adminToken();
    const { payload, headers } = await multipart(
      { hostel_name: 'Cluster Photo Lodge', address: '3 Bucket Close, Akoka' },
      [{ data: await jpegWithGps() }],
    );
    const created = await request(proxy.base, 'POST', '/api/hostels', { token, body: payload, headers });
    expect(created.status, created.text).toBe(201);
    const { _id: id } = json<{ _id: string }>(created);
    for (const server of servers) {
      const res = await getOn(server, `/api/hostels/${id}`);
      expect(res.status).toBe(200);
      const { images } = json<{ images: string[] }>(res);
      expect(images).toHaveLength(1);
      expect(images[0]).toMatch(new RegExp(`^${s3Endpoint}/${S3_BUCKET}/hostels/`));
      const photo = await fetch(images[0]!);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
    }
    // Nothing on the processes' disk: a photo is where every process (and a CDN) can reach it.
    expect(await uploadedFiles(serverOptions.dataDir)).toEqual([]);
  });

  it('Redis stopped under load: no 5xx, one warning per process; limits and cache shared again after', async () => {
    const token = await adminToken();
    const room = seed.burstRooms[16]!;
    const reader = students[53]!;
    const answers: Answer[] = [];
    let stopped = false;
    const readPaths = readPathsOf(room);
    const load = Promise.all(
      Array.from({ length: 6 }, async (_, w) => {
        for (let n = 0; !stopped; n++) {
          const res =
            w === 0 && n % 4 === 0
              ? await wrongLogin(`load-${n}@cluster.studynest.test`, `10.55.${n >> 8}.${(n & 255) + 1}`)
              : w === 1
                ? await getOn(servers[n % 3]!, `/api/user/${reader.id}`, reader.token)
                : await request(proxy.base, 'GET', readPaths[n % readPaths.length]!);
          answers.push(res);
          await sleep(10);
        }
      }),
    );
    await sleep(1_000);
    const logAt = servers.map((s) => s.log().length);
    await redis.stop();
    await sleep(2_000);
    // Health says so, without failing the process: a balancer must not drain it for Redis.
    const away = await getOn(servers[1]!, '/api/health');
    expect(away.status).toBe(200);
    expect(json<{ status: string; engines: { shared?: unknown } }>(away)).toMatchObject({
      status: 'degraded',
      engines: { shared: { engine: 'redis', ok: false } },
    });
    // While Redis is away nothing is cached: a change through one process is still read by the others.
    await priceChangeSeenEverywhere(token, room, 613_000);
    await sleep(8_000);
    await redis.start();
    await untilShared(servers, logAt);
    await sleep(1_000);
    stopped = true;
    await load;

    const failed = answers.filter((a) => a.error !== null || (a.status ?? 0) >= 500);
    expect(failed.map((a) => a.error ?? a.status)).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
    for (const s of servers) {
      const warnings = s
        .log()
        .split('\n')
        .filter((l) => l.includes('Redis is unreachable'));
      expect(warnings).toHaveLength(1);
    }

    const back = json<{ status: string; engines: { shared?: unknown } }>(
      await getOn(servers[1]!, '/api/health'),
    );
    expect(back).toMatchObject({ status: 'ok', engines: { shared: { engine: 'redis', ok: true } } });

    // Shared again: invalidation through Redis, and counters in Redis (a fresh account and address).
    await priceChangeSeenEverywhere(token, room, 614_000);
    const s = students[54]!;
    const wrong: Answer[] = [];
    for (let i = 0; i < 10; i++) wrong.push(await wrongLogin(s.email, '10.66.0.3'));
    expect(wrong.map((a) => a.status)).toEqual(Array(10).fill(401));
    expect((await wrongLogin(s.email, '10.66.0.3', seed.password)).status).toBe(429);
  });

  it('SIGKILL one process under load: nothing sent to the others fails, nothing paid is lost, it rejoins', async () => {
    const payers = students.slice(60, 100);
    const readPaths = readPathsOf(seed.burstRooms[17]!);
    const answers: (Answer & { path: string })[] = [];
    const paid = new Map<string, Student>();
    let stopped = false;
    let busy = 0;
    // A client's view: a 503 busy answer (Retry-After) is tried again, as it asks; the final answer counts.
    const call = async (method: string, urlPath: string, opts: Parameters<typeof request>[3] = {}) => {
      const res = await retryBusy(async () => {
        const attempt = await request(proxy.base, method, urlPath, opts);
        if (attempt.status === 503 && attempt.headers['retry-after']) busy++;
        return attempt;
      });
      answers.push({ ...res, path: `${method} ${urlPath}` });
      return res;
    };
    const readers = Array.from({ length: 6 }, async (_, w) => {
      for (let n = w; !stopped; n++) {
        await call('GET', readPaths[n % readPaths.length]!);
        await sleep(15);
      }
    });
    // Each payer books its own room, pays the agent fee and verifies, one starting every 100 ms.
    const writers = payers.map(async (s, i) => {
      await sleep(i * 100);
      const booked = await call('POST', '/api/bookings', {
        ...asStudent(s),
        body: {
          hostel_id: s.ownRoom.hostelId,
          room_id: s.ownRoom.id,
          inspection_date_time: inspectionTomorrow(),
        },
      });
      if (booked.status !== 201) return;
      const initiated = await call('POST', '/api/payments/agent-fee/initiate', {
        ...asStudent(s),
        body: {
          amount: s.ownRoom.agentFee,
          room_id: s.ownRoom.id,
          hostel_id: s.ownRoom.hostelId,
          booking_id: json<{ _id: string }>(booked)._id,
          callback_url: `${proxy.base}/payment-callback`,
        },
      });
      if (initiated.status !== 201) return;
      const reference = json<{ reference: string }>(initiated).reference;
      paystack.settle(reference, 'success');
      paid.set(reference, s);
      await call('POST', '/api/payments/verify', { ...asStudent(s), body: { reference } });
    });
    await sleep(1_500);
    await killHard(servers[0]!);
    await sleep(2_000);
    servers[0] = await startServer(serverOptions);
    const restartedAt = performance.now();
    await Promise.all(writers);
    await sleep(1_000);
    stopped = true;
    await Promise.all(readers);

    // Only what the proxy had handed to the killed process may have failed (a cut POST is not resent).
    const failed = answers.filter((a) => a.error !== null || (a.status ?? 0) >= 500);
    const onOthers = failed.filter((a) => a.headers['x-upstream'] !== '0');
    expect(onOthers.map((a) => `${a.path}: ${a.status ?? a.error} via ${a.headers['x-upstream']}`)).toEqual(
      [],
    );
    expect(answers.length).toBeGreaterThan(200);
    if (busy) console.info(`kill under load: ${busy} busy answers (503, Retry-After) were tried again`);
    // The restarted process takes its share again.
    const rejoined = answers.filter((a) => a.startedAt > restartedAt && a.headers['x-upstream'] === '0');
    expect(rejoined.length).toBeGreaterThan(0);
    expect(rejoined.every((a) => a.status !== null && a.status < 500)).toBe(true);

    // Nothing paid is lost: each payer reloading the receipt page finds the payment applied.
    expect(paid.size).toBeGreaterThan(30);
    for (const [reference, s] of paid) {
      const again = await retryBusy(() =>
        request(proxy.base, 'POST', '/api/payments/verify', { ...asStudent(s), body: { reference } }),
      );
      expect(json<{ status: string }>(again).status, reference).toBe('success');
    }
    expect(await findViolations(sql, { confirmed: [...paid.keys()], settled: false })).toEqual([]);
    // And it is back in shared mode: a change through it is answered by the others at once.
    await priceChangeSeenEverywhere(await adminToken(), seed.burstRooms[17]!, 615_000);
  });

  it("pg-boss's schedule runs once per minute, whichever of the three processes holds it", async () => {
    // pg-boss turns each minute's tick into one "send-it" job (unique per database minute), and whichever
    // process takes that job inserts the scheduled job. The inserted job's own created_on lags the tick
    // by up to the worker's polling interval, so two ticks can land in one clock minute on a slow
    // machine; the tick is what must be unique, and each tick must yield exactly one job.
    const ticks = () =>
      sql.query<{ minute: string; sends: number; completed: number }>(
        `select singleton_on::text as minute, count(*)::int as sends,
                count(*) filter (where state = 'completed')::int as completed
           from pgboss.job
          where name = '__pgboss__send-it' and singleton_key = 'bookings.release-expired-holds'
          group by 1 order by 1`,
      );
    const deadline = Date.now() + 150_000;
    const done = async () => (await ticks()).filter((t) => t.completed > 0).length;
    while ((await done()) < 2 && Date.now() < deadline) await sleep(2_000);
    const minutes = await ticks();
    expect(minutes.filter((t) => t.completed > 0).length).toBeGreaterThanOrEqual(2);
    for (const m of minutes) expect(m.sends, `${m.minute}: one tick per minute`).toBe(1);

    // Each completed tick inserted exactly one job, not one per process.
    const [counted] = await sql.query<{ ticks: number; jobs: number }>(
      `with sent as (
         select count(*)::int as ticks, max(completed_on) as last
           from pgboss.job
          where name = '__pgboss__send-it' and singleton_key = 'bookings.release-expired-holds'
            and state = 'completed')
       select sent.ticks,
              (select count(*)::int from pgboss.job
                where name = 'bookings.release-expired-holds' and created_on <= sent.last) as jobs
         from sent`,
    );
    expect(counted!.jobs, `${counted!.ticks} ticks`).toBe(counted!.ticks);
  });
});
