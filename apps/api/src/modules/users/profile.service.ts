import { addDays, daysBetween, type Profile, todayInLagos } from '@studynest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { users } from '../auth/index.ts';
import {
  agentFeeJsonOf,
  agentFeeRoomOf,
  cancelDeadline,
  effectiveStatus,
  inspectionStartsAt,
  toBookingRef,
} from '../bookings/index.ts';
import { latestPaymentJson } from '../payments/index.ts';
import { settingsFrom, storedSettings } from '../settings/index.ts';
import {
  bookedHostelJsonOf,
  hasMovedOut,
  latestMoveOut,
  nextUnpaidPart,
  renewalOf,
  rentPlanState,
  runningTenancyJsonOf,
  toNotice,
  yearPartsOf,
} from '../tenancies/index.ts';
import { toProfile } from './profile.mapper.ts';

/**
 * GET /user/{id}: the person, what they paid and rent, and their latest move-out — read in one
 * statement made of the owners' own queries (bookings: the agent fee; payments: rent and deposit;
 * tenancies: the running tenancy and the hostel a booking gives; settings: the cancellation
 * window). Only someone who has moved out needs a second read, for the statement.
 */
export async function getProfile(deps: Pick<Deps, 'db' | 'config'>, userId: string): Promise<Profile> {
  const agentRoom = agentFeeRoomOf(userId);
  const [row] = await deps.db
    .select({
      user: users,
      agentFee: agentFeeJsonOf(userId),
      rent: latestPaymentJson(userId, 'rent', agentRoom),
      cautionFee: latestPaymentJson(userId, 'caution_fee', agentRoom),
      tenancy: runningTenancyJsonOf(userId),
      bookedHostel: bookedHostelJsonOf(userId),
      settings: storedSettings,
      movedOut: hasMovedOut(userId),
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound('No user with that id');
  const moveOut = row.movedOut ? await latestMoveOut(deps, userId) : null;
  const parts = row.tenancy ? await yearPartsOf(deps.db, row.tenancy.id) : [];
  const unpaid = nextUnpaidPart(parts);

  const today = todayInLagos();
  const { agentFee, tenancy } = row;
  const booking = agentFee && {
    id: agentFee.booking.id,
    inspectionDate: agentFee.booking.inspection_date,
    inspectionSlot: agentFee.booking.inspection_slot,
    status: agentFee.booking.status,
    holdExpiresAt: new Date(agentFee.booking.hold_expires_at),
  };
  const bookingStatus = booking ? effectiveStatus(booking) : null;
  const windowHours = settingsFrom(row.settings).inspection_cancel_hours;
  return toProfile(row.user, moveOut, {
    hostel: tenancy?.hostel ?? row.bookedHostel,
    agentFee:
      agentFee && booking
        ? {
            status: agentFee.status,
            amount: agentFee.amount,
            reference: agentFee.reference,
            booking: toBookingRef(booking),
            room: {
              _id: agentFee.room.id,
              room_number: agentFee.room.room_number,
              unit: agentFee.room.unit,
              agent_fee: agentFee.room.agent_fee,
              price: agentFee.room.price,
              caution_fee: agentFee.room.caution_fee,
              commission_fee: agentFee.room.commission_fee,
            },
            hostel: agentFee.hostel,
            booking_status: bookingStatus ?? booking.status,
            cancel_until:
              bookingStatus === 'confirmed' && inspectionStartsAt(booking).getTime() > Date.now()
                ? cancelDeadline(booking, windowHours).toISOString()
                : null,
          }
        : null,
    rent: row.rent,
    cautionFee: row.cautionFee,
    tenancy: tenancy && {
      tenancy_id: tenancy.id,
      condition: {
        status: tenancy.condition?.status ?? 'not_recorded',
        // json_build_object writes a timestamp in Postgres's own form; the API speaks ISO instants.
        confirmed_at: tenancy.condition?.confirmed_at
          ? new Date(tenancy.condition.confirmed_at).toISOString()
          : null,
      },
      rentStartDate: tenancy.start_date,
      rentDueDate: tenancy.due_date,
      // A year paid whole before plans has no parts: its rent is the rent last paid.
      plan: rentPlanState({ dueDate: tenancy.due_date }, parts, row.rent?.amount ?? 0, today),
      countdown: daysBetween(today, tenancy.due_date),
      notice: toNotice({
        noticeGivenAt: tenancy.notice_given_at ? new Date(tenancy.notice_given_at) : null,
        noticeMoveOutOn: tenancy.notice_move_out_on,
      }),
      earliestMoveOut: addDays(today, deps.config.site.tenantNoticeDays),
      renewal: renewalOf({
        dueDate: tenancy.due_date,
        noticeMoveOutOn: tenancy.notice_move_out_on,
        unpaidPart: unpaid && {
          number: unpaid.number,
          of: parts.length,
          balance: unpaid.amount - unpaid.paid,
        },
      }),
    },
  });
}
