import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type {
  PaymentDetail,
  PaymentInitiateResponse,
  PaymentType,
  Refund,
  Tenant,
} from '@studynest/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookings, hostels, payments, rooms, tenancies, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { daysBetween, todayInLagos } from '../../lib/lagos-time.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { assertAdminReady } from '../auth/mfa.service.ts';
import type { AuthUser } from '../auth/tokens.ts';
import { inspectionDateTime } from '../bookings/bookings.service.ts';
import { holdRoom } from '../bookings/room-hold.ts';
import { applyProviderResult, mergeProviderData } from './payment-apply.service.ts';

type Kind = 'agent_fee' | 'room_rent';
export const paymentTypeOf = (kind: string): PaymentType =>
  kind === 'agent_fee' ? 'AGENT_FEE' : 'ROOM_RENT';

const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});
export const formatNaira = (amount: number) => naira.format(amount);

export type InitiateInput = {
  amount?: number;
  room_id: string;
  hostel_id: string;
  booking_id?: string;
  callback_url: string;
};

type Deps = { db: Db; config: Config; provider: PaymentProvider };

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

function checkAmount(clientAmount: number | undefined, serverAmount: number) {
  if (clientAmount !== undefined && clientAmount !== serverAmount) {
    throw conflict(`The price has changed to ${formatNaira(serverAmount)}. Please review and try again.`, {
      amount: `The amount is now ${formatNaira(serverAmount)}`,
    });
  }
}

const newReference = (kind: Kind) =>
  `SN-${kind === 'agent_fee' ? 'AF' : 'RR'}-${randomBytes(10).toString('hex').toUpperCase()}`;

async function loadRoom(db: DbOrTx, roomId: string, hostelId: string) {
  const [room] = await db
    .select({ room: rooms, hostel: hostels })
    .from(rooms)
    .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
    .where(eq(rooms.id, roomId))
    .limit(1);
  if (!room) throw notFound('This room does not exist');
  if (room.room.hostelId !== hostelId) {
    throw badRequest('This room is not in that hostel', { room_id: 'This room is not in that hostel' });
  }
  return room;
}

async function payerEmail(db: DbOrTx, userId: string) {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound('Your account no longer exists');
  return u.email;
}

