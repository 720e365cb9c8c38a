import http from 'node:http';
import { lagosDateOf } from '@studynest/contracts';
import { type Answer, type RequestOptions, request, sleep } from './http.ts';
import type { Room, Seed } from './seed.ts';

export type Student = { id: string; email: string; token: string; ip: string; ownRoom: Room };

/** Rate limits stay on (production): each student logs in from an address of its own (TRUST_PROXY=127.0.0.1). */
export async function loginAll(base: string, seed: Seed): Promise<Student[]> {
  const out: Student[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < seed.students.length) {
        const i = next++;
        const s = seed.students[i]!;
        const ip = `10.88.${i >> 8}.${(i & 255) + 1}`;
        const res = await request(base, 'POST', '/api/auth/login', {
          body: { email: s.email, password: seed.password },
          headers: { 'x-forwarded-for': ip },
        });
        const token = (res.json as { token?: string } | undefined)?.token;
        if (res.status !== 200 || !token) throw new Error(`login ${s.email} → ${res.status} ${res.text}`);
        out[i] = { ...s, token, ip, ownRoom: seed.ownRooms[i]! };
      }
    }),
  );
  return out;
}

/**
 * A student may hold at most two rooms at once (ADR 0010), and a flow cut off by a fault leaves its
 * hold to run out over 30 minutes, so the load's students soon hold theirs. Steps that must book
 * (bookings in flight at SIGTERM, the row-lock check) use students the load never used.
 */
const CALM_STUDENTS = 10;
export const splitStudents = (all: Student[]) => ({
  busy: all.slice(0, -CALM_STUDENTS),
  calm: all.slice(-CALM_STUDENTS),
});

export const inspectionTomorrow = () => `${lagosDateOf(new Date(Date.now() + 86_400_000))}_10:00am - 10:30am`;

export type Step =
  | 'booking'
  | 'agent-fee initiate'
  | 'rent initiate'
  | 'sandbox pay'
  | 'verify'
  | 'health'
  | 'read';

export type Sample = Answer & { step: Step; endedAt: number };
export type Payment = { reference: string; kind: 'agent_fee' | 'rent'; student: Student };

type PaymentJson = { status?: string; needs_refund?: boolean };

/**
 * Students booking rooms and paying through the sandbox checkout, as fast as the server answers:
 * book → start the agent fee → Pay → verify twice at once (the callback and a reload) → for half
 * of them the same for the rent. Rooms are picked at random from a shared list, so students also
 * collide on rooms (409s) and the one-holder rule is exercised, not just assumed.
 */
export class WriteLoad {
  readonly samples: Sample[] = [];
  readonly payments = new Map<string, Payment>();
  /** References a verify answered `success` for while `confirming` was still on. */
  readonly confirmed = new Map<string, Payment>();
  inFlight = 0;
  /** Switched off just before a kill: an answer handled afterwards no longer counts as seen. */
  confirming = true;
  private stopped = false;
  private readonly rooms: Room[];
  private readonly agent = new http.Agent({ keepAlive: true });
  private readonly workers: Promise<void>[];

  constructor(
    private readonly base: () => string,
    students: Student[],
    rooms: Room[],
    opts: { readers?: number } = {},
  ) {
    this.rooms = [...rooms];
    this.workers = [
      ...students.map((s) => this.writer(s)),
      ...Array.from({ length: opts.readers ?? 0 }, (_, i) => this.reader(students[i % students.length]!)),
    ];
  }

  async call(step: Step, method: string, urlPath: string, opts: RequestOptions = {}): Promise<Answer> {
    this.inFlight++;
    const res = await request(this.base(), method, urlPath, { agent: this.agent, ...opts });
    this.inFlight--;
    this.samples.push({ ...res, step, endedAt: performance.now() });
    return res;
  }

  confirmedOf(kind: Payment['kind']) {
    let n = 0;
    for (const p of this.confirmed.values()) if (p.kind === kind) n++;
    return n;
  }

  /** Stop starting flows; resolves when every worker has finished its current request. */
  async stop() {
    this.stopped = true;
    await Promise.all(this.workers);
    this.agent.destroy();
  }

