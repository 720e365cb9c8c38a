import type { IncomingHttpHeaders } from 'node:http';
import {
  formatNaira,
  type PaymentDetail,
  type PaymentInitiate,
  type PaymentInitiateResponse,
  type PaymentKind,
} from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { VerifyResult, WebhookEvent } from '../../payment-providers/provider.ts';
import { requireAcceptedAgreement } from '../agreements/index.ts';
import { type AuthUser, assertAdminReady } from '../auth/index.ts';
import { agentFeeBooking, applyAgentFee, bookings, markBookingInspected } from '../bookings/index.ts';
import { requireApprovedDocuments } from '../documents/index.ts';
import { dispatch } from '../messages/index.ts';
import {
  type PaymentRow,
  payments,
  recordPaymentNotice,
  recordProviderAnswer,
  startPayment,
} from '../payments/index.ts';
import { getPaymentDetail } from '../receipts/index.ts';
import { followRefundsOf } from '../refunds/index.ts';
import { roomWithItsHostel } from '../rooms/index.ts';
import { getSettings } from '../settings/index.ts';
import { applyDeposit, applyRent, checkRoomPayment, type RoomPaymentKind } from '../tenancies/index.ts';

/*
 * The checkout process (docs/domain.md, "Payments"): start a payment of a kind — asking the owner
 * of what is paid for whether it may be — take it through the provider, and apply a success
 * through the owners' transitions in the one transaction that records it (docs/domain.md,
 * "Events that cross lifecycles"). It owns no table.
 */

type CheckoutDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'jobs'>;

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

/** What the provider's checkout page says is being paid for. */
function describe(kind: PaymentKind, room: { roomNumber: string; unit: string }, hostelName: string) {
  const place = `${room.roomNumber} (${room.unit}) at ${hostelName}`;
  if (kind === 'agent_fee') return `Agent fee for the inspection of ${place}`;
  if (kind === 'caution_fee') return `Caution deposit for ${place}`;
  return `Rent for 12 months: ${place}`;
}

/** Pay a booking's agent fee: the booking names the room, hostel and price. */
export async function initiateAgentFee(
  deps: CheckoutDeps,
  user: AuthUser,
  input: PaymentInitiate,
): Promise<PaymentInitiateResponse> {
  const callbackUrl = checkCallbackUrl(deps.config, input.callback_url);
  const { booking, room, hostel, hold } = await agentFeeBooking(deps.db, user.id, input);
  checkAmount(input.amount, room.agentFee);
  return startPayment(
    deps,
    {
      kind: 'agent_fee',
      userId: user.id,
      room,
      bookingId: booking.id,
      amount: room.agentFee,
      callbackUrl,
      description: describe('agent_fee', room, hostel.hostelName),
    },
    hold,
  );
}

/** The room rent or the deposit is paid for: the booking's room, or (a tenant) the room named. */
async function roomPaidFor(db: DbOrTx, user: AuthUser, input: PaymentInitiate, kind: RoomPaymentKind) {
  if (input.booking_id) {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.booking_id)).limit(1);
    if (!booking) throw notFound('This booking does not exist');
    if (booking.userId !== user.id) throw forbidden('This booking belongs to someone else');
    const found = await roomWithItsHostel(db, booking.roomId);
    if (
      (input.room_id && input.room_id !== found.room.id) ||
      (input.hostel_id && input.hostel_id !== found.room.hostelId)
    ) {
      throw badRequest('This booking is for a different room', {
        booking_id: 'This booking is for a different room',
      });
    }
    return { ...found, bookingId: booking.id };
  }
  if (!input.room_id) {
    throw badRequest(
      `Say which booking (booking_id) or room (room_id) the ${kind === 'rent' ? 'rent' : 'caution deposit'} is for`,
      { booking_id: 'Required when room_id is not given' },
    );
  }
  const found = await roomWithItsHostel(db, input.room_id);
  if (input.hostel_id && input.hostel_id !== found.room.hostelId) {
    throw badRequest('This room is not in that hostel', { room_id: 'This room is not in that hostel' });
  }
  return { ...found, bookingId: null };
}

/**
 * Pay (or renew) a room's yearly rent, or its caution deposit: one request-to-pay path; the
 * tenancies module says who may (docs/domain.md, "Tenancy" and "Caution deposit"). Rent costs the
 * room's price, the deposit its caution fee.
 */
