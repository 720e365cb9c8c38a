import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  formatNaira,
  PAYMENT_TYPE_OF,
  type PaymentDetail,
  type PaymentInitiate,
  type PaymentInitiateResponse,
  type PaymentKind,
} from '@studynest/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, hostels, payments, rooms, tenancies, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type AuthUser, assertAdminReady } from '../auth/index.ts';
import { holdRoom } from '../bookings/index.ts';
import { applyProviderResult } from './payment-apply.service.ts';
import {
  bookedBy,
  depositHeld,
  feeSpent,
  mergeProviderData,
  renewalOf,
  standingAgentFee,
} from './payment-rules.ts';
import { toPaymentDetail } from './payments.mapper.ts';
import { followRefundsOf } from './refunds.service.ts';

type PaymentDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'jobs'>;

/** Payment callbacks may only send people back to our own site (parsed origins, never string prefixes). */
export function checkCallbackUrl(config: Config, value: string): string {
  const refuse = () =>
    badRequest('callback_url must be a page of this site', {
      callback_url: `Use a page on ${config.trustedOrigins.join(' or ')}`,
    });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw refuse();
  if (!config.trustedOrigins.includes(url.origin)) throw refuse();
  return url.toString();
}

/** The server decides every amount; a client's `amount` is the price the person saw, and must still be it. */
function checkAmount(clientAmount: number | undefined, serverAmount: number) {
  if (clientAmount !== undefined && clientAmount !== serverAmount) {
    throw conflict(`The price has changed to ${formatNaira(serverAmount)}. Please review and try again.`, {
      amount: `The amount is now ${formatNaira(serverAmount)}`,
    });
  }
}

/** Ids an older client sends alongside the booking must name the booking's own room and hostel. */
function checkSameRoom(input: PaymentInitiate, room: { id: string; hostelId: string }) {
  if (
    (input.room_id && input.room_id !== room.id) ||
    (input.hostel_id && input.hostel_id !== room.hostelId)
  ) {
    throw badRequest('This booking is for a different room', {
      booking_id: 'This booking is for a different room',
    });
  }
}

const REFERENCE_PREFIX: Record<PaymentKind, string> = { agent_fee: 'AF', rent: 'RR', caution_fee: 'CF' };
const newReference = (kind: PaymentKind) =>
  `SN-${REFERENCE_PREFIX[kind]}-${randomBytes(10).toString('hex').toUpperCase()}`;

async function loadRoom(db: DbOrTx, roomId: string) {
  const [row] = await db
    .select({ room: rooms, hostel: hostels })
    .from(rooms)
    .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
    .where(eq(rooms.id, roomId))
    .limit(1);
  if (!row) throw notFound('This room does not exist');
  return row;
}

async function payerEmail(db: DbOrTx, userId: string) {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound('Your account no longer exists');
  return u.email;
}

type NewPayment = {
  kind: PaymentKind;
  userId: string;
  room: { id: string; hostelId: string };
  bookingId: string | null;
  amount: number;
  callbackUrl: string;
};

/**
 * Record the pending payment (through `insert`, which may do more in the same transaction), then
 * ask the provider for a checkout link. Each attempt has a fresh reference.
 */
async function startPayment(
  deps: PaymentDeps,
  payment: NewPayment,
  insert: (values: typeof payments.$inferInsert) => Promise<void>,
): Promise<PaymentInitiateResponse> {
  const { db, payments: provider } = deps;
  const email = await payerEmail(db, payment.userId);
  const reference = newReference(payment.kind);
  await insert({
    reference,
    userId: payment.userId,
    kind: payment.kind,
    bookingId: payment.bookingId,
    roomId: payment.room.id,
    hostelId: payment.room.hostelId,
    amount: payment.amount,
    currency: 'NGN',
    provider: provider.name,
    status: 'pending',
    providerData: { callbackUrl: payment.callbackUrl },
  });
  try {
    const { checkoutLink } = await provider.initialize({
      reference,
      amountNaira: payment.amount,
      email,
      callbackUrl: payment.callbackUrl,
      metadata: {
        payment_type: PAYMENT_TYPE_OF[payment.kind],
        room_id: payment.room.id,
        hostel_id: payment.room.hostelId,
        booking_id: payment.bookingId,
        user_id: payment.userId,
      },
    });
    return { checkoutLink, reference };
  } catch (err) {
    // No checkout exists for this reference: close it so it never looks payable.
    await db
      .update(payments)
      .set({
        status: 'failed',
        updatedAt: sql`now()`,
        providerData: mergeProviderData({
          failureReason: `initialize failed: ${err instanceof Error ? err.message : String(err)}`,
        }),
      })
      .where(and(eq(payments.reference, reference), eq(payments.status, 'pending')));
    throw err;
  }
}

