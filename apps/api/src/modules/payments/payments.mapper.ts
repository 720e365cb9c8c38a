import {
  daysBetween,
  lagosDateOf,
  type OwedPayment,
  PAYMENT_TYPE_OF,
  type PaymentDetail,
  type PersonRef,
  type RoomRef,
  type TenancyNoticeState,
} from '@studynest/contracts';
import type { bookings, hostels, payments, rooms, tenancies } from '../../db/schema.ts';
import { toBookingRef } from '../bookings/index.ts';
import { toHostelRef } from '../hostels/index.ts';
import { toPaymentRoom } from '../rooms/index.ts';

type PaymentRow = typeof payments.$inferSelect;
type TenancyDates = Pick<typeof tenancies.$inferSelect, 'startDate' | 'dueDate'>;

/** The dates of a tenancy as payments and the profile show them (the spec's camelCase names). */
export const toTenancyDates = (t: TenancyDates) => ({ rentStartDate: t.startDate, rentDueDate: t.dueDate });

/** A tenancy's notice to leave, as the tenant and admins see it (null until given). */
export const toNotice = (t: {
  noticeGivenAt: Date | null;
  noticeMoveOutOn: string | null;
}): TenancyNoticeState | null =>
  t.noticeGivenAt && t.noticeMoveOutOn
    ? { given_at: t.noticeGivenAt.toISOString(), move_out_on: t.noticeMoveOutOn }
    : null;

/** GET /payments/verify: the payment with what it paid for. */
export function toPaymentDetail(
  row: {
    payment: PaymentRow;
    room: typeof rooms.$inferSelect;
    hostel: typeof hostels.$inferSelect;
    booking: typeof bookings.$inferSelect | null;
  },
  tenancy: TenancyDates | null,
): PaymentDetail {
  const { payment, room, hostel, booking } = row;
  const type = PAYMENT_TYPE_OF[payment.kind];
  return {
    _id: payment.id,
    reference: payment.reference,
    status: payment.status,
    payment_type: type,
    purpose: type,
    amount: payment.amount,
    paid_at: payment.paidAt?.toISOString() ?? null,
    receipt_number: payment.receiptNumber,
    needs_refund: payment.needsRefund,
    booking: booking ? toBookingRef(booking) : null,
    room: toPaymentRoom(room),
    hostel: toHostelRef(hostel),
    tenancy: tenancy ? toTenancyDates(tenancy) : null,
  };
}

/** A payment that needs its money given back, with who paid, for what, why and how much is left. */
export function toRefund(
  row: {
    payment: PaymentRow;
    user: PersonRef;
    room: RoomRef;
    hostel: OwedPayment['hostel'];
    refunded: number;
    pending: number;
  },
  today: string,
): OwedPayment {
  const { payment, user, room, hostel } = row;
  const refunded = Number(row.refunded);
  const pending = Number(row.pending);
  return {
    _id: payment.id,
    reference: payment.reference,
    payment_type: PAYMENT_TYPE_OF[payment.kind],
    amount: payment.amount,
    status: payment.status,
    paid_at: payment.paidAt?.toISOString() ?? null,
    user,
    room,
    hostel,
    reason: payment.refundReason ?? 'room_taken',
    age_days: Math.max(0, daysBetween(lagosDateOf(payment.paidAt ?? payment.createdAt), today)),
    refunded_amount: refunded,
    pending_amount: pending,
    remaining: Math.max(0, payment.amount - refunded - pending),
  };
}
