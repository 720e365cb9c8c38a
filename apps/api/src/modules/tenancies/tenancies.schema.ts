import { MOVE_OUT_REASONS, type MoveOutReason } from '@studynest/contracts';
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
import { belongsTo, createdAt, inList, naira, rowId, updatedAt } from '../../db/columns.ts';
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

/** A move-out's itemised deductions from the caution deposit, in the order the admin listed them. */
export const tenancyDeductions = pgTable(
  'tenancy_deductions',
  {
    id: rowId(),
    tenancyId: belongsTo('tenancy_id', () => tenancies.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    amount: naira('amount'),
  },
  (t) => [
    uniqueIndex('tenancy_deductions_position_uq').on(t.tenancyId, t.position),
    check('tenancy_deductions_amount_ck', sql`${t.amount} > 0`),
  ],
);