  private async pause(res: Answer) {
    // A refused connection (server gone) ends nothing by itself; the test decides when to stop.
    await sleep(res.error ? 100 : 20);
  }

  private async writer(s: Student) {
    await sleep(Math.random() * 50);
    while (!this.stopped && this.rooms.length) {
      const room = this.rooms[Math.floor(Math.random() * this.rooms.length)]!;
      const booking = await this.call('booking', 'POST', '/api/bookings', {
        token: s.token,
        body: { hostel_id: room.hostelId, room_id: room.id, inspection_date_time: inspectionTomorrow() },
      });
      if (booking.status === 409) {
        this.drop(room);
        continue;
      }
      if (booking.status !== 201) {
        await this.pause(booking);
        continue;
      }
      const bookingId = (booking.json as { _id: string })._id;
      const agentFee = await this.pay(s, 'agent_fee', room, bookingId);
      if (agentFee === 'success') {
        this.drop(room);
        if (Math.random() < 0.5) await this.pay(s, 'rent', room, bookingId);
      }
    }
  }

  private drop(room: Room) {
    const i = this.rooms.indexOf(room);
    if (i !== -1) this.rooms.splice(i, 1);
  }

  /** Initiate, press Pay on the sandbox checkout, verify twice concurrently. */
  private async pay(s: Student, kind: Payment['kind'], room: Room, bookingId: string) {
    if (this.stopped) return undefined;
    const initiated = await this.call(
      kind === 'agent_fee' ? 'agent-fee initiate' : 'rent initiate',
      'POST',
      kind === 'agent_fee' ? '/api/payments/agent-fee/initiate' : '/api/payments/room-price/initiate',
      {
        token: s.token,
        body: {
          amount: kind === 'agent_fee' ? room.agentFee : room.price,
          room_id: room.id,
          hostel_id: room.hostelId,
          booking_id: bookingId,
          callback_url: `${this.base()}/payment-callback`,
        },
      },
    );
    if (initiated.status !== 201) return undefined;
    const reference = (initiated.json as { reference: string }).reference;
    const payment: Payment = { reference, kind, student: s };
    this.payments.set(reference, payment);
    const paid = await this.call('sandbox pay', 'POST', `/sandbox/checkout/${reference}/pay`, {
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (paid.status !== 303) return undefined;
    const verifies = await Promise.all(
      [0, 1].map(() =>
        this.call('verify', 'GET', `/api/payments/verify?reference=${reference}`, { token: s.token }),
      ),
    );
    let outcome: string | undefined;
    for (const v of verifies) {
      const json = v.json as PaymentJson | undefined;
      if (v.status === 200 && json?.status === 'success') {
        // Recorded here, synchronously with the answer: the kill cannot come in between.
        if (this.confirming) this.confirmed.set(reference, payment);
        outcome = json.needs_refund ? 'refund' : 'success';
      }
    }
    return outcome;
  }

  /** Reads that need the database (health) and ones the read cache may answer (profile). */
  private async reader(s: Student) {
    while (!this.stopped) {
      const res =
        Math.random() < 0.5
          ? await this.call('health', 'GET', '/api/health')
          : await this.call('read', 'GET', `/api/user/${s.id}`, { token: s.token });
      await sleep(res.error ? 100 : 10);
    }
  }
}

/** Wait until `ready()` or fail after `timeoutMs`. */
export async function until(ready: () => boolean, timeoutMs: number, what: string) {
  const deadline = performance.now() + timeoutMs;
  while (!ready()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

/**
 * Verify every payment that was started, as its payer would by reloading the receipt page: one
 * whose Pay was recorded but not yet applied when something failed is completed now, once.
 */
export async function reverifyAll(base: string, payments: Iterable<Payment>) {
  const list = [...payments];
  const answers: { payment: Payment; res: Answer }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < list.length) {
        const payment = list[next++]!;
        const res = await request(base, 'GET', `/api/payments/verify?reference=${payment.reference}`, {
          token: payment.student.token,
        });
        answers.push({ payment, res });
      }
    }),
  );
  return answers;
}
