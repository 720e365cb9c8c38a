import {
  addDays,
  BUSINESS,
  type ConditionReportStatus,
  formatLagosDate,
  formatNaira,
  type TenancyNoticeState,
  todayInLagos,
} from '@studynest/contracts';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { hostels } from '../hostels/index.ts';
import { payments, standingAgentFee, standingAgentFeeAt } from '../payments/index.ts';
import { openRefundAmount, refundedAmount } from '../refunds/index.ts';
import { conditionReports, tenancies } from './tenancies.schema.ts';

/*
 * Who may live in a room, as SQL the owners' conditional statements can embed: its tenant, or the
 * student whose agent fee books it; and what a tenant's caution deposit and renewal are
 * (docs/domain.md, "Lifecycles"). One definition each, used by every module that asks.
 */

/** A running tenancy: not ended (docs/domain.md, glossary "tenant"). */
export const tenancyRunning = isNull(tenancies.endedAt);

/** The running tenancy of a room, or of a student in a room. */
export const runningTenancyOf = (roomId: string | SQL, userId?: string | SQL) =>
  and(
    tenancyRunning,
    eq(tenancies.roomId, roomId),
    userId === undefined ? undefined : eq(tenancies.userId, userId),
  );

/** Whether the room has a running tenancy (of this student, when one is named). SQL. */
export const hasRunningTenancy = (roomId: string | SQL, userId?: string | SQL) =>
  sql<boolean>`exists (select 1 from ${tenancies} rt where rt.room_id = ${roomId} and rt.ended_at is null${
    userId === undefined ? sql`` : sql` and rt.user_id = ${userId}`
  })`;

/**
 * An agent fee used up: the tenancy it started (`tenancies.agent_fee_payment_id`) has ended
 * (docs/domain.md, "Move-out"). It no longer books the room or gives its payer a hostel.
 */
export const feeSpent = (feeId: string | SQL | typeof payments.id) => sql<boolean>`exists (
  select 1 from ${tenancies} ft where ft.agent_fee_payment_id = ${feeId} and ft.ended_at is not null)`;

/** An agent fee a tenancy began with, running or ended: it can no longer be owed back. */
export const feeUsed = (feeId: string | SQL | typeof payments.id) => sql<boolean>`exists (
  select 1 from ${tenancies} fu where fu.agent_fee_payment_id = ${feeId})`;

/**
 * The agent fee that books the room: its latest standing one (a room that was let again has the
 * older student's fee too), unless a move-out used it up. A row source `(id, user_id)` of at most
 * one row, so that it can sit inside a conditional statement.
 */
const bookingFee = (roomId: string | SQL) => sql`(
  select latest.id, latest.user_id from (
    select ${payments.id} as id, ${payments.userId} as user_id from ${payments}
    where ${payments.roomId} = ${roomId} and ${standingAgentFee}
    order by ${payments.paidAt} desc nulls last, ${payments.createdAt} desc
    limit 1
  ) latest
  where not ${feeSpent(sql`latest.id`)}
)`;

/** Who the room is booked for: the payer of the fee that books it (docs/domain.md, "Payments"). */
export const bookedBy = (roomId: string | SQL) =>
  sql<string | null>`(select fee.user_id from ${bookingFee(roomId)} fee)`;

/** The fee that books the room for this student, if it is theirs. */
export const bookingFeeOf = (roomId: string | SQL, userId: string | SQL) =>
  sql<string | null>`(select fee.id from ${bookingFee(roomId)} fee where fee.user_id = ${userId})`;

/**
 * The caution deposit a payer may still have with the company for a room: paid, not owed back as
 * a whole, and not yet settled by a move-out (docs/domain.md, "Caution deposit"). On `payments`.
 */
export const unsettledDeposit = (
  userId: string | SQL | typeof tenancies.userId,
  roomId: string | SQL | typeof tenancies.roomId,
) =>
  and(
    eq(payments.userId, userId),
    eq(payments.roomId, roomId),
    eq(payments.kind, 'caution_fee'),
    eq(payments.status, 'success'),
    eq(payments.needsRefund, false),
    sql`not exists (select 1 from ${tenancies} st where st.deposit_payment_id = ${payments.id})`,
  );

/**
 * A deposit of this payer for this room that the company still holds some of: unsettled, and not
 * all of it refunded or being refunded. While one exists a new deposit is refused, and one that
 * arrives anyway is a duplicate (SQL on `payments`, for `exists (select 1 from payments where …)`),
 * so a move-out always settles the one deposit that holds money.
 */
export const depositHeld = (userId: string | SQL, roomId: string | SQL) =>
  and(
    unsettledDeposit(userId, roomId),
    sql`${payments.amount} > ${refundedAmount(payments.id)} + ${openRefundAmount(payments.id)}`,
  );

/**
 * What the company holds of this payer's deposit for this room, in naira (SQL, 0 when none): the
 * latest unsettled deposit, less its refunds processed or asked for. The most a move-out may
 * deduct (docs/domain.md, "Move-out").
 */
export const depositHeldAmount = (
  userId: string | SQL | typeof tenancies.userId,
  roomId: string | SQL | typeof tenancies.roomId,
) =>
  sql<number>`coalesce((
    select greatest(0, ${payments.amount} - ${refundedAmount(payments.id)} - ${openRefundAmount(payments.id)})
    from ${payments}
    where ${unsettledDeposit(userId, roomId)}
    order by ${payments.paidAt} desc limit 1), 0)`;

