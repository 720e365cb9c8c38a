import { addDays, addMonths, daysBetween, splitRent, todayInLagos } from '@studynest/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkLedger, type Violation } from '../src/ledger/invariants.ts';
import { bookings } from '../src/modules/bookings/bookings.schema.ts';
import {
  book,
  initiate,
  lagosDatePlusDays,
  payAtCheckout,
  receiptUrl,
  type Student,
  verify,
} from '../src/modules/payments/payments.fixtures.ts';
import { payments } from '../src/modules/payments/payments.schema.ts';
import { refunds } from '../src/modules/refunds/refunds.schema.ts';
import { rooms } from '../src/modules/rooms/rooms.schema.ts';
import { paidUpToSql } from '../src/modules/tenancies/rent-parts.ts';
import { rentParts, tenancies } from '../src/modules/tenancies/tenancies.schema.ts';
import { bankTransfers } from '../src/modules/transfers/transfers.schema.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { eventually } from './eventually.ts';
import { insertHostel, insertRoom, signedInUser } from './factories.ts';
import { type FakePaystack, paystackPayments, startFakePaystack } from './fake-paystack.ts';

/**
 * The whole lifecycle as a model-based test (fast-check commands): random sequences of real API
 * calls by three students and an admin over two rooms of one hostel — bookings and their holds,
 * agent fees, rent, caution deposits (paid, abandoned, paid late, answered twice), cancellations,
 * notice, move-outs with and without deductions, refunds and closing with the rest kept — each
 * answer checked against what the rules (docs/domain.md) allow, and after EVERY step the ledger
 * invariants (src/ledger) checked on the whole database. The model is the database as the rules see it, read back after each step;
 * what the rules say the next answer must be is worked out from it before the call.
 *
 *   LIFECYCLE_SEED=7 LIFECYCLE_RUNS=200 npx vitest run test/lifecycle-model.test.ts   explore more
 *   LIFECYCLE_SEED=… LIFECYCLE_PATH=… LIFECYCLE_REPLAY=…                              replay a failure
 *                                                                 (the failure message prints the line)
 */
const SEED = Number(process.env.LIFECYCLE_SEED ?? 42);
const RUNS = Number(process.env.LIFECYCLE_RUNS ?? 40);
const MAX_COMMANDS = Number(process.env.LIFECYCLE_COMMANDS ?? 40);
const REPLAY_PATH = process.env.LIFECYCLE_PATH;
/** Print every step as it runs. */
const VERBOSE = Boolean(process.env.LIFECYCLE_VERBOSE);
/** fast-check's replayPath of the failing commands (printed with them), to replay exactly. */
const REPLAY_COMMANDS = process.env.LIFECYCLE_REPLAY;
/** Once a sequence failed, how long shrinking may go on before the smallest failure so far is reported. */
const SHRINK_BUDGET_MS = Number(process.env.LIFECYCLE_SHRINK_MS ?? 30_000);

const ROOM_PRICES = { agentFee: 20_000, cautionFee: 50_000, price: 400_000 };
const STUDENTS = 3;
const ROOMS = 2;

// ---------------------------------------------------------------------------------------------
// The model: the world's rows, as the rules read them

type RoomS = { id: string; status: string; heldBy: string | null; heldUntil: Date | null };
type BookingS = typeof bookings.$inferSelect;
type TenancyS = typeof tenancies.$inferSelect;
type PaymentS = typeof payments.$inferSelect & {
  processed: number;
  pendingRefund: number;
  /** What an admin kept when closing it (keep the rest); 0 while open. */
  closedKept: number;
  settledBy: string | null;
  /** What the customer did at the provider: paid, gave up, or nothing yet. */
  atProvider: 'paid' | 'abandoned' | 'failed' | 'undecided';
};
type PartS = typeof rentParts.$inferSelect & { allocated: number };
type Model = {
  /** The world's students and rooms, by index (commands name them by index). */
  studentIds: string[];
  roomIds: string[];
  /** Whether the customer can still pay this one at the provider. */
  payable: (p: PaymentS) => boolean;
  rooms: RoomS[];
  bookings: BookingS[];
  payments: PaymentS[];
  tenancies: TenancyS[];
  /** Each tenancy's rent parts (docs/domain.md, "Rent plans"), with what standing payments put on each. */
  parts: PartS[];
  /** Each tenancy's paid-up-to day as the API reads it (its SQL), by tenancy id. */
  paidUpTo: Map<string, string>;
  /** Shrinking ran out of time: every command is skipped (see SHRINK_BUDGET_MS). */
  exhausted?: boolean;
};

type Link = { reference: string };

/** How the customer and the provider's answers reach us: the built-in sandbox, or Paystack. */
type Provider = {
  name: 'sandbox' | 'paystack';
  /** The customer pays and the browser comes back: the answer arrives at once. */
  pay(w: World, p: Link): Promise<void>;
  /** The customer leaves the checkout without paying. */
  abandon(w: World, p: Link): Promise<void>;
  /** The charge fails at the provider (the sandbox has no failure: its Cancel button stands in). */
  decline(w: World, p: Link): Promise<void>;
  /** The customer pays, and nobody tells our server yet (callback lost, webhook late). */
  payQuietly(w: World, p: Link): Promise<void>;
  /** The provider's answer arriving (late), once or twice at the same moment. */
  deliver(w: World, p: PaymentS, twice: boolean): Promise<void>;
  /** What the customer did at the provider, for the model. */
  decision(p: typeof payments.$inferSelect & { sandboxOutcome: string | null }): PaymentS['atProvider'];
  /** Whether the customer can still pay this one at the provider. */
  payable(p: PaymentS): boolean;
  /** The provider's answer to the refunds asked from now on (the sandbox always pays back). */
  refundsEndAs(outcome: 'processed' | 'failed'): void;
};

type World = {
  t: TestApp;
  admin: Student;
  provider: Provider;
  students: Student[];
  roomIds: string[];
  hostelId: string;
  /** Ledger violations already there when the world was made (left by an earlier failing sequence). */
  baseline: Set<string>;
  /** The steps this sequence ran, as they resolved (printed with a failure). */
  log: string[];
};

const now = () => Date.now();
const live = (until: Date | null | undefined) => Boolean(until && until.getTime() > now());

async function snapshot(w: World): Promise<Model> {
  const { db } = w.t;
  const roomRows = await db
    .select()
    .from(rooms)
    .where(inArray(rooms.id, w.roomIds))
    .orderBy(asc(rooms.createdAt));
  const bookingRows = await db
    .select()
    .from(bookings)
    .where(inArray(bookings.roomId, w.roomIds))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  const tenancyRows = await db
    .select()
    .from(tenancies)
    .where(inArray(tenancies.roomId, w.roomIds))
    .orderBy(asc(tenancies.createdAt), asc(tenancies.id));
  const partRows = await db
    .select({
      part: rentParts,
      allocated: sql<number>`(select coalesce(sum(a.amount), 0)::int from rent_part_payments a
        join payments ap on ap.id = a.payment_id
        where a.rent_part_id = rent_parts.id and ap.status = 'success' and not ap.needs_refund)`,
    })
    .from(rentParts)
    .innerJoin(tenancies, eq(tenancies.id, rentParts.tenancyId))
    .where(inArray(tenancies.roomId, w.roomIds))
    .orderBy(asc(rentParts.yearStart), asc(rentParts.number));
  const paidUpToRows = await db
    .select({ id: tenancies.id, day: paidUpToSql })
    .from(tenancies)
    .where(inArray(tenancies.roomId, w.roomIds));
  const paymentRows = await db
    .select({
      payment: payments,
      processed: sql<number>`(select coalesce(sum(r.amount), 0)::int from refunds r where r.payment_id = payments.id and r.status = 'processed')`,
      pendingRefund: sql<number>`(select coalesce(sum(r.amount), 0)::int from refunds r where r.payment_id = payments.id and r.status in ('pending', 'unknown'))`,
      closedKept: sql<number>`(select coalesce(sum(c.kept_amount), 0)::int from refund_closures c where c.payment_id = payments.id)`,
      sandboxOutcome: sql<
        string | null
      >`(select c.outcome from sandbox_checkouts c where c.reference = payments.reference)`,
      settledBy: sql<string | null>`(select s.id from tenancies s where s.deposit_payment_id = payments.id)`,
    })
    .from(payments)
    .where(inArray(payments.roomId, w.roomIds))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return {
    studentIds: w.students.map((s) => s.user.id),
    roomIds: w.roomIds,
    payable: w.provider.payable,
    rooms: w.roomIds.map((id) => {
      const r = roomRows.find((x) => x.id === id)!;
      return { id, status: r.status, heldBy: r.heldByUserId, heldUntil: r.heldUntil };
    }),
    bookings: bookingRows,
    tenancies: tenancyRows,
    parts: partRows.map((r) => ({ ...r.part, allocated: Number(r.allocated) })),
    paidUpTo: new Map(paidUpToRows.map((r) => [r.id, String(r.day)])),
    payments: paymentRows.map((r) => ({
      ...r.payment,
      processed: Number(r.processed),
      pendingRefund: Number(r.pendingRefund),
      closedKept: Number(r.closedKept),
      settledBy: r.settledBy,
      atProvider: w.provider.decision({ ...r.payment, sandboxOutcome: r.sandboxOutcome }),
    })),
  };
}