async function initiateRoomPayment(
  deps: CheckoutDeps,
  user: AuthUser,
  input: PaymentInitiate,
  kind: RoomPaymentKind,
): Promise<PaymentInitiateResponse> {
  const callbackUrl = checkCallbackUrl(deps.config, input.callback_url);
  const { room, hostel, bookingId } = await roomPaidFor(deps.db, user, input, kind);
  await checkRoomPayment(deps.db, user.id, room, kind);
  // The paperwork setting (off by default): rent waits for approved documents, then for her
  // accepted tenancy agreement for this rent.
  if (kind === 'rent' && (await getSettings(deps)).paperwork_required_for_rent) {
    await requireApprovedDocuments(deps, user.id);
    await requireAcceptedAgreement(deps.db, user.id, room);
  }
  const amount = kind === 'rent' ? room.price : room.cautionFee;
  checkAmount(input.amount, amount);
  return startPayment(deps, {
    kind,
    userId: user.id,
    room,
    bookingId,
    amount,
    callbackUrl,
    description: describe(kind, room, hostel.hostelName),
  });
}

export const initiateRent = (deps: CheckoutDeps, user: AuthUser, input: PaymentInitiate) =>
  initiateRoomPayment(deps, user, input, 'rent');

export const initiateCautionFee = (deps: CheckoutDeps, user: AuthUser, input: PaymentInitiate) =>
  initiateRoomPayment(deps, user, input, 'caution_fee');

export type ApplyOutcome = 'applied' | 'already' | 'mismatch' | 'unsuccessful' | 'pending';

/**
 * Record what the provider said about a payment and, for a success, apply its effect EXACTLY once,
 * through the owners of what it paid for, in the same transaction (the payments module lets only
 * one caller turn it success). The payer is told once it has committed.
 */
export async function applyProviderResult(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  reference: string,
  result: VerifyResult,
): Promise<ApplyOutcome> {
  let notices: string[] = [];
  const outcome = await deps.db.transaction(async (tx): Promise<ApplyOutcome> => {
    const answer = await recordProviderAnswer(tx, reference, result);
    if (answer.outcome !== 'succeeded') return answer.outcome;
    notices = await applySuccess(tx, deps, answer.payment);
    return 'applied';
  });
  await dispatch(deps, notices);
  return outcome;
}

/**
 * What a success does, through the owners of what it paid for, in the transaction that recorded
 * it — whether a checkout's (above) or one paid from a bank transfer (the transfers module). Returns
 * the payer's notice, to dispatch once the transaction has committed.
 */
export async function applySuccess(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  payment: PaymentRow,
): Promise<string[]> {
  if (payment.kind === 'agent_fee') await applyAgentFee(tx, payment);
  else if (payment.kind === 'caution_fee') await applyDeposit(tx, payment);
  else {
    const { spentFeeId } = await applyRent(tx, payment);
    if (spentFeeId) await markBookingInspected(tx, spentFeeId);
  }
  return recordPaymentNotice(tx, deps, payment.id);
}

/** Ask the provider about a still-open payment and apply what it says (idempotent). */
async function refresh(
  deps: CheckoutDeps,
  payment: { reference: string; status: string; provider: string },
): Promise<void> {
  if (payment.status !== 'pending' && payment.status !== 'abandoned') return;
  // A payment started with another provider (the server was reconfigured) cannot be asked here.
  if (payment.provider !== deps.payments.name) return;
  await applyProviderResult(deps, payment.reference, await deps.payments.verify(payment.reference));
}

const openPayment = async (db: DbOrTx, reference: string) => {
  const [payment] = await db
    .select({
      userId: payments.userId,
      reference: payments.reference,
      status: payments.status,
      provider: payments.provider,
    })
    .from(payments)
    .where(eq(payments.reference, reference))
    .limit(1);
  return payment;
};

/** The provider has news of a payment (a webhook, the sandbox's page): ask it, and apply the answer. */
export async function settleFromProvider(deps: CheckoutDeps, reference: string): Promise<void> {
  const payment = await openPayment(deps.db, reference);
  if (payment) await refresh(deps, payment);
}

/**
 * A payment, brought up to date with the provider first (payer or admin). Applying the
 * provider's answer happens once whoever asks first (callback, webhook, a repeated check).
 */
export async function verifyPayment(
  deps: CheckoutDeps,
  user: AuthUser,
  reference: string,
): Promise<PaymentDetail> {
  const payment = await openPayment(deps.db, reference);
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
  deps: CheckoutDeps,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  /**
   * Events about money that no checkout started — a transfer to a student's own account number,
   * her account being assigned — which the transfers module (above this one) handles; true when it did.
   */
  transferEvent: (event: WebhookEvent) => Promise<boolean> = async () => false,
): Promise<void> {
  const event = deps.payments.parseWebhook(rawBody, headers);
  if (!event) return;
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    return followRefundsOf(deps, event);
  }
  if (await transferEvent(event)) return;
  if (event.event === 'charge.success') await settleFromProvider(deps, event.reference);
}