/** Create the pending payment row, then ask the provider for a checkout link. */
async function startPayment(
  deps: Deps,
  row: {
    kind: Kind;
    userId: string;
    roomId: string;
    hostelId: string;
    bookingId: string | null;
    amount: number;
    callbackUrl: string;
    email: string;
  },
  insert: (values: typeof payments.$inferInsert) => Promise<void>,
): Promise<PaymentInitiateResponse> {
  const reference = newReference(row.kind);
  await insert({
    reference,
    userId: row.userId,
    kind: row.kind,
    bookingId: row.bookingId,
    roomId: row.roomId,
    hostelId: row.hostelId,
    amount: row.amount,
    currency: 'NGN',
    provider: deps.provider.name,
    status: 'pending',
    providerData: { callbackUrl: row.callbackUrl },
  });
  try {
    const { checkoutLink } = await deps.provider.initialize({
      reference,
      amountNaira: row.amount,
      email: row.email,
      callbackUrl: row.callbackUrl,
      metadata: {
        payment_type: paymentTypeOf(row.kind),
        room_id: row.roomId,
        hostel_id: row.hostelId,
        booking_id: row.bookingId,
        user_id: row.userId,
      },
    });
    return { checkoutLink, reference };
  } catch (err) {
    // No checkout exists for this reference: close it so it never looks payable.
    await deps.db
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

export async function initiateAgentFee(
  deps: Deps,
  user: AuthUser,
  input: InitiateInput,
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
  if (booking.roomId !== input.room_id || booking.hostelId !== input.hostel_id) {
    throw badRequest('This booking is for a different room', {
      booking_id: 'This booking is for a different room',
    });
  }
  if (booking.status === 'confirmed') throw conflict('The agent fee for this booking is already paid');
  if (booking.status === 'cancelled')
    throw conflict('This booking was cancelled. Please book the room again.');
  const { room, hostel } = await loadRoom(db, input.room_id, input.hostel_id);
  if (hostel.isClosed) throw conflict('This hostel is not taking bookings right now');
  checkAmount(input.amount, room.agentFee);
  const email = await payerEmail(db, user.id);

  return startPayment(
    deps,
    {
      kind: 'agent_fee',
      userId: user.id,
      roomId: room.id,
      hostelId: room.hostelId,
      bookingId: booking.id,
      amount: room.agentFee,
      callbackUrl,
      email,
    },
    (values) =>
      db.transaction(async (tx) => {
        // Paying keeps (or takes back) the hold: the booking's hold is live, or the room is still free.
        const holdUntil = await holdRoom(tx, room.id, user.id);
        await tx
          .update(bookings)
          .set({ status: 'pending', holdExpiresAt: holdUntil })
          .where(eq(bookings.id, booking.id));
        await tx.insert(payments).values(values);
      }),
  );
}

export async function initiateRent(
  deps: Deps,
  user: AuthUser,
  input: InitiateInput,
): Promise<PaymentInitiateResponse> {
  const { db } = deps;
  const callbackUrl = checkCallbackUrl(deps.config, input.callback_url);
  if (input.booking_id) {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.booking_id)).limit(1);
    if (!booking) throw notFound('This booking does not exist');
    if (booking.userId !== user.id) throw forbidden('This booking belongs to someone else');
    if (booking.roomId !== input.room_id) {
      throw badRequest('This booking is for a different room', {
        booking_id: 'This booking is for a different room',
      });
    }
  }
  const { room } = await loadRoom(db, input.room_id, input.hostel_id);

  const [tenancy] = await db
    .select({ userId: tenancies.userId })
    .from(tenancies)
    .where(and(eq(tenancies.roomId, room.id), isNull(tenancies.endedAt)))
    .limit(1);
  if (tenancy?.userId !== user.id) {
    const [agentFee] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.userId, user.id),
          eq(payments.roomId, room.id),
          eq(payments.kind, 'agent_fee'),
          eq(payments.status, 'success'),
          eq(payments.needsRefund, false),
        ),
      )
      .limit(1);
    if (!agentFee) {
      throw forbidden(
        'Only the student who paid the agent fee for this room, or its tenant, can pay its rent',
      );
    }
    if (tenancy || room.status === 'rented') throw conflict('This room is already rented');
    const [bookedBy] = await db
      .select({ userId: payments.userId })
      .from(payments)
      .where(
        and(
          eq(payments.roomId, room.id),
          eq(payments.kind, 'agent_fee'),
          eq(payments.status, 'success'),
          eq(payments.needsRefund, false),
        ),
      )
      .orderBy(sql`${payments.paidAt} desc nulls last`, desc(payments.createdAt))
      .limit(1);
    if (bookedBy?.userId !== user.id) throw conflict('This room has been booked by someone else');
    const heldByOther =
      room.status === 'available' &&
      room.heldByUserId &&
      room.heldByUserId !== user.id &&
      room.heldUntil &&
      room.heldUntil.getTime() > Date.now();
    if (heldByOther) throw conflict('Someone else is booking this room right now');
  }
  checkAmount(input.amount, room.price);
  const email = await payerEmail(db, user.id);

  return startPayment(
    deps,
    {
      kind: 'room_rent',
      userId: user.id,
      roomId: room.id,
      hostelId: room.hostelId,
      bookingId: input.booking_id ?? null,
      amount: room.price,
      callbackUrl,
      email,
    },
    async (values) => {
      await db.insert(payments).values(values);
    },
  );
}

/** Ask the provider about a still-open payment and apply what it says (idempotent). */
async function refresh(deps: Deps, payment: { reference: string; status: string; provider: string }) {
  if (payment.status !== 'pending' && payment.status !== 'abandoned') return;
  // A payment started with another provider (the server was reconfigured) cannot be asked here.
  if (payment.provider !== deps.provider.name) return;
  const result = await deps.provider.verify(payment.reference);
  await applyProviderResult(deps.db, payment.reference, result);
}

export async function verifyPayment(deps: Deps, user: AuthUser, reference: string): Promise<PaymentDetail> {
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
  return getPaymentDetail(deps.db, reference);
}

