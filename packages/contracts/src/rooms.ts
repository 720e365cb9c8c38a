import * as z from 'zod/mini';
import { prepared } from './common.ts';
import { ROOM_NUMBERS, ROOM_STATUSES, ROOM_UNITS } from './constants.ts';
import { HostelRefSchema, PhotoSchema } from './hostels.ts';
import { nairaSchema } from './naira.ts';
import { RENT_PLANS, RentPlanSchema } from './rent-plans.ts';

/** Choices match whatever the case: 'Room 03' is 'room 03'. */
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

export const RoomNumberSchema = prepared(
  lower,
  z.enum(ROOM_NUMBERS as [string, ...string[]], {
    error: "Room number must be one of 'room 01' to 'room 20'",
  }),
);
export const RoomUnitSchema = prepared(
  lower,
  z.enum(ROOM_UNITS, { error: `Unit must be one of: ${ROOM_UNITS.join(', ')}` }),
);
export const RoomStatusSchema = prepared(
  lower,
  z.enum(ROOM_STATUSES, { error: 'Status must be available, booked or rented' }),
);

export const RoomBaseSchema = z.object({
  _id: z.string(),
  room_number: z.string(),
  unit: z.enum(ROOM_UNITS),
  status: z.enum(ROOM_STATUSES),
  price: z.int(),
  agent_fee: z.int(),
  caution_fee: z.int(),
  commission_fee: z.int(),
  /** The plan this room's rent may be paid on: its own, else its hostel's (docs/domain.md, "Rent plans"). */
  rent_plan: z.enum(RENT_PLANS),
  /** The room's own plan, or null when it follows its hostel's. */
  rent_plan_override: z.nullable(z.enum(RENT_PLANS)),
  created_at: z.string(),
  updated_at: z.string(),
});

/**
 * GET /rooms/room/{id} and GET /rooms/hostel/{id}: `hostel` is the id string; `photos` the room's
 * own, in order, [] when it has none (docs/decisions/0026-image-pipeline.md).
 */
export const RoomSchema = z.extend(RoomBaseSchema, { hostel: z.string(), photos: z.array(PhotoSchema) });
export type Room = z.output<typeof RoomSchema>;

/** GET /rooms: `hostel` expanded. */
export const RoomWithHostelSchema = z.extend(RoomBaseSchema, { hostel: HostelRefSchema });
export type RoomWithHostel = z.output<typeof RoomWithHostelSchema>;

const roomFields = {
  room_number: RoomNumberSchema,
  unit: RoomUnitSchema,
  status: RoomStatusSchema,
  price: nairaSchema('Rent per year'),
  agent_fee: nairaSchema('Agent fee'),
  caution_fee: nairaSchema('Caution fee'),
  commission_fee: nairaSchema('Commission fee'),
  hostel: z.uuid({ error: 'Choose the hostel this room belongs to (a hostel id)' }),
  /** The room's own rent plan; null (or left out of a new room) follows its hostel's. */
  rent_plan: z.nullable(RentPlanSchema),
};

/** POST /rooms. A new room is available unless said otherwise. */
export const RoomCreateSchema = z.object({
  ...roomFields,
  status: z._default(roomFields.status, 'available'),
  rent_plan: z._default(roomFields.rent_plan, null),
});
export type RoomCreateInput = z.input<typeof RoomCreateSchema>;
export type RoomCreate = z.output<typeof RoomCreateSchema>;

/**
 * PUT /rooms/{id}: the whole room. `status` may be left out (it then keeps its value), so a
 * form that edits prices cannot reset a rented room to available by accident.
 */
export const RoomReplaceSchema = z.object({
  ...roomFields,
  status: z.optional(roomFields.status),
  rent_plan: z.optional(roomFields.rent_plan),
});
export type RoomReplace = z.output<typeof RoomReplaceSchema>;

/**
 * PATCH /rooms/{id}: any subset. Built without defaults on purpose: a default applies even to a
 * field left out of a partial object, which would silently reset the status.
 */
export const RoomPatchSchema = z.partial(z.object(roomFields));
export type RoomPatch = z.output<typeof RoomPatchSchema>;

export const RoomStatusInputSchema = z.object({ status: RoomStatusSchema });
