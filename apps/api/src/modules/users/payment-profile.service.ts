import { addDays, daysBetween, todayInLagos } from '@studynest/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import {
  bookings,
  cancelDeadline,
  effectiveStatus,
  inspectionStartsAt,
  toBookingRef,
} from '../bookings/index.ts';
import { hostelRefColumns, hostels } from '../hostels/index.ts';
import { payments, standingAgentFee } from '../payments/index.ts';
import { rooms, toPaymentRoom } from '../rooms/index.ts';
import { getSettings } from '../settings/index.ts';
import {
  feeSpent,
  renewalOf,
  tenancies,
  tenancyRunning,
  toNotice,
  toTenancyDates,
} from '../tenancies/index.ts';

/**
 * What a student has paid and rents, for their profile: the hostel they belong to, their latest
 * agent-fee and rent payments and their running tenancy. The users module turns this into the
 * profile's wire names (agentFeePayment, roomPricePayment, rentDetails).
 */
export async function getPaymentProfile(deps: Pick<Deps, 'db' | 'config'>, userId: string) {
  const { db } = deps;
  // Latest agent-fee payment, a success preferred over later failed or abandoned attempts.
  const [agent] = await db
    .select({ payment: payments, room: rooms, hostel: hostelRefColumns, booking: bookings })
    .from(payments)
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(hostels, eq(hostels.id, payments.hostelId))
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'agent_fee')))
    .orderBy(sql`(${payments.status} = 'success') desc`, desc(payments.createdAt))
    .limit(1);

  // Latest rent for the room of that agent fee, a success preferred: a renewal started and left
  // unpaid does not make a paid year look unpaid.
  const [rent] = await db
    .select({ status: payments.status, amount: payments.amount, reference: payments.reference })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.kind, 'rent'),
        agent ? eq(payments.roomId, agent.room.id) : undefined,
      ),
    )
    .orderBy(sql`(${payments.status} = 'success') desc`, desc(payments.createdAt))
    .limit(1);

  // Latest caution deposit for the room of that agent fee (a former tenant's settled deposit for
  // another room says nothing about this one), a success preferred over later failed attempts.
  const [caution] = await db
    .select({ status: payments.status, amount: payments.amount, reference: payments.reference })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.kind, 'caution_fee'),
        agent ? eq(payments.roomId, agent.room.id) : undefined,
      ),
    )
    .orderBy(sql`(${payments.status} = 'success') desc`, desc(payments.createdAt))
    .limit(1);

  const [tenancy] = await db
    .select({
      startDate: tenancies.startDate,
      dueDate: tenancies.dueDate,
      noticeGivenAt: tenancies.noticeGivenAt,
      noticeMoveOutOn: tenancies.noticeMoveOutOn,
      hostel: hostelRefColumns,
    })
    .from(tenancies)
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId))
    .where(and(eq(tenancies.userId, userId), tenancyRunning))
    .orderBy(desc(tenancies.createdAt))
    .limit(1);

  let hostel = tenancy?.hostel ?? null;
  if (!hostel) {
    // A refunded agent fee (the room went to someone else) does not give the student a hostel.
    const [booked] = await db
      .select({ hostel: hostelRefColumns })
      .from(payments)
      .innerJoin(hostels, eq(hostels.id, payments.hostelId))
      .where(and(eq(payments.userId, userId), standingAgentFee, sql`not ${feeSpent(payments.id)}`))
      .orderBy(sql`${payments.paidAt} desc nulls last`, desc(payments.createdAt))
      .limit(1);
    hostel = booked?.hostel ?? null;
  }

  const { inspection_cancel_hours: windowHours } = await getSettings(deps);
  const bookingStatus = agent ? effectiveStatus(agent.booking) : null;
  return {
    hostel,
    agentFee: agent
      ? {
          status: agent.payment.status,
          amount: agent.payment.amount,
          reference: agent.payment.reference,
          booking: toBookingRef(agent.booking),
          room: toPaymentRoom(agent.room),
          hostel: agent.hostel,
          booking_status: bookingStatus ?? agent.booking.status,
          cancel_until:
            bookingStatus === 'confirmed' && inspectionStartsAt(agent.booking).getTime() > Date.now()
              ? cancelDeadline(agent.booking, windowHours).toISOString()
              : null,
        }
      : null,
    rent: rent ?? null,
    cautionFee: caution ?? null,
    tenancy: tenancy
      ? {
          ...toTenancyDates(tenancy),
          countdown: daysBetween(todayInLagos(), tenancy.dueDate),
          notice: toNotice(tenancy),
          earliestMoveOut: addDays(todayInLagos(), deps.config.site.tenantNoticeDays),
          renewal: renewalOf(tenancy),
        }
      : null,
  };
}

export type PaymentProfile = Awaited<ReturnType<typeof getPaymentProfile>>;
