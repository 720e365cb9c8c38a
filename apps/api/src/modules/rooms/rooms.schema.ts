import {
  RENT_PLANS,
  type RentPlanName,
  ROOM_STATUSES,
  ROOM_UNITS,
  type RoomStatus,
  type RoomUnit,
} from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
import { hostels } from '../hostels/hostels.schema.ts';

/** Rooms and their holds (docs/domain.md, "Lifecycles": room). Owned by the rooms module: only its transitions change a room's status or hold. */

export const ROOM_NUMBER_PATTERN = '^room (0[1-9]|1[0-9]|20)$';

export const rooms = pgTable(
  'rooms',
  {
    id: rowId(),
    hostelId: belongsTo('hostel_id', () => hostels.id),
    roomNumber: text('room_number').notNull(),
    unit: text('unit').$type<RoomUnit>().notNull(),
    status: text('status').$type<RoomStatus>().notNull().default('available'),
    /**
     * The status was set by an admin's hand (a room let outside StudyNest, or taken off the market),
     * not by a booking or a tenancy: the lifecycle's invariants hold for the others only
     * (docs/domain.md, "Lifecycles": room). Cleared whenever the lifecycle moves the room.
     */
    statusByHand: boolean('status_by_hand').notNull().default(false),
    price: naira('price'),
    agentFee: naira('agent_fee'),
    cautionFee: naira('caution_fee'),
    commissionFee: naira('commission_fee'),
    /** The room's own rent plan; null follows its hostel's (docs/domain.md, "Rent plans"). */
    rentPlan: text('rent_plan').$type<RentPlanName>(),
    /** The inspection hold: one student may hold an available room for a while (docs/domain.md, "Holds"). */
    heldByUserId: uuid('held_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('rooms_hostel_room_number_uq').on(t.hostelId, t.roomNumber),
    check('rooms_room_number_ck', sql.raw(`room_number ~ '${ROOM_NUMBER_PATTERN}'`)),
    check('rooms_unit_ck', inList('unit', ROOM_UNITS)),
    check('rooms_status_ck', inList('status', ROOM_STATUSES)),
    check('rooms_rent_plan_ck', inList('rent_plan', RENT_PLANS)),
    check(
      'rooms_money_ck',
      sql`${t.price} >= 0 and ${t.agentFee} >= 0 and ${t.cautionFee} >= 0 and ${t.commissionFee} >= 0`,
    ),
    index('rooms_status_idx').on(t.status),
    // A hostel's rooms a student might book, cheapest first, answered from the index alone.
    index('rooms_available_idx')
      .on(t.hostelId, t.price, t.unit, t.heldUntil)
      .where(sql`${t.status} = 'available'`),
    index('rooms_held_by_idx').on(t.heldByUserId).where(sql`${t.heldByUserId} is not null`),
  ],
);

/**
 * A room's own photos, stored through the same pipeline as a hostel's (docs/decisions/0026-image-pipeline.md):
 * the columns of `hostel_images`. Deleting the room deletes the rows; the files go after the commit.
 */
export const roomImages = pgTable(
  'room_images',
  { ...photoColumns(), roomId: belongsTo('room_id', () => rooms.id) },
  (t) => [index('room_images_room_idx').on(t.roomId, t.position)],
);

/** Who a booking, payment or tenancy is for, and which room of which hostel. */
export const whoAndWhere = () => ({
  userId: refersTo('user_id', () => users.id),
  roomId: refersTo('room_id', () => rooms.id),
  hostelId: refersTo('hostel_id', () => hostels.id),
});