// The rules, over the model (docs/domain.md, "Lifecycles"; the same reading as
// modules/tenancies/tenancy-rules.ts).

const roomOf = (m: Model, id: string) => m.rooms.find((r) => r.id === id)!;
const runningOf = (m: Model, roomId: string) => m.tenancies.find((t) => t.roomId === roomId && !t.endedAt);
const standingFee = (p: PaymentS) => p.kind === 'agent_fee' && p.status === 'success' && !p.needsRefund;
/** A fee a tenancy began with: used, and spent once that tenancy has ended. */
const usedBy = (m: Model, p: PaymentS) => m.tenancies.find((t) => t.agentFeePaymentId === p.id);
const spent = (m: Model, p: PaymentS) => Boolean(usedBy(m, p)?.endedAt);
/** Renewal is open from 60 days before the due date (BUSINESS.renewalWindowDays). */
const renewalOpen = (t: { dueDate: string }) => daysBetween(todayInLagos(), t.dueDate) <= 60;
/** A tenancy's latest year's parts, oldest first (only it can have parts unpaid). */
function yearParts(m: Model, tenancyId: string): PartS[] {
  const mine = m.parts.filter((p) => p.tenancyId === tenancyId);
  const latest = mine.reduce((max, p) => (p.yearStart > max ? p.yearStart : max), '');
  return mine.filter((p) => p.yearStart === latest).sort((a, b) => a.number - b.number);
}
/** What is left to pay of a tenancy's running year (0 when it is paid, or was paid before plans). */
const leftOfYear = (m: Model, tenancyId: string) =>
  yearParts(m, tenancyId).reduce((sum, p) => sum + p.amount - p.paid, 0);
const nextPart = (m: Model, tenancyId: string) => yearParts(m, tenancyId).find((p) => p.paid < p.amount);
/** The room's plan besides the full year: room 1 offers two parts. */
const roomPlan = (m: Model, roomId: string) => (m.roomIds.indexOf(roomId) === 1 ? 'two_parts' : 'full');
/** Who the room is booked for: the payer of its latest standing agent fee, unless that fee is spent. */
function bookedBy(m: Model, roomId: string): string | null {
  const [latest] = m.payments
    .filter((p) => p.roomId === roomId && standingFee(p))
    .sort(
      (a, b) => b.paidAt!.getTime() - a.paidAt!.getTime() || b.createdAt.getTime() - a.createdAt.getTime(),
    );
  return latest && !spent(m, latest) ? latest.userId : null;
}
const unsettledDeposits = (m: Model, userId: string, roomId: string) =>
  m.payments
    .filter(
      (p) =>
        p.userId === userId &&
        p.roomId === roomId &&
        p.kind === 'caution_fee' &&
        p.status === 'success' &&
        !p.needsRefund &&
        !p.settledBy,
    )
    .sort((a, b) => b.paidAt!.getTime() - a.paidAt!.getTime());
/** A deposit the company still holds some of: unsettled, and not all of it refunded or being refunded. */
const depositHeld = (m: Model, userId: string, roomId: string, except?: string) =>
  unsettledDeposits(m, userId, roomId).some(
    (p) => p.id !== except && p.amount > p.processed + p.pendingRefund,
  );
const effectiveStatus = (b: BookingS) =>
  b.status === 'pending' && b.holdExpiresAt.getTime() <= now() ? 'expired' : b.status;
const heldByOther = (room: RoomS, userId: string) =>
  room.status === 'available' && room.heldBy !== null && room.heldBy !== userId && live(room.heldUntil);

type Kind = 'agent_fee' | 'rent' | 'caution_fee';

/** What applying a success must do, worked out before it is applied. `undefined` fields: either is allowed. */
type Prediction = {
  needsRefund?: boolean;
  reason?: string | null;
  roomStatus?: string;
  tenancy?: 'new' | 'renewed' | 'part';
};

function predictSuccess(m: Model, p: PaymentS): Prediction {
  const room = roomOf(m, p.roomId);
  const running = runningOf(m, p.roomId);
  if (p.kind === 'agent_fee') {
    const booking = m.bookings.find((b) => b.id === p.bookingId)!;
    if (booking.status === 'cancelled') return { needsRefund: true, reason: 'inspection_cancelled' };
    if (booking.status === 'confirmed' || booking.status === 'inspected')
      return { needsRefund: true, reason: 'duplicate' };
    const free =
      room.status === 'available' && (room.heldBy === p.userId || !room.heldUntil || !live(room.heldUntil));
    return free
      ? { needsRefund: false, reason: null, roomStatus: 'booked' }
      : { needsRefund: true, reason: 'room_taken', roomStatus: room.status };
  }
  if (p.kind === 'rent') {
    if (running && running.userId !== p.userId) return { needsRefund: true, reason: 'room_taken' };
    if (p.rentPlan === null) {
      // A payment towards a year on a plan: put on its parts, or owed back whole when it is more
      // than is left (a race of two checkouts), or the year is no longer running.
      if (!running) return { needsRefund: true, reason: 'room_taken' };
      return p.amount <= leftOfYear(m, running.id)
        ? { needsRefund: false, reason: null, tenancy: 'part' }
        : { needsRefund: true, reason: 'duplicate' };
    }
    if (running) {
      // A renewal paid while renewal is open, and this year's parts are all paid, renews (and takes
      // a notice back); another for the same year is a duplicate.
      return renewalOpen(running) && leftOfYear(m, running.id) === 0
        ? { needsRefund: false, reason: null, tenancy: 'renewed' }
        : { needsRefund: true, reason: 'duplicate' };
    }
    const ok =
      (room.status === 'available' || room.status === 'booked') &&
      bookedBy(m, p.roomId) === p.userId &&
      (room.status === 'booked' || !room.heldUntil || !live(room.heldUntil) || room.heldBy === p.userId);
    return ok
      ? { needsRefund: false, reason: null, roomStatus: 'rented', tenancy: 'new' }
      : { needsRefund: true, reason: 'room_taken', roomStatus: room.status };
  }
  const entitled = running ? running.userId === p.userId : bookedBy(m, p.roomId) === p.userId;
  if (!entitled) {
    // Owed back because the payer called off their inspection (their latest fee says so), or the room went.
    const [latestFee] = m.payments
      .filter(
        (f) =>
          f.userId === p.userId && f.roomId === p.roomId && f.kind === 'agent_fee' && f.status === 'success',
      )
      .sort((a, b) => b.paidAt!.getTime() - a.paidAt!.getTime());
    return {
      needsRefund: true,
      reason: latestFee?.refundReason === 'inspection_cancelled' ? 'inspection_cancelled' : 'room_taken',
    };
  }
  if (depositHeld(m, p.userId, p.roomId, p.id)) return { needsRefund: true, reason: 'duplicate' };
  return { needsRefund: false, reason: null };
}

/** A payment's status after the provider's answer reaches us (`decision`: what the customer did). */
function statusAfterAnswer(p: PaymentS, provider: Provider['name']): string {
  const open = p.status === 'pending' || p.status === 'abandoned';
  if (!open) return p.status;
  if (p.atProvider === 'paid') return 'success';
  if (p.atProvider === 'failed') return 'failed';
  // Paystack calls a checkout nobody finished "abandoned"; the sandbox says nothing until Pay or Cancel.
  if (p.atProvider === 'abandoned' || provider === 'paystack') return 'abandoned';
  return p.status;
}

function check(cond: boolean, message: () => string): void {
  if (!cond) throw new Error(message());
}

type Res = { statusCode: number; body: string; json: () => unknown };
const idOf = (res: Res) => (res.json() as { _id: string })._id;

function answered(res: Res, allowed: number[], what: string): void {
  check(
    allowed.includes(res.statusCode),
    () =>
      `${what}: answered ${res.statusCode} ${res.body.slice(0, 400)}; the rules allow ${allowed.join(' or ')}`,
  );
}