/** Paystack's webhook: signature first, then ask Paystack itself — the webhook body alone is never trusted. */
export async function handlePaystackWebhook(
  deps: Deps,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<void> {
  const event = deps.provider.parseWebhook(rawBody, headers);
  if (event?.event !== 'charge.success') return;
  const [payment] = await deps.db
    .select({ reference: payments.reference, status: payments.status, provider: payments.provider })
    .from(payments)
    .where(eq(payments.reference, event.reference))
    .limit(1);
  if (!payment) return;
  await refresh(deps, payment);
}

export async function getPaymentDetail(db: DbOrTx, reference: string): Promise<PaymentDetail> {
  const [row] = await db
    .select({ payment: payments, room: rooms, hostel: hostels, booking: bookings })
    .from(payments)
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.reference, reference))
    .limit(1);
  if (!row) throw notFound('No payment has this reference');
  const { payment, room, hostel, booking } = row;

  let tenancy: PaymentDetail['tenancy'] = null;
  if (payment.kind === 'room_rent' && payment.status === 'success' && !payment.needsRefund) {
    const [t] = await db
      .select({ startDate: tenancies.startDate, dueDate: tenancies.dueDate })
      .from(tenancies)
      .where(and(eq(tenancies.userId, payment.userId), eq(tenancies.roomId, payment.roomId)))
      .orderBy(sql`${tenancies.endedAt} is null desc`, desc(tenancies.createdAt))
      .limit(1);
    if (t) tenancy = { rentStartDate: t.startDate, rentDueDate: t.dueDate };
  }
  const type = paymentTypeOf(payment.kind);
  return {
    _id: payment.id,
    reference: payment.reference,
    status: payment.status as PaymentDetail['status'],
    payment_type: type,
    purpose: type,
    amount: payment.amount,
    paid_at: payment.paidAt?.toISOString() ?? null,
    needs_refund: payment.needsRefund,
    booking: booking ? { _id: booking.id, inspection_date_time: inspectionDateTime(booking) } : null,
    room: {
      _id: room.id,
      room_number: room.roomNumber,
      unit: room.unit,
      agent_fee: room.agentFee,
      price: room.price,
      caution_fee: room.cautionFee,
      commission_fee: room.commissionFee,
    },
    hostel: { _id: hostel.id, hostel_name: hostel.hostelName, address: hostel.address },
    tenancy,
  };
}

const personFields = {
  _id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  phone_number: users.phoneNumber,
};

/** Active tenancies, soonest due first, with what each tenant has paid in rent for that room. */
export async function listTenants(db: DbOrTx): Promise<Tenant[]> {
  const paid = db
    .select({
      userId: payments.userId,
      roomId: payments.roomId,
      total: sql<string>`sum(${payments.amount})`.as('total'),
    })
    .from(payments)
    .where(
      and(eq(payments.kind, 'room_rent'), eq(payments.status, 'success'), eq(payments.needsRefund, false)),
    )
    .groupBy(payments.userId, payments.roomId)
    .as('paid');
  const rows = await db
    .select({
      tenancy: tenancies,
      user: personFields,
      room: { _id: rooms.id, room_number: rooms.roomNumber, unit: rooms.unit },
      hostel: { _id: hostels.id, hostel_name: hostels.hostelName, address: hostels.address },
      total: paid.total,
    })
    .from(tenancies)
    .innerJoin(users, eq(users.id, tenancies.userId))
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId))
    .leftJoin(paid, and(eq(paid.userId, tenancies.userId), eq(paid.roomId, tenancies.roomId)))
    .where(isNull(tenancies.endedAt))
    .orderBy(tenancies.dueDate, hostels.hostelName, rooms.roomNumber);
  const today = todayInLagos();
  return rows.map(({ tenancy, user, room, hostel, total }) => ({
    user,
    hostel,
    room,
    rentStartDate: tenancy.startDate,
    rentDueDate: tenancy.dueDate,
    daysLeft: daysBetween(today, tenancy.dueDate),
    amountPaid: Number(total ?? 0),
  }));
}

/** Successful payments whose room had gone to someone else: money an admin must give back. */
export async function listRefunds(db: DbOrTx): Promise<Refund[]> {
  const rows = await db
    .select({
      payment: payments,
      user: personFields,
      room: { _id: rooms.id, room_number: rooms.roomNumber, unit: rooms.unit },
      hostel: { _id: hostels.id, hostel_name: hostels.hostelName, address: hostels.address },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .where(eq(payments.needsRefund, true))
    .orderBy(desc(payments.paidAt), desc(payments.createdAt));
  return rows.map(({ payment, user, room, hostel }) => ({
    _id: payment.id,
    reference: payment.reference,
    payment_type: paymentTypeOf(payment.kind),
    amount: payment.amount,
    status: payment.status as Refund['status'],
    paid_at: payment.paidAt?.toISOString() ?? null,
    user,
    room,
    hostel,
  }));
}