/**
 * Pay a booking's agent fee. The booking names the room, hostel and price; paying keeps the
 * room's hold for the student (or takes it back, under the same per-student limit as booking).
 */
export async function initiateAgentFee(
  deps: PaymentDeps,
  user: AuthUser,
  input: PaymentInitiate,
): Promise<PaymentInitiateResponse> {
  const { db } = deps;
  const callbackUrl = checkCallbackUrl(deps.config, input.callback_url);
  if (!input.booking_id) {
    throw badRequest('booking_id is required to pay an agent fee', { booking_id: 'Required' });
  }
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.booking_id)).limit(1);
  if (!booking) throw notFound('This booking does not exist');
  if (booking.userId !== user.id)
    throw forbidden('Only the student who made this booking can pay its agent fee');
  const { room, hostel } = await loadRoom(db, booking.roomId);
  checkSameRoom(input, room);
  if (booking.status === 'confirmed') throw conflict('The agent fee for this booking is already paid');
  if (booking.status === 'cancelled')
    throw conflict('This booking was cancelled. Please book the room again.');
  if (hostel.isClosed) throw conflict('This hostel is not taking bookings right now');
  checkAmount(input.amount, room.agentFee);

  return startPayment(
    deps,
    { kind: 'agent_fee', userId: user.id, room, bookingId: booking.id, amount: room.agentFee, callbackUrl },
    (values) =>
      db.transaction(async (tx) => {
        const holdUntil = await holdRoom(tx, room.id, user.id);
        await tx
          .update(bookings)
          .set({ status: 'pending', holdExpiresAt: holdUntil })
          .where(eq(bookings.id, booking.id));
        await tx.insert(payments).values(values);
      }),
  );
}

/** What a room payment (rent, caution deposit) is called in its refusals. */
const ROOM_PAYMENT_WORD = { rent: 'rent', caution_fee: 'caution deposit' } as const;
type RoomPaymentKind = keyof typeof ROOM_PAYMENT_WORD;

/** The room rent or the deposit is paid for: the booking's room, or (a tenant) the room named. */
async function roomPaidFor(db: DbOrTx, user: AuthUser, input: PaymentInitiate, kind: RoomPaymentKind) {
  if (input.booking_id) {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.booking_id)).limit(1);
    if (!booking) throw notFound('This booking does not exist');
    if (booking.userId !== user.id) throw forbidden('This booking belongs to someone else');
    const found = await loadRoom(db, booking.roomId);
    checkSameRoom(input, found.room);
    return { ...found, bookingId: booking.id };
  }
  if (!input.room_id) {
    throw badRequest(
      `Say which booking (booking_id) or room (room_id) the ${ROOM_PAYMENT_WORD[kind]} is for`,
      {
        booking_id: 'Required when room_id is not given',
      },
    );
  }
  const found = await loadRoom(db, input.room_id);
  if (input.hostel_id && input.hostel_id !== found.room.hostelId) {
    throw badRequest('This room is not in that hostel', { room_id: 'This room is not in that hostel' });
  }
  return { ...found, bookingId: null };
}

/**
 * Pay (or renew) a room's yearly rent, or its caution deposit: one request-to-pay path. The tenant
 * may always pay; otherwise only the student the room is booked for (who paid its agent fee) may
 * (docs/domain.md, "Tenancy" and "Caution deposit"). Rent costs the room's price, the deposit its
 * caution fee, which is paid once while it is held.
 */
async function initiateRoomPayment(
  deps: PaymentDeps,
  user: AuthUser,
  input: PaymentInitiate,
  kind: RoomPaymentKind,
): Promise<PaymentInitiateResponse> {
  const { db } = deps;
  const callbackUrl = checkCallbackUrl(deps.config, input.callback_url);
  const { room, bookingId } = await roomPaidFor(db, user, input, kind);

  const [running] = await db
    .select({
      userId: tenancies.userId,
      dueDate: tenancies.dueDate,
      noticeMoveOutOn: tenancies.noticeMoveOutOn,
    })
    .from(tenancies)
    .where(and(eq(tenancies.roomId, room.id), isNull(tenancies.endedAt)))
    .limit(1);
  const [facts] = await db
    .select({
      bookerId: bookedBy(room.id),
      paidAgentFee: sql<boolean>`exists (
        select 1 from ${payments}
        where ${payments.userId} = ${user.id} and ${payments.roomId} = ${room.id} and ${standingAgentFee}
          and not ${feeSpent(payments.id)})`,
      depositHeld: sql<boolean>`exists (select 1 from ${payments} where ${depositHeld(user.id, room.id)})`,
    })
    .from(sql`(select 1) as one`);
  if (running?.userId === user.id) {
    if (kind === 'rent') {
      const renewal = renewalOf(running);
      if (!renewal.open) throw conflict(renewal.message ?? 'Renewal is not open yet');
    }
  } else {
    if (!facts?.paidAgentFee) {
      if (kind === 'caution_fee') {
        throw conflict('Pay the agent fee for this room before its caution deposit');
      }
      throw forbidden(
        'Only the student who paid the agent fee for this room, or its tenant, can pay its rent',
      );
    }
    if (running || room.status === 'rented') throw conflict('This room is already rented');
    if (facts.bookerId !== user.id) throw conflict('This room has been booked by someone else');
    const heldByOther =
      room.status === 'available' &&
      room.heldByUserId &&
      room.heldByUserId !== user.id &&
      room.heldUntil &&
      room.heldUntil.getTime() > Date.now();
    if (heldByOther) throw conflict('Someone else is booking this room right now');
  }
  if (kind === 'caution_fee') {
    if (facts?.depositHeld) throw conflict('Your caution deposit for this room is already paid');
    if (room.cautionFee <= 0) throw conflict('This room asks for no caution deposit');
  }
  const amount = kind === 'rent' ? room.price : room.cautionFee;
  checkAmount(input.amount, amount);

  return startPayment(
    deps,
    { kind, userId: user.id, room, bookingId, amount, callbackUrl },
    async (values) => {
      await db.insert(payments).values(values);
    },
  );
}