/** After an answer is applied: the payment, its room and its tenancy are as the rules said. */
function checkApplied(before: Model, after: Model, reference: string, prediction: Prediction, what: string) {
  const was = before.payments.find((p) => p.reference === reference)!;
  const p = after.payments.find((x) => x.reference === reference)!;
  const show = () =>
    `${what}: ${JSON.stringify({ prediction, status: p.status, needsRefund: p.needsRefund, reason: p.refundReason, room: roomOf(after, p.roomId).status })}`;
  check(p.status === 'success', () => `${show()}: not a success`);
  if (prediction.needsRefund !== undefined) check(p.needsRefund === prediction.needsRefund, show);
  if (prediction.reason !== undefined) check(p.refundReason === prediction.reason, show);
  if (prediction.roomStatus) check(roomOf(after, p.roomId).status === prediction.roomStatus, show);
  const runningBefore = runningOf(before, p.roomId);
  const runningAfter = runningOf(after, p.roomId);
  if (p.status === 'success' && was.status !== 'success')
    saw(`${p.kind} paid${p.needsRefund ? ' (owed back)' : ''}`);
  if (prediction.tenancy === 'new') {
    saw('tenancy started');
    check(
      !runningBefore &&
        runningAfter?.userId === p.userId &&
        runningAfter.dueDate === addMonths(runningAfter.startDate, 12),
      () => `${show()}: no new tenancy of a year`,
    );
  } else if (prediction.tenancy === 'renewed') {
    saw('rent renewed');
    check(
      runningAfter?.id === runningBefore?.id &&
        runningAfter?.dueDate === addMonths(runningBefore!.dueDate, 12),
      () => `${show()}: the due date did not move a year on`,
    );
  } else if (prediction.tenancy === 'part' && was.status !== 'success') {
    saw('rent part paid');
    check(
      runningAfter?.id === runningBefore?.id &&
        runningAfter?.dueDate === runningBefore?.dueDate &&
        leftOfYear(before, runningBefore!.id) - leftOfYear(after, runningBefore!.id) === p.amount,
      () => `${show()}: the part payment did not go on the year's parts`,
    );
  } else if (runningBefore && (was.status === 'success' || p.kind !== 'rent')) {
    // An agent fee or deposit never touches the tenancy; an answer applied before is not applied again.
    check(runningAfter?.dueDate === runningBefore.dueDate, () => `${show()}: the tenancy changed`);
  }
  if (p.kind === 'agent_fee' && prediction.needsRefund === false) {
    const booking = after.bookings.find((b) => b.id === p.bookingId);
    check(booking?.status === 'confirmed', () => `${show()}: its booking is ${booking?.status}`);
  }
  if (was.status === 'success') {
    check(
      p.needsRefund === was.needsRefund && p.receiptNumber === was.receiptNumber,
      () => `${show()}: applied again`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Commands

let sequences = 0;
let steps = 0;
/** What the runs reached (tenancies started, move-outs, …): printed at the end, to show the depth explored. */
const seen = new Map<string, number>();
const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
let failedAt: number | undefined;

abstract class Step implements fc.AsyncCommand<Model, World> {
  abstract toString(): string;
  abstract applies(m: Model): boolean;
  abstract act(m: Model, w: World): Promise<void>;

  check(m: Readonly<Model>): boolean {
    return !m.exhausted && this.applies(m as Model);
  }

  /** What this step does in this state (a `Next` says which step it became). */
  describe(_m: Model, _w: World): string {
    return this.toString();
  }

  async run(m: Model, w: World): Promise<void> {
    steps++;
    const what = this.describe(m, w);
    w.log.push(what);
    if (VERBOSE) console.log(`  step ${what}`);
    try {
      const t0 = now();
      await this.act(m, w);
      const t1 = now();
      Object.assign(m, await snapshot(w));
      moneyAddsUp(m, what);
      plansAddUp(m, what);
      await ledgerHolds(w, what);
      if (VERBOSE) console.log(`    ${t1 - t0} ms, then ${now() - t1} ms to check`);
    } catch (err) {
      failedAt ??= now();
      const message = err instanceof Error ? err.message : String(err);
      throw new Error(
        `${message}\n\nThe sequence, as it ran:\n${w.log.map((s, i) => `  ${i + 1}. ${s}`).join('\n')}`,
      );
    }
  }
}

/**
 * Every payment's money, as the model reads it (docs/domain.md, "Refunds"): never more refunded
 * than paid; what was refunded (or is on its way) and what was kept — by a move-out or by closing
 * it — at most what was paid; and a closed payment owes nothing more: nothing on its way back, and
 * refunded plus kept is all of it.
 */
function moneyAddsUp(m: Model, after: string): void {
  for (const p of m.payments.filter((x) => x.status === 'success')) {
    const show = () =>
      `after ${after}: ${p.kind} ${p.reference} of ${p.amount} has ${p.processed} refunded, ${p.pendingRefund} on its way, ${p.keptAmount} kept at move-out, ${p.closedKept} kept at closing`;
    check(p.processed + p.pendingRefund <= p.amount, show);
    check(p.processed + p.pendingRefund + p.keptAmount + p.closedKept <= p.amount, show);
    if (p.closedKept > 0) {
      check(p.needsRefund && p.pendingRefund === 0, show);
      check(p.processed + p.keptAmount + p.closedKept === p.amount, show);
    }
  }
}

/**
 * Rent in parts (docs/domain.md, "Rent plans"), after every step: a tenancy-year's parts never
 * take more than its rent and are paid exactly what standing rent payments put on them; the
 * paid-up-to day the API reads is the first unpaid part's due date, or the year's end; at most one
 * running tenancy per room.
 */
function plansAddUp(m: Model, after: string): void {
  for (const t of m.tenancies) {
    const years = new Map<string, PartS[]>();
    for (const p of m.parts.filter((x) => x.tenancyId === t.id))
      years.set(p.yearStart, [...(years.get(p.yearStart) ?? []), p]);
    for (const [start, parts] of years) {
      const show = () =>
        `after ${after}: tenancy ${t.id} year ${start}: ${JSON.stringify(parts.map((p) => [p.number, p.amount, p.paid, p.allocated]))}`;
      check(parts.reduce((sum, p) => sum + p.paid, 0) <= ROOM_PRICES.price, show);
      check(parts.reduce((sum, p) => sum + p.amount, 0) === ROOM_PRICES.price, show);
      check(
        parts.every((p) => p.paid >= 0 && p.paid <= p.amount && p.paid === p.allocated),
        show,
      );
    }
    // The latest year ends on the due date (a renewal's year starts on the old one).
    const latest = [...years.keys()].sort().at(-1);
    check(
      latest === undefined || [365, 366].includes(daysBetween(latest, t.dueDate)),
      () => `after ${after}: tenancy ${t.id} is due ${t.dueDate} but its latest year starts ${latest}`,
    );
    const expected = nextPart(m, t.id)?.dueOn ?? t.dueDate;
    check(
      m.paidUpTo.get(t.id) === expected,
      () =>
        `after ${after}: tenancy ${t.id} paid up to ${m.paidUpTo.get(t.id)}, expected ${expected}; its parts ${JSON.stringify(m.parts.filter((p) => p.tenancyId === t.id).map((p) => [p.yearStart, p.number, p.amount, p.paid, p.dueOn]))}, due ${t.dueDate}, ended ${t.endedAt}`,
    );
  }
  for (const roomId of m.roomIds) {
    check(
      m.tenancies.filter((t) => t.roomId === roomId && !t.endedAt).length <= 1,
      () => `after ${after}: two running tenancies of ${roomId}`,
    );
  }
}

const violationKeys = (vs: Violation[]) =>
  vs.flatMap((v) => v.examples.map((row) => `${v.name} ${JSON.stringify(row)}`));

async function ledgerHolds(w: World, after: string): Promise<void> {
  const found = await checkLedger(w.t.db, { examples: Number.MAX_SAFE_INTEGER });
  const fresh = found
    .map((v) => ({
      ...v,
      examples: v.examples.filter((row) => !w.baseline.has(`${v.name} ${JSON.stringify(row)}`)),
    }))
    .filter((v) => v.examples.length);
  if (!fresh.length) return;
  throw new Error(
    `ledger invariant violated after ${after}:\n${fresh
      .map(
        (v) =>
          `  ${v.name}: ${v.description}\n${v.examples.map((r) => `    ${JSON.stringify(r)}`).join('\n')}`,
      )
      .join('\n')}`,
  );
}

const studentOf = (w: World, s: number) => w.students[s % STUDENTS]!;
const roomIdOf = (w: World, r: number) => w.roomIds[r % ROOMS]!;
const bookingsOf = (m: Model, w: World, s: number) =>
  m.bookings.filter((b) => b.userId === studentOf(w, s).user.id);

/** The student's booking `b` (any of theirs, by index): needs the world, so picked at run time. */
function pickBooking(m: Model, w: World, s: number, b: number): BookingS | undefined {
  const mine = bookingsOf(m, w, s);
  return mine.length ? mine[b % mine.length] : undefined;
}

/** Book an inspection 7+ days ahead (so the cancellation window is open). */
class Book extends Step {
  constructor(
    readonly s: number,
    readonly r: number,
    readonly days: number,
  ) {
    super();
  }
  toString() {
    return `Book(s${this.s}, room${this.r}, in ${7 + this.days} days)`;
  }
  applies() {
    return true;
  }
  async act(m: Model, w: World) {
    const student = studentOf(w, this.s);
    const room = roomOf(m, roomIdOf(w, this.r));
    const res = await book(
      w.t,
      student,
      { id: room.id, hostelId: w.hostelId },
      lagosDatePlusDays(7 + this.days),
    );
    const refused = room.status !== 'available' || heldByOther(room, student.user.id);
    answered(res, [refused ? 409 : 201], this.toString());
    if (res.statusCode === 201) {
      // A repeated attempt while the student's hold is live reuses their booking.
      const livePending = m.bookings.find(
        (b) => b.userId === student.user.id && b.roomId === room.id && effectiveStatus(b) === 'pending',
      );
      if (livePending) check(idOf(res) === livePending.id, () => `${this} made a second live booking`);
    }
  }
}

/** Time passes: the room's holds (and its pending bookings' holds) run out. The clock, not a shortcut. */
class Lapse extends Step {
  constructor(readonly r: number) {
    super();
  }
  toString() {
    return `HoldsRunOut(room${this.r})`;
  }
  applies(m: Model) {
    const roomId = m.roomIds[this.r % ROOMS];
    return (
      live(m.rooms[this.r % ROOMS]?.heldUntil) ||
      m.bookings.some((b) => b.roomId === roomId && effectiveStatus(b) === 'pending')
    );
  }
  async act(_m: Model, w: World) {
    // An hour back: well past the 30-minute hold, as if the student had walked away.
    const roomId = roomIdOf(w, this.r);
    await w.t.db.execute(
      sql`update rooms set held_until = now() - interval '1 hour' where id = ${roomId} and held_until > now()`,
    );
    await w.t.db.execute(
      sql`update bookings set hold_expires_at = now() - interval '1 hour'
          where room_id = ${roomId} and status = 'pending' and hold_expires_at > now()`,
    );
  }
}

/**
 * The clock: a room's running tenancy is a month from its due date (it began 11 months ago), so
 * renewal is open (docs/domain.md, "Tenancy").
 */
class NearlyDue extends Step {
  constructor(readonly r: number) {
    super();
  }
  toString() {
    return `RentYearNearlyUp(room${this.r})`;
  }
  applies(m: Model) {
    return Boolean(runningOf(m, m.roomIds[this.r % ROOMS]!));
  }
  async act(m: Model, w: World) {
    const due = addDays(todayInLagos(), 30);
    const running = runningOf(m, roomIdOf(w, this.r))!;
    // Its parts move with it, so each stays where it falls in the year.
    if (running.startDate > addMonths(due, -12))
      await shiftTenancy(w, running.id, daysBetween(due, running.dueDate));
    saw('rent year nearly up');
  }
}

/**
 * The clock: a day passes the due date of the room's running year's next unpaid part, so it is
 * late (docs/domain.md, "Rent plans"): the tenancy and its parts move back together.
 */
class PartLate extends Step {
  constructor(readonly r: number) {
    super();
  }
  toString() {
    return `PartFallsLate(room${this.r})`;
  }
  applies(m: Model) {
    const running = runningOf(m, m.roomIds[this.r % ROOMS]!);
    const next = running && nextPart(m, running.id);
    return Boolean(next && next.dueOn >= todayInLagos());
  }
  async act(m: Model, w: World) {
    const running = runningOf(m, roomIdOf(w, this.r))!;
    const next = nextPart(m, running.id)!;
    const days = daysBetween(todayInLagos(), next.dueOn) + 1;
    await shiftTenancy(w, running.id, days);
    saw('rent part late');
  }
}

/** Move a tenancy and its parts `days` back in time (the clock, for one tenancy). */
async function shiftTenancy(w: World, tenancyId: string, days: number) {
  await w.t.db.execute(
    sql`update rent_parts set due_on = due_on - ${days}::int, year_start = year_start - ${days}::int
        where tenancy_id = ${tenancyId}`,
  );
  await w.t.db.execute(
    sql`update tenancies set start_date = start_date - ${days}::int, due_date = due_date - ${days}::int
        where id = ${tenancyId}`,
  );
}

type Finish = 'pay' | 'abandon' | 'decline' | 'open' | 'late';
/**
 * How much rent, on which plan (docs/domain.md, "Rent plans"): the full year at its price; the
 * room's plan (two parts) with the amount left out; the amount left out; more than the next part;
 * all that is left of the year.
 */
type RentChoice = 'full' | 'plan' | 'next' | 'more' | 'rest';

/** Start a payment, then pay it, abandon it, leave it open, or pay it with the answer not (yet) arriving. */
class Pay extends Step {
  constructor(
    readonly s: number,
    readonly kind: Kind,
    /**
     * The booking (agent fee) or room (rent, deposit): 0 and 1 name one by index, 2 and 3 the
     * student's latest booking (or its room), the way a student goes on from one step to the next.
     */
    readonly target: number,
    readonly finish: Finish,
    readonly choice: RentChoice = 'full',
  ) {
    super();
  }
  toString() {
    const latest = this.target >= 2;
    const how = this.kind === 'rent' && this.choice !== 'full' ? `, ${this.choice}` : '';
    const what =
      this.kind === 'agent_fee'
        ? latest
          ? 'their latest booking'
          : `their booking#${this.target}`
        : latest
          ? 'the room of their latest booking'
          : `room${this.target}`;
    return `Pay(s${this.s}, ${this.kind}, ${what}, ${this.finish}${how})`;
  }
  applies(m: Model) {
    // An agent fee is paid for one of the student's bookings.
    return this.kind !== 'agent_fee' || m.bookings.some((b) => b.userId === m.studentIds[this.s]);
  }
  async act(m: Model, w: World) {
    const student = studentOf(w, this.s);
    const me = student.user.id;
    let res: Res;
    let refusedWith: number | null = null;
    if (this.kind === 'agent_fee') {
      const booking =
        this.target >= 2 ? bookingsOf(m, w, this.s).at(-1) : pickBooking(m, w, this.s, this.target);
      if (!booking) return; // nothing booked yet: nothing to pay
      const room = roomOf(m, booking.roomId);
      res = await initiate(w.t, 'agent-fee', student, {
        amount: ROOM_PRICES.agentFee,
        booking_id: booking.id,
        callback_url: receiptUrl(w.t),
      });
      if (booking.status === 'confirmed' || booking.status === 'inspected' || booking.status === 'cancelled')
        refusedWith = 409;
      else if (room.status !== 'available' || heldByOther(room, me)) refusedWith = 409;
    } else {
      const roomId =
        this.target >= 2
          ? (bookingsOf(m, w, this.s).at(-1)?.roomId ?? roomIdOf(w, 0))
          : roomIdOf(w, this.target);
      const room = roomOf(m, roomId);
      const running = runningOf(m, roomId);
      const mine = running?.userId === me ? running : undefined;
      const left = mine ? leftOfYear(m, mine.id) : 0;
      const next = mine ? nextPart(m, mine.id) : undefined;
      const least = next ? next.amount - next.paid : 0;
      const rentBody = (): Record<string, unknown> => {
        if (this.choice === 'full') return { amount: ROOM_PRICES.price };
        if (this.choice === 'plan') return { plan: 'two_parts' };
        if (this.choice === 'more' && next) return { amount: least + 40_000 };
        if (this.choice === 'rest' && next) return { amount: left };
        return {};
      };
      res = await initiate(w.t, this.kind === 'rent' ? 'room-price' : 'caution-fee', student, {
        ...(this.kind === 'rent' ? rentBody() : { amount: ROOM_PRICES.cautionFee }),
        room_id: roomId,
        hostel_id: w.hostelId,
        callback_url: receiptUrl(w.t, this.kind === 'rent' ? '/rent-receipt' : '/receipt-page'),
      });
      if (running?.userId !== me) {
        const paidFee = m.payments.some(
          (p) => p.userId === me && p.roomId === roomId && standingFee(p) && !spent(m, p),
        );
        if (!paidFee) refusedWith = this.kind === 'rent' ? 403 : 409;
        else if (running || room.status === 'rented') refusedWith = 409;
        else if (bookedBy(m, roomId) !== me) refusedWith = 409;
        else if (heldByOther(room, me)) refusedWith = 409;
      }
      if (refusedWith === null && this.kind === 'caution_fee' && depositHeld(m, me, roomId))
        refusedWith = 409;
      // A renewal: only while renewal is open and no notice is given; a year with parts unpaid
      // takes payments towards them at any time.
      if (refusedWith === null && this.kind === 'rent' && mine && left === 0) {
        if (mine.noticeGivenAt || !renewalOpen(mine)) refusedWith = 409;
      }
      // How much, on which plan (docs/domain.md, "Rent plans").
      if (refusedWith === null && this.kind === 'rent') {
        const body = rentBody();
        if (next) {
          const amount = (body.amount as number | undefined) ?? least;
          if (body.plan && body.plan !== next.plan) refusedWith = 409;
          else if (amount < least || amount > left) refusedWith = 400;
        } else if (body.plan && body.plan !== roomPlan(m, roomId)) refusedWith = 400;
      }
    }
    answered(res, [refusedWith ?? 201], this.toString());
    if (res.statusCode !== 201) return;
    const link = res.json() as Link;
    const before = await snapshot(w);
    const payment = before.payments.find((p) => p.reference === link.reference)!;
    switch (this.finish) {
      case 'pay': {
        const prediction = predictSuccess(before, payment);
        await w.provider.pay(w, link);
        checkApplied(before, await snapshot(w), link.reference, prediction, this.toString());
        break;
      }
      case 'abandon':
        await w.provider.abandon(w, link);
        break;
      case 'decline':
        await w.provider.decline(w, link);
        break;
      case 'late':
        await w.provider.payQuietly(w, link);
        break;
      case 'open':
        break;
    }
  }
}

/** The customer comes back to a checkout left open: pays, gives up, or pays with the answer late. */
class FinishOpen extends Step {
  constructor(
    readonly p: number,
    readonly finish: Exclude<Finish, 'open'>,
  ) {
    super();
  }
  toString() {
    return `FinishOpenCheckout(#${this.p}, ${this.finish})`;
  }
  applies(m: Model) {
    return m.payments.some((p) => m.payable(p));
  }
  async act(m: Model, w: World) {
    const open = m.payments.filter((p) => m.payable(p));
    const payment = open[this.p % open.length]!;
    if (this.finish === 'pay') {
      const prediction = predictSuccess(m, payment);
      await w.provider.pay(w, payment);
      checkApplied(m, await snapshot(w), payment.reference, prediction, `${this} on ${payment.kind}`);
    } else if (this.finish === 'abandon') {
      await w.provider.abandon(w, payment);
    } else if (this.finish === 'decline') {
      await w.provider.decline(w, payment);
    } else {
      await w.provider.payQuietly(w, payment);
    }
  }
}

/** The provider's answer for an old payment arriving (again, late): verify or webhook, possibly twice at once. */
class Deliver extends Step {
  constructor(
    /** Even: one of the answers still to arrive (paid at the provider, not applied), when any; odd: any payment. */
    readonly p: number,
    readonly twice: boolean,
  ) {
    super();
  }
  toString() {
    const which = this.p % 2 === 0 ? 'a late one' : 'any';
    return `ProviderAnswers(${which}#${this.p >> 1}${this.twice ? ', twice at once' : ''})`;
  }
  applies(m: Model) {
    return m.payments.length > 0;
  }
  async act(m: Model, w: World) {
    const late = m.payments.filter(
      (p) => p.atProvider === 'paid' && (p.status === 'pending' || p.status === 'abandoned'),
    );
    const from = this.p % 2 === 0 && late.length ? late : m.payments;
    const payment = from[(this.p >> 1) % from.length]!;
    const expected = statusAfterAnswer(payment, w.provider.name);
    const prediction =
      expected === 'success' && payment.status !== 'success' ? predictSuccess(m, payment) : null;
    await w.provider.deliver(w, payment, this.twice);
    const after = await snapshot(w);
    const row = after.payments.find((p) => p.id === payment.id)!;
    check(
      row.status === expected,
      () =>
        `${this} on ${payment.kind} ${payment.status}/${payment.atProvider}: became ${row.status}, expected ${expected}`,
    );
    if (prediction) {
      saw(`late answer applied${this.twice ? ' twice at once' : ''}`);
      checkApplied(m, after, payment.reference, prediction, `${this} on ${payment.kind}`);
    } else if (payment.status === 'success')
      checkApplied(m, after, payment.reference, {}, `${this} (already applied)`);
  }
}

/** The student cancels an inspection (POST /bookings/{id}/cancel). */
class Cancel extends Step {
  constructor(
    readonly s: number,
    readonly b: number,
  ) {
    super();
  }
  toString() {
    return `CancelInspection(s${this.s}, booking#${this.b})`;
  }
  applies(m: Model) {
    return m.bookings.some((b) => b.userId === m.studentIds[this.s]);
  }
  async act(m: Model, w: World) {
    const booking = pickBooking(m, w, this.s, this.b);
    if (!booking) return;
    const student = studentOf(w, this.s);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/cancel`,
      headers: student.headers,
    });
    const status = effectiveStatus(booking);
    const fees = m.payments.filter((p) => p.bookingId === booking.id && standingFee(p));
    // An inspection its student went on to rent from (the fee is spent) cannot be cancelled.
    const used = m.payments.some((p) => p.bookingId === booking.id && usedBy(m, p));
    if (status === 'cancelled' || status === 'expired' || status === 'inspected' || used) {
      if (status === 'inspected' || used) saw('cancel refused: the fee bought a tenancy');
      return answered(res, [409], this.toString());
    }
    // A deposit paid for the room goes back with the fee (no tenancy will settle it).
    const tenant = m.tenancies.some(
      (t) => !t.endedAt && t.userId === student.user.id && t.roomId === booking.roomId,
    );
    const deposits = tenant ? [] : unsettledDeposits(m, student.user.id, booking.roomId);
    answered(res, [200], this.toString());
    saw('inspection cancelled');
    const after = await snapshot(w);
    check(
      after.bookings.find((b) => b.id === booking.id)!.status === 'cancelled',
      () => `${this}: not cancelled`,
    );
    for (const f of [...fees, ...deposits]) {
      const p = after.payments.find((x) => x.id === f.id)!;
      check(
        p.needsRefund && p.refundReason === 'inspection_cancelled',
        () => `${this}: its ${f.kind} ${f.reference} was not flagged for a refund`,
      );
      if (f.kind === 'caution_fee') saw('inspection cancelled: deposit owed back');
    }
    const room = roomOf(m, booking.roomId);
    const roomAfter = roomOf(after, booking.roomId);
    if (room.heldBy === student.user.id) check(roomAfter.heldBy === null, () => `${this}: the hold stayed`);
    if (room.status === 'booked' && fees.length) {
      check(roomAfter.status === 'available', () => `${this}: the room stayed ${roomAfter.status}`);
    }
  }
}

/** The tenant gives notice for the earliest day allowed, or takes it back. */
class Notice extends Step {
  constructor(
    readonly s: number,
    readonly give: boolean,
  ) {
    super();
  }
  toString() {
    return `${this.give ? 'GiveNotice' : 'WithdrawNotice'}(s${this.s})`;
  }
  applies(m: Model) {
    return m.tenancies.some((t) => !t.endedAt);
  }
  async act(m: Model, w: World) {
    const student = studentOf(w, this.s);
    const tenant = m.tenancies.some((t) => !t.endedAt && t.userId === student.user.id);
    const res = await w.t.app.inject({
      method: this.give ? 'POST' : 'DELETE',
      url: '/api/tenancy/notice',
      headers: student.headers,
      ...(this.give
        ? { payload: { move_out_on: addDays(todayInLagos(), w.t.config.site.tenantNoticeDays) } }
        : {}),
    });
    answered(res, [tenant ? (this.give ? 200 : 204) : 404], this.toString());
  }
}

type Reason = 'breach' | 'tenant_notice' | 'left_early' | 'lease_ended';
type Deduct = 'none' | 'some' | 'all' | 'too_much';

/** The admin records a move-out (reasons per docs/domain.md "Move-out"), with or without deductions. */
class MoveOut extends Step {
  constructor(
    readonly t: number,
    readonly reason: Reason,
    readonly deduct: Deduct,
  ) {
    super();
  }
  toString() {
    return `MoveOut(tenancy#${this.t}, ${this.reason}, deductions ${this.deduct})`;
  }
  applies(m: Model) {
    return m.tenancies.some((t) => !t.endedAt);
  }
  async act(m: Model, w: World) {
    const runningNow = m.tenancies.filter((t) => !t.endedAt);
    const tenancy = runningNow[this.t % runningNow.length]!;
    const today = todayInLagos();
    // The clock: the tenant's notice period, or the paid year, has run out.
    if (this.reason === 'tenant_notice' && tenancy.noticeGivenAt) {
      await w.t.db.execute(
        sql`update tenancies set notice_given_at = now() - make_interval(days => ${w.t.config.site.tenantNoticeDays + 1})
            where id = ${tenancy.id}`,
      );
    }
    // Leaving early: the notice was given a few days ago and has weeks to run (and the tenancy
    // began before it).
    if (this.reason === 'left_early' && tenancy.noticeGivenAt) {
      await w.t.db.execute(
        sql`update tenancies set notice_given_at = now() - interval '3 days',
              start_date = least(start_date, ${addDays(today, -3)}) where id = ${tenancy.id}`,
      );
    }
    // Its parts move with it: a year left behind would start on the due date, which no tenancy can
    // reach (a renewal's year starts on the due date), and stays if the move-out is refused.
    if (this.reason === 'lease_ended' && tenancy.dueDate > today) {
      await shiftTenancy(w, tenancy.id, daysBetween(today, tenancy.dueDate));
    }
    const [deposit] = unsettledDeposits(m, tenancy.userId, tenancy.roomId);
    const held = deposit ? Math.max(0, deposit.amount - deposit.processed - deposit.pendingRefund) : 0;
    const amount = {
      none: 0,
      some: Math.max(1, Math.floor(held / 3)),
      all: held || 1_000,
      too_much: held + 1,
    }[this.deduct];
    const deductions = amount ? [{ description: 'Repairs after the tenancy', amount }] : [];
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/admin/tenancies/${tenancy.id}/move-out`,
      headers: w.admin.headers,
      payload: { date: today, reason: this.reason, note: 'Model test', deductions },
    });
    let expected = 200;
    if ((this.reason === 'tenant_notice' || this.reason === 'left_early') && !tenancy.noticeGivenAt)
      expected = 400;
    else if (amount > held) expected = 400;
    else if (deposit && held - amount > 0 && deposit.pendingRefund > 0) expected = 409;
    answered(res, [expected], `${this} (deposit held ${held}, deducting ${amount})`);
    if (res.statusCode !== 200) return;
    const statement = res.json() as { deposit_returned: number; refund: { _id: string } | null };
    saw(`move-out (${this.reason}${amount ? ', with deductions' : ''})`);
    const after = await snapshot(w);
    const ended = after.tenancies.find((t) => t.id === tenancy.id)!;
    const show = () => `${this}: ${JSON.stringify({ statement, ended, held })}`;
    check(Boolean(ended.endedAt) && ended.endReason === this.reason, show);
    check(ended.depositPaymentId === (deposit?.id ?? null) && ended.depositHeld === held, show);
    check(statement.deposit_returned === held - amount, show);
    check(
      roomOf(after, tenancy.roomId).status === 'available' && !roomOf(after, tenancy.roomId).heldBy,
      show,
    );
    if (statement.refund) await refundSettles(w, statement.refund._id);
  }
}

/** The refund job pays back in the background: wait for the provider's answer. */
const refundSettles = (w: World, id: string) =>
  eventually(async () => {
    const [r] = await w.t.db.select().from(refunds).where(eq(refunds.id, id));
    return r && r.status !== 'pending';
  });

type Portion = 'full' | 'half' | 'too_much';

/** An admin refunds a successful payment, in full or in part (or asks too much). */
class Refund extends Step {
  constructor(
    /** Which kind of payment (a deposit as often as an agent fee or rent), then which of them. */
    readonly kind: Kind,
    readonly p: number,
    readonly portion: Portion,
    readonly providerRefuses: boolean,
  ) {
    super();
  }
  toString() {
    return `Refund(${this.kind}#${this.p}, ${this.portion}${this.providerRefuses ? ', the provider refuses it' : ''})`;
  }
  applies(m: Model) {
    return m.payments.some((p) => p.status === 'success');
  }
  async act(m: Model, w: World) {
    const paid = m.payments.filter((p) => p.status === 'success');
    const ofKind = paid.filter((p) => p.kind === this.kind);
    const payment = ofKind.length ? ofKind[this.p % ofKind.length]! : paid[this.p % paid.length]!;
    const left = payment.amount - payment.keptAmount - payment.processed;
    const amount = Math.max(1, { full: left, half: Math.ceil(left / 2), too_much: left + 1 }[this.portion]);
    w.provider.refundsEndAs(this.providerRefuses ? 'failed' : 'processed');
    try {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/admin/refunds',
        headers: w.admin.headers,
        payload: { reference: payment.reference, amount, reason: 'Model test refund' },
      });
      // In the order the refund path checks (refunds.service.ts, recordRefund).
      let expected = 202;
      if (amount > payment.amount) expected = 400;
      else if (payment.closedKept > 0 || payment.pendingRefund > 0 || left <= 0) expected = 409;
      else if (amount > left) expected = 400;
      answered(res, [expected], `${this} on ${payment.kind} (left ${left}, asking ${amount})`);
      if (res.statusCode === 202) {
        saw(`refund of ${payment.kind}`);
        await refundSettles(w, idOf(res));
      }
    } finally {
      w.provider.refundsEndAs('processed');
    }
  }
}

/**
 * An admin closes a payment owed back, keeping what was not refunded (docs/domain.md, "Refunds":
 * keep the rest). Only a partly refunded one with nothing at the provider can be closed; after it,
 * every refund of it is refused (the Refund step expects 409) and the ledger's
 * closed-payment-keeps-the-rest invariant holds.
 */
class KeepRest extends Step {
  constructor(
    readonly kind: Kind,
    readonly p: number,
  ) {
    super();
  }
  toString() {
    return `KeepRest(${this.kind}#${this.p})`;
  }
  applies(m: Model) {
    return m.payments.some((p) => p.status === 'success');
  }
  async act(m: Model, w: World) {
    // Partly refunded payments owed back first, then any owed back, so the step mostly meets one it may close.
    const paid = m.payments.filter((p) => p.status === 'success');
    const owed = paid.filter((p) => p.needsRefund);
    const partly = owed.filter((p) => p.processed > 0 && p.kind === this.kind);
    const pool = partly.length ? partly : owed.length ? owed : paid;
    const payment = pool[this.p % pool.length]!;
    const left = payment.amount - payment.keptAmount - payment.processed;
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/refunds/close',
      headers: w.admin.headers,
      payload: { reference: payment.reference, reason: 'Model test: the rest is kept' },
    });
    // In the order the closing checks (refunds.service.ts, closeRefunds).
    let expected = 200;
    if (!payment.needsRefund || payment.closedKept > 0 || payment.pendingRefund > 0) expected = 409;
    else if (payment.processed === 0 || left <= 0) expected = 409;
    answered(res, [expected], `${this} on ${payment.kind} (refunded ${payment.processed}, left ${left})`);
    if (res.statusCode === 200) {
      saw(`rest kept of ${payment.kind}`);
      const kept = (res.json() as { kept_amount: number }).kept_amount;
      check(kept === left, () => `${this}: kept ${kept}, but ${left} was left`);
    }
    // Closed or not, the Refunds screen's "To refund" is what the open payments still owe.
    const list = await w.t.app.inject({ method: 'GET', url: '/api/admin/refunds', headers: w.admin.headers });
    answered(list, [200], `${this}: GET /api/admin/refunds`);
    const { due, closures } = list.json() as {
      due: { reference: string; remaining: number }[];
      closures: { reference: string; kept_amount: number }[];
    };
    const owes = due.find((d) => d.reference === payment.reference);
    if (res.statusCode === 200) {
      check(!owes, () => `${this}: ${payment.reference} is closed but still listed to refund`);
      check(
        closures.some((c) => c.reference === payment.reference && c.kept_amount === left),
        () => `${this}: ${payment.reference} is not listed closed with ${left} kept`,
      );
    } else if (payment.closedKept > 0) {
      check(!owes, () => `${this}: ${payment.reference} was closed before but is listed to refund`);
    }
  }
}

/**
 * The student's natural next step (book, pay the fee, the deposit, the rent, renew, give notice),
 * so that random sequences reach tenancies and move-outs and not only first steps. `pick` chooses
 * among the steps that make sense now; the failure report names the step it became.
 */
/** What a transfer to her own account number may be: something she may owe, or an odd amount. */
type TransferAmount = 'agent_fee' | 'caution_fee' | 'rent' | 'first_part' | 'second_part' | 'odd';
const [FIRST_PART, SECOND_PART] = splitRent('two_parts', ROOM_PRICES.price, todayInLagos());
const TRANSFER_NAIRA: Record<TransferAmount, number> = {
  agent_fee: ROOM_PRICES.agentFee,
  caution_fee: ROOM_PRICES.cautionFee,
  rent: ROOM_PRICES.price,
  first_part: FIRST_PART!.amount,
  second_part: SECOND_PART!.amount,
  odd: 1_234,
};

/**
 * Money reaches a student's own account number (docs/domain.md, "Bank transfers"; the sandbox's
 * test transfer): whatever its size, it pays exactly one amount due of that size, through the same
 * owners as a checkout, or is held whole as her credit. Never dropped, never applied twice: the
 * ledger's transfer-accounted-for and every other invariant are checked after it like any step.
 */
class Transfer extends Step {
  constructor(
    readonly s: number,
    readonly amount: TransferAmount,
  ) {
    super();
  }
  toString() {
    return `Transfer(s${this.s}, ${this.amount} ${TRANSFER_NAIRA[this.amount]})`;
  }
  applies() {
    return true;
  }
  async act(_m: Model, w: World) {
    // Paystack's account numbers need its approval (off in this world); the sandbox always has them.
    if (w.provider.name !== 'sandbox') return;
    const student = studentOf(w, this.s);
    const asked = await w.t.app.inject({
      method: 'POST',
      url: '/api/me/dedicated-account',
      headers: student.headers,
    });
    answered(asked, [200, 409], `${this}: asking for an account number`);
    if (asked.statusCode === 409) return void saw('transfer: no account before booking');
    const amount = TRANSFER_NAIRA[this.amount];
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/sandbox/transfers',
      headers: student.headers,
      payload: { amount },
    });
    answered(res, [201], `${this}`);
    const { reference, outcome } = res.json() as { reference: string; outcome: 'applied' | 'held' };
    const [row] = await w.t.db
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.providerReference, reference));
    const paid = await w.t.db.select().from(payments).where(eq(payments.transferReference, reference));
    const show = () => `${this}: ${outcome}, recorded ${JSON.stringify(row)}, payments ${paid.length}`;
    check(row?.amount === amount, show);
    if (outcome === 'applied') {
      check(row?.applied === amount && row.held === 0, show);
      check(paid.length === 1 && paid[0]!.amount === amount && paid[0]!.status === 'success', show);
    } else {
      check(row?.held === amount && row.applied === 0 && paid.length === 0, show);
    }
    saw(`transfer ${outcome}`);
  }
}

