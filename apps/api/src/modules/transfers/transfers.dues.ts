import { type AmountDue, addDays, BUSINESS, formatNaira, type PaymentKind } from '@studynest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAcceptedAgreement } from '../agreements/index.ts';
import { bookings, effectiveStatus } from '../bookings/index.ts';
import { requireApprovedDocuments } from '../documents/index.ts';
import { payments, standingAgentFee } from '../payments/index.ts';
import { roomWithItsHostel } from '../rooms/index.ts';
import { getSettings } from '../settings/index.ts';
import { bookingFeeOf, checkRoomPayment, runningTenancyOf, tenancies } from '../tenancies/index.ts';

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
};

const KIND_ORDER: Record<PaymentKind, number> = { agent_fee: 0, caution_fee: 1, rent: 2 };

/** `rent:<room id>`, `caution_fee:<room id>`, `agent_fee:<booking id>`: what GET …/dues names and allocate takes. */
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

/**
 * The rent she may pay now for a room, in full (a first year, or a renewal once it is open). The one
 * place rent's amount due is read, so that rent in instalments (the tenancies module's `rentDueOf`,
 * the next part she owes) replaces only this.
 */
async function rentDueFor(
  db: DbOrTx,
  userId: string,
  { room, hostel }: RoomAndHostel,
): Promise<{ amount: number; label: string; due_on: string | null } | null> {
  if (!(await allowed(() => checkRoomPayment(db, userId, room, 'rent')))) return null;
  // With paperwork required, rent waits for approved documents and her accepted agreement, as at checkout.
  if ((await getSettings({ db })).paperwork_required_for_rent) {
    const ready = await allowed(async () => {
      await requireApprovedDocuments({ db }, userId);
      await requireAcceptedAgreement(db, userId, room);
    });
    if (!ready) return null;
  }
  const [tenancy] = await db
    .select({ dueDate: tenancies.dueDate })
    .from(tenancies)
    .where(runningTenancyOf(room.id, userId))
    .limit(1);
  const place = `${room.roomNumber}, ${hostel.hostelName}`;
  return {
    amount: room.price,
    label: tenancy ? `Rent renewal for 12 months: ${place}` : `Rent for 12 months: ${place}`,
    due_on: tenancy?.dueDate ?? null,
  };
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
    const rent = await rentDueFor(db, userId, found);
    if (rent)
      dues.push({ key: dueKey('rent', room.id), kind: 'rent', ...rent, room: where, bookingId: null, since });
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