export const initiateRent = (deps: PaymentDeps, user: AuthUser, input: PaymentInitiate) =>
  initiateRoomPayment(deps, user, input, 'rent');

export const initiateCautionFee = (deps: PaymentDeps, user: AuthUser, input: PaymentInitiate) =>
  initiateRoomPayment(deps, user, input, 'caution_fee');

/** Ask the provider about a still-open payment and apply what it says (idempotent). */
async function refresh(
  deps: PaymentDeps,
  payment: { reference: string; status: string; provider: string },
): Promise<void> {
  if (payment.status !== 'pending' && payment.status !== 'abandoned') return;
  // A payment started with another provider (the server was reconfigured) cannot be asked here.
  if (payment.provider !== deps.payments.name) return;
  const result = await deps.payments.verify(payment.reference);
  await applyProviderResult(deps, payment.reference, result);
}

/**
 * A payment, brought up to date with the provider first (payer or admin). Applying the
 * provider's answer happens once whoever asks first (callback, webhook, a repeated check).
 */
export async function verifyPayment(
  deps: PaymentDeps,
  user: AuthUser,
  reference: string,
): Promise<PaymentDetail> {
  const [payment] = await deps.db
    .select({
      userId: payments.userId,
      reference: payments.reference,
      status: payments.status,
      provider: payments.provider,
    })
    .from(payments)
    .where(eq(payments.reference, reference))
    .limit(1);
  if (!payment) throw notFound('No payment has this reference');
  if (payment.userId !== user.id) {
    if (user.role !== 'admin') throw forbidden('You can only check your own payments');
    assertAdminReady(deps.config, user);
  }
  await refresh(deps, payment);
  return getPaymentDetail(deps, reference);
}

/**
 * Paystack's webhook: signature first, then ask Paystack itself — the webhook body alone is never
 * trusted. Charges and refunds (refund.processed / refund.failed) alike.
 */
export async function handlePaystackWebhook(
  deps: PaymentDeps,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<void> {
  const event = deps.payments.parseWebhook(rawBody, headers);
  if (event?.event === 'refund.processed' || event?.event === 'refund.failed') {
    return followRefundsOf(deps, event.reference);
  }
  if (event?.event !== 'charge.success') return;
  const [payment] = await deps.db
    .select({ reference: payments.reference, status: payments.status, provider: payments.provider })
    .from(payments)
    .where(eq(payments.reference, event.reference))
    .limit(1);
  if (!payment) return;
  await refresh(deps, payment);
}

export async function getPaymentDetail({ db }: Pick<Deps, 'db'>, reference: string): Promise<PaymentDetail> {
  const [row] = await db
    .select({ payment: payments, room: rooms, hostel: hostels, booking: bookings })
    .from(payments)
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.reference, reference))
    .limit(1);
  if (!row) throw notFound('No payment has this reference');
  const { payment } = row;

  let tenancy: { startDate: string; dueDate: string } | null = null;
  if (payment.kind === 'rent' && payment.status === 'success' && !payment.needsRefund) {
    const [t] = await db
      .select({ startDate: tenancies.startDate, dueDate: tenancies.dueDate })
      .from(tenancies)
      .where(and(eq(tenancies.userId, payment.userId), eq(tenancies.roomId, payment.roomId)))
      .orderBy(sql`${tenancies.endedAt} is null desc`, desc(tenancies.createdAt))
      .limit(1);
    tenancy = t ?? null;
  }
  return toPaymentDetail(row, tenancy);
}