/** Held credits, as the admins see them (oldest first). */
async function heldCredits(w: World): Promise<{ _id: string; held: number }[]> {
  const res = await w.t.app.inject({
    method: 'GET',
    url: '/api/admin/credits?status=held',
    headers: w.admin.headers,
  });
  answered(res, [200], 'listing held credits');
  return res.json();
}

/**
 * An admin allocates a held credit to what its student owes now: refused (409) when the credit does
 * not cover it, 400 for something she does not owe; otherwise the payment is applied as any other.
 */
class AllocateCredit extends Step {
  constructor(
    readonly c: number,
    readonly d: number,
  ) {
    super();
  }
  toString() {
    return `AllocateCredit(#${this.c}, due #${this.d})`;
  }
  applies() {
    return true;
  }
  async act(_m: Model, w: World) {
    const held = await heldCredits(w);
    if (!held.length) return;
    const credit = held[this.c % held.length]!;
    const duesRes = await w.t.app.inject({
      method: 'GET',
      url: `/api/admin/credits/${credit._id}/dues`,
      headers: w.admin.headers,
    });
    answered(duesRes, [200], `${this}: its dues`);
    const dues = duesRes.json() as { key: string; amount: number }[];
    const due = dues.length ? dues[this.d % dues.length]! : undefined;
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/admin/credits/${credit._id}/allocate`,
      headers: w.admin.headers,
      payload: { due_key: due?.key ?? 'rent:nothing-owed' },
    });
    answered(
      res,
      [!due ? 400 : due.amount <= credit.held ? 200 : 409],
      `${this} (held ${credit.held}, due ${JSON.stringify(due)})`,
    );
    if (res.statusCode === 200) saw('credit allocated');
  }
}

/** An admin gives a held credit back through the provider: all that is held, once. */
class RefundCredit extends Step {
  constructor(readonly c: number) {
    super();
  }
  toString() {
    return `RefundCredit(#${this.c})`;
  }
  applies() {
    return true;
  }
  async act(_m: Model, w: World) {
    const held = await heldCredits(w);
    if (!held.length) return;
    const credit = held[this.c % held.length]!;
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/admin/credits/${credit._id}/refund`,
      headers: w.admin.headers,
      payload: { reason: 'Model test: sent by mistake' },
    });
    answered(res, [200], `${this} (held ${credit.held})`);
    saw('credit refunded');
  }
}

class Next extends Step {
  constructor(
    readonly s: number,
    readonly pick: number,
  ) {
    super();
  }
  toString() {
    return `Next(s${this.s}, ${this.pick})`;
  }
  applies() {
    return true;
  }
  private resolve(m: Model): Step {
    const me = m.studentIds[this.s]!;
    const roomIndex = (roomId: string) => m.roomIds.indexOf(roomId);
    const choose = (options: Step[]) => options[this.pick % options.length]!;
    const tenancy = m.tenancies.find((t) => t.userId === me && !t.endedAt);
    if (tenancy) {
      const r = roomIndex(tenancy.roomId);
      const t = m.tenancies.filter((x) => !x.endedAt).indexOf(tenancy);
      const reasons: Reason[] = ['breach', 'tenant_notice', 'left_early', 'lease_ended'];
      const deductions: Deduct[] = ['none', 'some', 'all', 'too_much'];
      return choose([
        ...(depositHeld(m, me, tenancy.roomId) ? [] : [new Pay(this.s, 'caution_fee', r, 'pay')]),
        // A year with parts unpaid: the next part, more than it, or all that is left; time may
        // pass its due date first.
        ...(leftOfYear(m, tenancy.id) > 0
          ? [
              new Pay(this.s, 'rent', r, 'pay', 'next'),
              new Pay(this.s, 'rent', r, 'pay', 'more'),
              new Pay(this.s, 'rent', r, 'pay', 'rest'),
              new PartLate(r),
            ]
          : // Renewing (on the room's plan or in full): when the rent year is nearly up (the clock), else refused.
            [
              renewalOpen(tenancy)
                ? new Pay(this.s, 'rent', r, 'pay', this.pick % 2 ? 'plan' : 'full')
                : new NearlyDue(r),
            ]),
        new Notice(this.s, !tenancy.noticeGivenAt),
        // The tenant leaves: the admin records it.
        new MoveOut(t, reasons[this.pick % 4]!, deductions[(this.pick >> 2) % 4]!),
      ]);
    }
    const fee = m.payments.find(
      (p) =>
        p.userId === me &&
        standingFee(p) &&
        !spent(m, p) &&
        m.bookings.find((b) => b.id === p.bookingId)?.status === 'confirmed',
    );
    if (fee) {
      const r = roomIndex(fee.roomId);
      return choose([
        ...(depositHeld(m, me, fee.roomId) ? [] : [new Pay(this.s, 'caution_fee', r, 'pay')]),
        new Pay(this.s, 'rent', r, 'pay'),
        // The first rent on the room's plan (two parts in room 1; refused in room 0).
        new Pay(this.s, 'rent', r, 'pay', 'plan'),
      ]);
    }
    const mine = m.bookings.filter((b) => b.userId === me);
    const pending = mine.findIndex((b) => effectiveStatus(b) === 'pending');
    if (pending >= 0) return new Pay(this.s, 'agent_fee', pending, 'pay');
    return new Book(this.s, this.pick % ROOMS, this.pick);
  }
  override describe(m: Model) {
    return `${this} → ${this.resolve(m)}`;
  }
  async act(m: Model, w: World) {
    await this.resolve(m).act(m, w);
  }
}

/** Every step the model knows; `refusals`: whether the provider may refuse a refund (Paystack only). */
const commandsArb = (refusals: boolean) =>
  fc.commands(
    [
      fc.tuple(fc.nat(STUDENTS - 1), fc.nat(ROOMS - 1), fc.nat(20)).map(([s, r, d]) => new Book(s, r, d)),
      ...[1, 2, 3, 4, 5, 6].map(() =>
        fc.tuple(fc.nat(STUDENTS - 1), fc.nat(20)).map(([s, pick]) => new Next(s, pick)),
      ),
      fc.nat(ROOMS - 1).map((r) => new Lapse(r)),
      fc.nat(ROOMS - 1).map((r) => new NearlyDue(r)),
      ...(['agent_fee', 'rent', 'caution_fee'] as const).map((kind) =>
        fc
          .tuple(
            fc.nat(STUDENTS - 1),
            fc.nat(3),
            fc.constantFrom<Finish>('pay', 'pay', 'pay', 'abandon', 'decline', 'open', 'late', 'late'),
            fc.constantFrom<RentChoice>('full', 'plan', 'plan', 'next', 'more', 'rest'),
          )
          .map(([s, target, finish, choice]) => new Pay(s, kind, target, finish, choice)),
      ),
      fc.nat(ROOMS - 1).map((r) => new PartLate(r)),
      fc
        .tuple(fc.nat(5), fc.constantFrom<Exclude<Finish, 'open'>>('pay', 'abandon', 'decline', 'late'))
        .map(([p, finish]) => new FinishOpen(p, finish)),
      ...[1, 2].map(() => fc.tuple(fc.nat(9), fc.boolean()).map(([p, twice]) => new Deliver(p, twice))),
      fc.tuple(fc.nat(STUDENTS - 1), fc.nat(3)).map(([s, b]) => new Cancel(s, b)),
      fc.tuple(fc.nat(STUDENTS - 1), fc.boolean()).map(([s, give]) => new Notice(s, give)),
      ...[1, 2].map(() =>
        fc
          .tuple(
            fc.nat(1),
            fc.constantFrom<Reason>('breach', 'tenant_notice', 'left_early', 'lease_ended'),
            fc.constantFrom<Deduct>('none', 'some', 'all', 'too_much'),
          )
          .map(([t, reason, deduct]) => new MoveOut(t, reason, deduct)),
      ),
      ...[1, 2].map(() =>
        fc
          .tuple(
            fc.constantFrom<Kind>('agent_fee', 'rent', 'caution_fee'),
            fc.nat(3),
            fc.constantFrom<Portion>('full', 'half', 'too_much'),
            refusals ? fc.boolean() : fc.constant(false),
          )
          .map(([kind, p, portion, refuses]) => new Refund(kind, p, portion, refuses)),
      ),
      ...[1, 2].map(() =>
        fc
          .tuple(fc.constantFrom<Kind>('agent_fee', 'rent', 'caution_fee'), fc.nat(3))
          .map(([kind, p]) => new KeepRest(kind, p)),
      ),
      ...[1, 2].map(() =>
        fc
          .tuple(
            fc.nat(STUDENTS - 1),
            fc.constantFrom<TransferAmount>(
              'agent_fee',
              'caution_fee',
              'rent',
              'first_part',
              'second_part',
              'odd',
            ),
          )
          .map(([st, amount]) => new Transfer(st, amount)),
      ),
      fc.tuple(fc.nat(3), fc.nat(3)).map(([c, d]) => new AllocateCredit(c, d)),
      fc.nat(3).map((c) => new RefundCredit(c)),
    ],
    { maxCommands: MAX_COMMANDS, size: 'max', ...(REPLAY_COMMANDS ? { replayPath: REPLAY_COMMANDS } : {}) },
  );

// ---------------------------------------------------------------------------------------------
// Providers

const sandboxProvider: Provider = {
  name: 'sandbox',
  async pay(w, p) {
    await payAtCheckout(w.t, `${w.t.config.publicUrl}/sandbox/checkout/${encodeURIComponent(p.reference)}`);
  },
  async abandon(w, p) {
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${encodeURIComponent(p.reference)}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    answered(res, [303], 'sandbox Cancel');
  },
  async decline(w, p) {
    await sandboxProvider.abandon(w, p);
  },
  async payQuietly(w, p) {
    // The sandbox keeps the customer's decision in its own book (modules/sandbox): this is the
    // provider's side of the story, recorded with nobody telling our server.
    await w.t.db.execute(
      sql`update sandbox_checkouts set outcome = 'paid', decided_at = now()
          where reference = ${p.reference} and outcome is null`,
    );
  },
  async deliver(w, p, twice) {
    const payer = w.students.find((s) => s.user.id === p.userId)!;
    const answers = await Promise.all((twice ? [0, 1] : [0]).map(() => verify(w.t, payer, p.reference)));
    for (const res of answers) answered(res, [200], `verify ${p.reference}`);
  },
  decision(p) {
    return p.sandboxOutcome === 'paid'
      ? 'paid'
      : p.sandboxOutcome === 'cancelled'
        ? 'abandoned'
        : 'undecided';
  },
  payable: (p) => p.status === 'pending' && p.atProvider === 'undecided',
  refundsEndAs() {},
};

function paystackProvider(fake: FakePaystack): Provider {
  const verifyAll = async (w: World, p: Link & { userId?: string }, n: number) => {
    const [row] = await w.t.db.select().from(payments).where(eq(payments.reference, p.reference));
    const payer = w.students.find((s) => s.user.id === row!.userId)!;
    const answers = await Promise.all(Array.from({ length: n }, () => verify(w.t, payer, p.reference)));
    for (const res of answers) answered(res, [200], `verify ${p.reference}`);
  };
  return {
    name: 'paystack',
    async pay(w, p) {
      fake.settle(p.reference, 'success');
      await verifyAll(w, p, 1);
    },
    async abandon(w, p) {
      fake.settle(p.reference, 'abandoned');
      await verifyAll(w, p, 1);
    },
    async decline(w, p) {
      fake.settle(p.reference, 'failed');
      await verifyAll(w, p, 1);
    },
    async payQuietly(_w, p) {
      fake.settle(p.reference, 'success');
    },
    async deliver(w, p, twice) {
      if (fake.transactions.get(p.reference)?.status === 'success') {
        // Paystack's signed charge.success webhook, delivered late — and twice at the same moment.
        const hooks = await Promise.all(
          (twice ? [0, 1] : [0]).map(() => {
            const { body, headers } = fake.webhook(p.reference);
            return w.t.app.inject({
              method: 'POST',
              url: '/api/payments/webhook/paystack',
              headers,
              payload: body,
            });
          }),
        );
        for (const res of hooks) answered(res, [200], `webhook ${p.reference}`);
      }
      await verifyAll(w, p, twice ? 2 : 1);
    },
    decision(p) {
      const status = fake.transactions.get(p.reference)?.status;
      if (status === 'success') return 'paid';
      if (status === 'failed') return 'failed';
      // Every Paystack checkout reads "abandoned" until the customer pays: still payable.
      return 'undecided';
    },
    payable: (p) => (p.status === 'pending' || p.status === 'abandoned') && p.atProvider === 'undecided',
    refundsEndAs(outcome) {
      fake.refundStartsAs = outcome;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The runs

async function newWorld(
  t: TestApp,
  admin: Student,
  provider: Provider,
): Promise<{ model: Model; real: World }> {
  if (failedAt !== undefined && now() - failedAt > SHRINK_BUDGET_MS) {
    // Shrinking has had its time: the smallest failing sequence so far is what gets reported.
    return {
      model: {
        studentIds: [],
        roomIds: [],
        payable: () => false,
        parts: [],
        paidUpTo: new Map(),
        rooms: [],
        bookings: [],
        payments: [],
        tenancies: [],
        exhausted: true,
      },
      real: {} as World,
    };
  }
  sequences++;
  if (VERBOSE) console.log(`sequence ${sequences}`);
  const hostel = await insertHostel(t.db);
  const roomIds: string[] = [];
  // Room 1 offers its rent in two parts (docs/domain.md, "Rent plans"); room 0 the full year only.
  for (let i = 0; i < ROOMS; i++)
    roomIds.push(
      (await insertRoom(t.db, hostel.id, { ...ROOM_PRICES, rentPlan: i === 1 ? 'two_parts' : null })).id,
    );
  const students: Student[] = [];
  for (let i = 0; i < STUDENTS; i++) students.push(await signedInUser(t));
  const baseline = new Set(violationKeys(await checkLedger(t.db, { examples: Number.MAX_SAFE_INTEGER })));
  const real: World = { t, admin, provider, students, roomIds, hostelId: hostel.id, baseline, log: [] };
  return { model: await snapshot(real), real };
}

/**
 * One suite per provider. `seedOffset`: each suite draws its own sequences from the one base seed
 * (the same seed would replay nearly the same sequences through the other provider).
 */
function lifecycleSuite(
  name: string,
  runs: number,
  seedOffset: number,
  start: () => Promise<{ t: TestApp; provider: Provider; stop?: () => Promise<void> }>,
) {
  const seed = SEED + seedOffset;
  describe(`lifecycle model (${name})`, () => {
    let t: TestApp;
    let provider: Provider;
    let admin: Student;
    let stop: (() => Promise<void>) | undefined;
    let started = now();
    beforeAll(async () => {
      started = now();
      ({ t, provider, stop } = await start());
      admin = await signedInUser(t, { role: 'admin' });
      sequences = 0;
      steps = 0;
      seen.clear();
      failedAt = undefined;
    });
    afterAll(async () => {
      console.log(
        `lifecycle model (${name}): ${sequences} sequences, ${steps} steps, seed ${seed}, ${((now() - started) / 1000).toFixed(1)} s\n  reached: ${[
          ...seen,
        ]
          .sort()
          .map(([what, n]) => `${what} ×${n}`)
          .join(', ')}`,
      );
      await t?.close();
      await stop?.();
    });

    it(`keeps every answer within the rules and the ledger whole (seed ${seed}, ${runs} runs of up to ${MAX_COMMANDS} steps)`, async () => {
      try {
        await fc.assert(
          fc.asyncProperty(commandsArb(provider.name === 'paystack'), (cmds) =>
            fc.asyncModelRun(() => newWorld(t, admin, provider), cmds),
          ),
          { seed, numRuns: runs, ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}) },
        );
      } catch (err) {
        // fast-check's message has the seed, the path and the smallest failing sequence; say how to replay it.
        const message = err instanceof Error ? err.message : String(err);
        const path = /path: "([^"]*)"/.exec(message)?.[1];
        const replay = /replayPath="([^"]*)"/.exec(message)?.[1];
        throw new Error(
          `${message}\n\nReplay: LIFECYCLE_SEED=${SEED} LIFECYCLE_PATH=${path} LIFECYCLE_REPLAY=${replay} npx vitest run test/lifecycle-model.test.ts -t '${name}'`,
          { cause: err },
        );
      }
    }, 600_000);
  });
}

// One admin refunds across every run, and a tenant may give notice many times in one: the model
// checks the lifecycle's rules, and the limits per account are tested where they are declared
// (test/account-limits.test.ts).
lifecycleSuite('sandbox', RUNS, 0, async () => ({
  t: await buildTestApp({ rateLimits: false }),
  provider: sandboxProvider,
}));

lifecycleSuite('fake Paystack: webhooks twice and late', Math.max(1, Math.round(RUNS / 2)), 1, async () => {
  const fake = await startFakePaystack('sk_test_model');
  fake.refundStartsAs = 'processed';
  const t = await buildTestApp({ rateLimits: false, payments: paystackPayments(fake) });
  return { t, provider: paystackProvider(fake), stop: () => fake.close() };
});
