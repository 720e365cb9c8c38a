import { expect } from 'vitest';
import { type Answer, request } from './http.ts';
import { inspectionTomorrow, type Payment, type Student } from './load.ts';
import type { Server } from './server-process.ts';

export type DrainResult = {
  answers: (Answer & { endedAt: number })[];
  /** Milliseconds from SIGTERM to the process's exit. */
  exitMs: number;
  exit: { code: number | null; signal: NodeJS.Signals | null };
  /** 2xx answers that arrived after SIGTERM: requests the server finished while shutting down. */
  drained: number;
};

/**
 * `count` requests — bookings (writes), payment verifications, health checks, profiles — each on
 * its own connection; SIGTERM goes out once every one of them has been handed to the socket, so
 * all are in flight: being handled, queued for the database, or not yet read by the server.
 */
export async function sigtermWithRequestsInFlight(
  server: Server,
  students: Student[],
  confirmed: Payment[],
  count: number,
): Promise<DrainResult> {
  let sent = 0;
  let allSent!: () => void;
  const everyoneSent = new Promise<void>((r) => {
    allSent = r;
  });
  const answers = Array.from({ length: count }, async (_, i) => {
    // Counted once, when written or, failing that, when settled: a refused connection never writes.
    let counted = false;
    const onSent = () => {
      if (counted) return;
      counted = true;
      if (++sent === count) allSent();
    };
    const s = students[i % students.length]!;
    const p = confirmed.length ? confirmed[i % confirmed.length]! : undefined;
    const common = { agent: false as const, onSent, timeoutMs: 20_000 };
    let res: Answer;
    switch (i % 4) {
      case 0:
        res = await request(server.base, 'POST', '/api/bookings', {
          ...common,
          token: s.token,
          body: {
            hostel_id: s.ownRoom.hostelId,
            room_id: s.ownRoom.id,
            inspection_date_time: inspectionTomorrow(),
          },
        });
        break;
      case 1:
        res = p
          ? await request(server.base, 'GET', `/api/payments/verify?reference=${p.reference}`, {
              ...common,
              token: p.student.token,
            })
          : await request(server.base, 'GET', '/api/health', common);
        break;
      case 2:
        res = await request(server.base, 'GET', '/api/health', common);
        break;
      default:
        res = await request(server.base, 'GET', `/api/user/${s.id}`, { ...common, token: s.token });
    }
    onSent();
    return { ...res, endedAt: performance.now() };
  });
  await everyoneSent;
  const sigtermAt = performance.now();
  server.child.kill('SIGTERM');
  // Past 15 s the assertion on exitMs fails anyway; do not leave the process behind.
  const guard = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  const settled = await Promise.all(answers);
  const exit = await server.exited;
  clearTimeout(guard);
  return {
    answers: settled,
    exitMs: exit.at - sigtermAt,
    exit: { code: exit.code, signal: exit.signal },
    drained: settled.filter((a) => a.status !== null && a.status < 300 && a.endedAt > sigtermAt).length,
  };
}

/** status → count, network errors under their code: what a failure message should show. */
export function tally(answers: { status: number | null; error: string | null }[]) {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = a.error ?? String(a.status);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** SIGTERM with `inFlight` requests under way, then the bar: only 2xx or 503, no resets, exit 0 within 10 s. */
export async function expectCleanSigterm(
  label: string,
  server: Server,
  students: Student[],
  confirmed: Payment[],
  inFlight: number,
): Promise<void> {
  const r = await sigtermWithRequestsInFlight(server, students, confirmed, inFlight);
  console.log(
    `${label} SIGTERM: exit ${r.exit.code ?? r.exit.signal} after ${Math.round(r.exitMs)} ms; ` +
      `answers ${JSON.stringify(tally(r.answers))}, ${r.drained} of them 2xx after SIGTERM`,
  );
  const bad = r.answers.filter((a) => a.error !== null || !(a.status! < 300 || a.status === 503));
  expect(tally(bad)).toEqual({});
  expect(r.drained).toBeGreaterThan(0);
  expect(r.exit).toEqual({ code: 0, signal: null });
  expect(r.exitMs).toBeLessThan(10_000);
}