/**
 * Whether a tenant may pay the next year's rent now (docs/domain.md, "Tenancy"): from the renewal
 * window before the due date on, and not while they have given notice to leave. `message` says
 * why not, to the tenant.
 */
export function renewalOf(
  tenancy: {
    dueDate: string;
    noticeMoveOutOn: string | null;
    /** This year's next part still unpaid (docs/domain.md, "Rent plans"): renewal waits for it. */
    unpaidPart?: { number: number; of: number; balance: number } | null;
  },
  today = todayInLagos(),
): { open: boolean; opens_on: string; message: string | null } {
  const opensOn = addDays(tenancy.dueDate, -BUSINESS.renewalWindowDays);
  if (tenancy.unpaidPart) {
    const { number, of, balance } = tenancy.unpaidPart;
    return {
      open: false,
      opens_on: opensOn,
      message: `Renewal waits until this year's rent is paid: part ${number} of ${of} (${formatNaira(balance)}) is still to pay.`,
    };
  }
  if (tenancy.noticeMoveOutOn) {
    return {
      open: false,
      opens_on: opensOn,
      message: `You have given notice to move out on ${formatLagosDate(tenancy.noticeMoveOutOn)}. To stay on, take your notice back first, then renew.`,
    };
  }
  if (today < opensOn) {
    return {
      open: false,
      opens_on: opensOn,
      message: `Renewal opens on ${formatLagosDate(opensOn)}, ${BUSINESS.renewalWindowDays} days before your rent is due on ${formatLagosDate(tenancy.dueDate)}.`,
    };
  }
  return { open: true, opens_on: opensOn, message: null };
}

/** The dates of a tenancy as payments and the profile show them (the spec's camelCase names). */
export const toTenancyDates = (t: { startDate: string; dueDate: string }) => ({
  rentStartDate: t.startDate,
  rentDueDate: t.dueDate,
});

/** A tenancy whose tenant has given notice, in SQL: the rule of `toNotice` below (both facts kept). */
export const noticeGiven = and(isNotNull(tenancies.noticeGivenAt), isNotNull(tenancies.noticeMoveOutOn));

/** A tenancy's notice to leave, as the tenant and admins see it (null until given; `noticeGiven` in SQL). */
export const toNotice = (t: {
  noticeGivenAt: Date | null;
  noticeMoveOutOn: string | null;
}): TenancyNoticeState | null =>
  t.noticeGivenAt && t.noticeMoveOutOn
    ? { given_at: t.noticeGivenAt.toISOString(), move_out_on: t.noticeMoveOutOn }
    : null;

/**
 * The key every rent reminder about one due date of a tenancy starts with (docs/domain.md,
 * "Messages"): the rent cycle writes them, and a renewal or a move-out cancels those not yet sent.
 */
export const rentReminderKeyPrefix = (tenancyId: string, dueDate: string) =>
  `rent-reminder:${tenancyId}:${dueDate}:`;

/** A student's running tenancy as the profile shows it, as JSON (SQL), or null. */
export type RunningTenancyJson = {
  id: string;
  /** The latest version of its condition report, or null before one is recorded. */
  condition: { status: ConditionReportStatus; confirmed_at: string | null } | null;
  start_date: string;
  due_date: string;
  notice_given_at: string | null;
  notice_move_out_on: string | null;
  hostel: { _id: string; hostel_name: string; address: string };
};
export const runningTenancyJsonOf = (userId: string) => sql<RunningTenancyJson | null>`(
  select json_build_object('id', t.id, 'start_date', t.start_date, 'due_date', t.due_date,
    'condition', (select json_build_object('status', cr.status, 'confirmed_at', cr.confirmed_at)
      from ${conditionReports} cr where cr.tenancy_id = t.id order by cr.version desc limit 1),
    'notice_given_at', t.notice_given_at, 'notice_move_out_on', t.notice_move_out_on,
    'hostel', json_build_object('_id', h.id, 'hostel_name', h.hostel_name, 'address', h.address))
  from ${tenancies} t join ${hostels} h on h.id = t.hostel_id
  where t.user_id = ${userId} and t.ended_at is null
  order by t.created_at desc limit 1)`;

/**
 * The hostel a student belongs to without a tenancy: that of the latest agent fee that books them
 * a room (standing, not used up). A fee owed back gives no hostel. JSON (SQL), or null.
 */
export const bookedHostelJsonOf = (userId: string) => sql<{
  _id: string;
  hostel_name: string;
  address: string;
} | null>`(
  select json_build_object('_id', h.id, 'hostel_name', h.hostel_name, 'address', h.address)
  from ${payments} bp join ${hostels} h on h.id = bp.hostel_id
  where bp.user_id = ${userId} and ${standingAgentFeeAt(sql`bp`)} and not ${feeSpent(sql`bp.id`)}
  order by bp.paid_at desc nulls last, bp.created_at desc limit 1)`;

/** Whether the student has had a move-out recorded (SQL): only then is there a statement to read. */
export const hasMovedOut = (userId: string) =>
  sql<boolean>`exists (select 1 from ${tenancies} mo where mo.user_id = ${userId} and mo.move_out_recorded_at is not null)`;
