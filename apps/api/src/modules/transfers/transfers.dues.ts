import {
  type AmountDue,
  addDays,
  BUSINESS,
  formatNaira,
  type PaymentKind,
  type RentPlanName,
} from '@studynest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAcceptedAgreement } from '../agreements/index.ts';
import { bookings, effectiveStatus } from '../bookings/index.ts';
import { requireApprovedDocuments } from '../documents/index.ts';
import { payments, standingAgentFee } from '../payments/index.ts';
import { effectiveRentPlan, roomWithItsHostel } from '../rooms/index.ts';
import { getSettings } from '../settings/index.ts';
import {
  bookingFeeOf,
  checkRoomPayment,
  quoteRent,
  rentDueOf,
  runningTenancyOf,
  tenancies,
} from '../tenancies/index.ts';

/*
 * What a student owes now that a bank transfer may pay (docs/domain.md, "Bank transfers"): the
 * same rules as starting a checkout of it — a booking's agent fee while its hold lasts, the
 * caution deposit and the rent of the room she is booked for or rents — read, not asked.
 */

/** One amount due, with what recording its payment needs. */
export type Due = AmountDue & {
  room: { id: string; hostelId: string };
  bookingId: string | null;
  /** Oldest first: since when it could be paid. */
  since: Date;
  /** Rent that starts a year: the plan it starts and the year's rent it splits (else null). */
  rentPlan?: RentPlanName | null;
  rentYear?: number | null;
};

const KIND_ORDER: Record<PaymentKind, number> = { agent_fee: 0, caution_fee: 1, rent: 2 };

/**
 * `rent:<room id>` (the year, or a running year's next part), `rent:<room id>:<plan>` (a new year's
 * first part on the room's plan), `caution_fee:<room id>`, `agent_fee:<booking id>`: what GET …/dues
 * names and allocate takes.
 */
const dueKey = (kind: PaymentKind, id: string) => `${kind}:${id}`;

/** A check that refuses (403/409) means "not owed now", not an error of ours. */
async function allowed(check: () => Promise<void>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return false;
    throw err;
  }
}

type RoomAndHostel = Awaited<ReturnType<typeof roomWithItsHostel>>;
type RentDue = Pick<Due, 'key' | 'amount' | 'label' | 'due_on' | 'rentPlan' | 'rentYear'>;

/**
 * The rent she may pay now for a room, as a checkout would quote it (the tenancies module's
 * `quoteRent`, docs/domain.md "Rent plans"): on a running year with parts unpaid, the next part's
 * balance; for a year not started (a first rent, a renewal once open), the full year and, when the
 * room offers a plan, that plan's first part too — a transfer of either amount starts the year on
 * it. Anything in between is held for an admin to allocate.
 */
async function rentDuesFor(db: DbOrTx, userId: string, { room, hostel }: RoomAndHostel): Promise<RentDue[]> {
  if (!(await allowed(() => checkRoomPayment(db, userId, room, 'rent')))) return [];
  // With paperwork required, rent waits for approved documents and her accepted agreement, as at checkout.
  if ((await getSettings({ db })).paperwork_required_for_rent) {
    const ready = await allowed(async () => {
      await requireApprovedDocuments({ db }, userId);
      await requireAcceptedAgreement(db, userId, room);
    });
    if (!ready) return [];
  }
  const place = `${room.roomNumber}, ${hostel.hostelName}`;
  const key = dueKey('rent', room.id);
  const quote = await quoteRent(db, userId, room, hostel.rentPlan, {});
  if (quote.rentPlan === null) {
    // A running year on a plan: its next part, due on that part's day.
    const next = await rentDueOf(db, userId);
    return [
      {
        key,
        amount: quote.amount,
        label: `${quote.words}: ${place}`,
        due_on: next?.room_id === room.id ? next.due_on : null,
        rentPlan: null,
        rentYear: null,
      },
    ];
  }
  const [tenancy] = await db
    .select({ dueDate: tenancies.dueDate })
    .from(tenancies)
    .where(runningTenancyOf(room.id, userId))
    .limit(1);
  const year = (q: typeof quote, keyed: string): RentDue => ({
    key: keyed,
    amount: q.amount,
    label: `${tenancy ? `${q.words} (renewal)` : q.words}: ${place}`,
    due_on: tenancy?.dueDate ?? null,
    rentPlan: q.rentPlan,
    rentYear: q.rentYear,
  });
  const offered = effectiveRentPlan(room, hostel.rentPlan);
  const dues = [year(quote, key)];
  if (offered !== 'full') {
    dues.push(
      year(await quoteRent(db, userId, room, hostel.rentPlan, { plan: offered }), `${key}:${offered}`),
    );
  }
  return dues;
}

