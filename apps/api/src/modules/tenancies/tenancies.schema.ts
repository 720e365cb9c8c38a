import {
  CONDITION_REPORT_STATUSES,
  CONDITION_STATES,
  type ConditionReportStatus,
  type ConditionState,
  MOVE_OUT_REASONS,
  type MoveOutReason,
  RENT_PLANS,
  type RentPlanName,
} from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  createdAt,
  inList,
  naira,
  photoColumns,
  refersTo,
  rowId,
  updatedAt,
} from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { whoAndWhere } from '../rooms/rooms.schema.ts';

/** Tenancies and their move-out deductions (docs/domain.md, "Lifecycles": tenancy). Owned by the tenancies module. */

export const tenancies = pgTable(
  'tenancies',
  {
    id: rowId(),
    ...whoAndWhere(),
    /** Calendar dates in Africa/Lagos. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The start of the Lagos day the tenant moved out (docs/domain.md, "Move-out"). */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** The tenant's written notice: when it was given and the day they mean to leave. */
    noticeGivenAt: timestamp('notice_given_at', { withTimezone: true, mode: 'date' }),
    noticeMoveOutOn: date('notice_move_out_on', { mode: 'string' }),
    endReason: text('end_reason').$type<MoveOutReason>(),
    endNote: text('end_note'),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    moveOutRecordedAt: timestamp('move_out_recorded_at', { withTimezone: true, mode: 'date' }),
    /**
     * The agent fee this tenancy spent: the standing fee of its student for the room when the first
     * rent started it (docs/domain.md, "Tenancy"). A spent fee is never owed back.
     */
    agentFeePaymentId: uuid('agent_fee_payment_id').references(() => payments.id),
    /** The caution deposit this move-out settled, and what of it was held then. */
    depositPaymentId: uuid('deposit_payment_id').references(() => payments.id),
    depositHeld: integer('deposit_held'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenancies_room_active_uq').on(t.roomId).where(sql`${t.endedAt} is null`),
    index('tenancies_user_idx').on(t.userId),
    // A deposit is settled by one move-out at most, and a fee spent on one tenancy.
    uniqueIndex('tenancies_deposit_payment_uq').on(t.depositPaymentId),
    uniqueIndex('tenancies_agent_fee_payment_uq').on(t.agentFeePaymentId),
    check('tenancies_dates_ck', sql`${t.dueDate} > ${t.startDate}`),
    check('tenancies_end_reason_ck', inList('end_reason', MOVE_OUT_REASONS)),
    check('tenancies_notice_ck', sql`(${t.noticeGivenAt} is null) = (${t.noticeMoveOutOn} is null)`),
    check(
      'tenancies_moved_out_ck',
      sql`${t.endReason} is null or (${t.endedAt} is not null and ${t.moveOutRecordedAt} is not null)`,
    ),
  ],
);

/**
 * A tenancy-year's rent in parts (docs/domain.md, "Rent plans"): one row per part, written when the
 * year's first rent is applied (the first year, a renewal), from `splitRent` of the plan that rent
 * chose. `paid` is what standing rent payments have put on it (their allocations below); a full
 * year is one part.
 */
export const rentParts = pgTable(
  'rent_parts',
  {
    id: rowId(),
    tenancyId: belongsTo('tenancy_id', () => tenancies.id),
    /** The first day of the tenancy-year (a Lagos date): the start date, then each old due date. */
    yearStart: date('year_start', { mode: 'string' }).notNull(),
    plan: text('plan').$type<RentPlanName>().notNull(),
    number: integer('number').notNull(),
    amount: naira('amount'),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    paid: integer('paid').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rent_parts_year_number_uq').on(t.tenancyId, t.yearStart, t.number),
    index('rent_parts_due_idx').on(t.dueOn).where(sql`${t.paid} < ${t.amount}`),
    check('rent_parts_paid_ck', sql`${t.paid} between 0 and ${t.amount}`),
    check('rent_parts_number_ck', sql`${t.number} >= 1`),
    check('rent_parts_plan_ck', inList('plan', RENT_PLANS)),
  ],
);

/**
 * What each rent payment paid of which part, so that its receipt can say so ("Rent, part 2 of 2")
 * and a refund of it takes exactly that back off the parts (docs/domain.md, "Rent plans").
 */
export const rentPartPayments = pgTable(
  'rent_part_payments',
  {
    id: rowId(),
    paymentId: refersTo('payment_id', () => payments.id),
    rentPartId: belongsTo('rent_part_id', () => rentParts.id),
    amount: naira('amount'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rent_part_payments_uq').on(t.paymentId, t.rentPartId),
    index('rent_part_payments_part_idx').on(t.rentPartId),
    check('rent_part_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** A move-out's itemised deductions from the caution deposit, in the order the admin listed them. */
export const tenancyDeductions = pgTable(
  'tenancy_deductions',
  {
    id: rowId(),
    tenancyId: belongsTo('tenancy_id', () => tenancies.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    amount: naira('amount'),
    /** The move-in condition item it is for: one of this tenancy's reports' (checked on move-out). */
    conditionItemId: uuid('condition_item_id').references(() => conditionItems.id),
  },
  (t) => [
    uniqueIndex('tenancy_deductions_position_uq').on(t.tenancyId, t.position),
    check('tenancy_deductions_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * Photos of the tenant's room for its condition report (docs/domain.md, "The room's condition"):
 * stored privately (`condition/` of the private storage), read only through signed links the API
 * gives those who may see the report. Uploaded first, then named by the report's items; versions
 * of a report share them.
 */
export const conditionPhotos = pgTable(
  'condition_photos',
  {
    ...photoColumns(),
    tenancyId: belongsTo('tenancy_id', () => tenancies.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('condition_photos_tenancy_idx').on(t.tenancyId)],
);

/** One version of a tenancy's move-in condition report; the latest is the current one. */
export const conditionReports = pgTable(
  'condition_reports',
  {
    id: rowId(),
    tenancyId: belongsTo('tenancy_id', () => tenancies.id),
    version: integer('version').notNull(),
    status: text('status').$type<ConditionReportStatus>().notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedByRole: text('recorded_by_role').$type<'admin' | 'tenant'>().notNull(),
    recordedAt: createdAt(),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('condition_reports_version_uq').on(t.tenancyId, t.version),
    check('condition_reports_status_ck', inList('status', CONDITION_REPORT_STATUSES)),
    check('condition_reports_role_ck', inList('recorded_by_role', ['admin', 'tenant'])),
    check(
      'condition_reports_confirmed_ck',
      sql`(${t.status} = 'confirmed') = (${t.confirmedAt} is not null)`,
    ),
  ],
);

/** A report's items, in the recorder's order; never changed once written (a correction is a new version). */
export const conditionItems = pgTable(
  'condition_items',
  {
    id: rowId(),
    reportId: belongsTo('report_id', () => conditionReports.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    state: text('state').$type<ConditionState>().notNull(),
    note: text('note'),
    /** condition_photos of the same tenancy, in order. */
    photoIds: uuid('photo_ids').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    uniqueIndex('condition_items_position_uq').on(t.reportId, t.position),
    check('condition_items_state_ck', inList('state', CONDITION_STATES)),
  ],
);
