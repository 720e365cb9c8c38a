import type { Profile } from '@studynest/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, hostels, payments, rooms, tenancies } from '../../db/schema.ts';
import { daysBetween, todayInLagos } from '../../lib/lagos-time.ts';
import { inspectionDateTime } from '../bookings/bookings.service.ts';

export type PaymentProfile = Pick<Profile, 'hostel' | 'agentFeePayment' | 'roomPricePayment' | 'rentDetails'>;

const hostelRef = { _id: hostels.id, hostel_name: hostels.hostelName, address: hostels.address };

/** The payment part of GET /user/{id} (DESIGN §5 profile). */
export async function getPaymentProfile(db: DbOrTx, userId: string): Promise<PaymentProfile> {
  // Latest agent-fee payment, a success preferred over later failed or abandoned attempts.
  const [agent] = await db
    .select({ payment: payments, room: rooms, hostel: hostelRef, booking: bookings })
    .from(payments)
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'agent_fee')))
    .orderBy(sql`(${payments.status} = 'success') desc`, desc(payments.createdAt))
    .limit(1);

  const [rent] = await db
    .select({ status: payments.status, amount: payments.amount, reference: payments.reference })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'room_rent')))
    .orderBy(desc(payments.createdAt))
    .limit(1);

  const [tenancy] = await db
    .select({ startDate: tenancies.startDate, dueDate: tenancies.dueDate, hostel: hostelRef })
    .from(tenancies)
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId))
    .where(and(eq(tenancies.userId, userId), isNull(tenancies.endedAt)))
    .orderBy(desc(tenancies.createdAt))
    .limit(1);

  let hostel = tenancy?.hostel ?? null;
  if (!hostel) {
    // A refunded agent fee (the room went to someone else) does not give the student a hostel.
    const [booked] = await db
      .select({ hostel: hostelRef })
      .from(payments)
      .innerJoin(hostels, eq(hostels.id, payments.hostelId))
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.kind, 'agent_fee'),
          eq(payments.status, 'success'),
          eq(payments.needsRefund, false),
        ),
      )
      .orderBy(sql`${payments.paidAt} desc nulls last`, desc(payments.createdAt))
      .limit(1);
    hostel = booked?.hostel ?? null;
  }

  return {
    hostel,
    agentFeePayment: agent
      ? {
          status: agent.payment.status,
          payment_type: 'AGENT_FEE',
          amount: agent.payment.amount,
          reference: agent.payment.reference,
          booking: { _id: agent.booking.id, inspection_date_time: inspectionDateTime(agent.booking) },
          room: {
            _id: agent.room.id,
            room_number: agent.room.roomNumber,
            unit: agent.room.unit,
            agent_fee: agent.room.agentFee,
            price: agent.room.price,
            caution_fee: agent.room.cautionFee,
            commission_fee: agent.room.commissionFee,
          },
          hostel: agent.hostel,
        }
      : null,
    roomPricePayment: rent ? { status: rent.status, amount: rent.amount, reference: rent.reference } : null,
    rentDetails: tenancy
      ? {
          rentStartDate: tenancy.startDate,
          rentDueDate: tenancy.dueDate,
          countdown: daysBetween(todayInLagos(), tenancy.dueDate),
        }
      : null,
  };
}