/** Everything she owes now, oldest first. */
export async function amountsDue(db: DbOrTx, userId: string): Promise<Due[]> {
  const dues: Due[] = [];

  // A booking's agent fee, while its hold lasts and nothing has paid it.
  const pending = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, 'pending'),
        sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'success')`,
      ),
    );
  for (const booking of pending.filter((b) => effectiveStatus(b) === 'pending')) {
    const { room, hostel } = await roomWithItsHostel(db, booking.roomId);
    dues.push({
      key: dueKey('agent_fee', booking.id),
      kind: 'agent_fee',
      label: `Agent fee for the inspection of ${room.roomNumber}, ${hostel.hostelName}`,
      amount: room.agentFee,
      due_on: null,
      room: { id: room.id, hostelId: room.hostelId },
      bookingId: booking.id,
      since: booking.createdAt,
    });
  }

  // Her rooms: the one she rents, and the one her standing agent fee books for her.
  const mine = await db
    .select({ roomId: payments.roomId, since: sql<Date>`min(${payments.paidAt})`.mapWith(payments.paidAt) })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        standingAgentFee,
        sql`${bookingFeeOf(sql`${payments.roomId}`, userId)} is not null`,
      ),
    )
    .groupBy(payments.roomId);
  const rented = await db
    .select({ roomId: tenancies.roomId, dueDate: tenancies.dueDate })
    .from(tenancies)
    .where(and(eq(tenancies.userId, userId), sql`${tenancies.endedAt} is null`));
  const rooms = new Map<string, Date>();
  for (const r of mine) rooms.set(r.roomId, r.since ?? new Date());
  for (const r of rented) {
    // A renewal is due from the day renewal opens.
    rooms.set(r.roomId, new Date(`${addDays(r.dueDate, -BUSINESS.renewalWindowDays)}T00:00:00+01:00`));
  }

  for (const [roomId, since] of rooms) {
    const found = await roomWithItsHostel(db, roomId);
    const { room, hostel } = found;
    const where = { id: room.id, hostelId: room.hostelId };
    if (await allowed(() => checkRoomPayment(db, userId, room, 'caution_fee'))) {
      dues.push({
        key: dueKey('caution_fee', room.id),
        kind: 'caution_fee',
        label: `Caution deposit for ${room.roomNumber}, ${hostel.hostelName}`,
        amount: room.cautionFee,
        due_on: null,
        room: where,
        bookingId: null,
        since,
      });
    }
    for (const rent of await rentDuesFor(db, userId, found)) {
      dues.push({ kind: 'rent', ...rent, room: where, bookingId: null, since });
    }
  }

  return dues.sort(
    (a, b) => a.since.getTime() - b.since.getTime() || KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
  );
}

/** Why a transfer of this amount pays nothing she owes, in her words. */
export function whyHeld(amount: number, dues: Due[]): string {
  const sent = formatNaira(amount);
  if (!dues.length) return `${sent} arrived when you owed nothing`;
  const oldest = dues[0]!;
  const owed = `${formatNaira(oldest.amount)} ${oldest.label.charAt(0).toLowerCase()}${oldest.label.slice(1)}`;
  return amount < oldest.amount
    ? `${sent} is less than what you owe (${owed})`
    : `${sent} does not match anything you owe (${owed})`;
}

/** The amount due a public view shows (AmountDueSchema). */
export const toAmountDue = ({ key, kind, label, amount, due_on }: Due): AmountDue => ({
  key,
  kind,
  label,
  amount,
  due_on,
});
