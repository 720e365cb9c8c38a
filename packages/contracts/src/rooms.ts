import { z } from 'zod';
import { nairaSchema } from './common.ts';
import { ROOM_NUMBERS, ROOM_STATUSES, ROOM_UNITS } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

export const RoomNumberSchema = z.preprocess(
  lower,
  z.enum(ROOM_NUMBERS as [string, ...string[]], {
    error: "Room number must be one of 'room 01' to 'room 20'",
  }),
);
export const RoomUnitSchema = z.preprocess(
  lower,
  z.enum(ROOM_UNITS, { error: `Unit must be one of: ${ROOM_UNITS.join(', ')}` }),
);
export const RoomStatusSchema = z.preprocess(
  lower,
  z.enum(ROOM_STATUSES, { error: 'Status must be available, booked or rented' }),
);

export const RoomBaseSchema = z.object({
  _id: z.string(),
  room_number: z.string(),
  unit: z.enum(ROOM_UNITS),
  status: z.enum(ROOM_STATUSES),
  price: z.number().int(),
  agent_fee: z.number().int(),
  caution_fee: z.number().int(),
  commission_fee: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /rooms/room/{id} and GET /rooms/hostel/{id}: `hostel` is the id string. */
export const RoomSchema = RoomBaseSchema.extend({ hostel: z.string() });
export type Room = z.infer<typeof RoomSchema>;

/** GET /rooms: `hostel` expanded. */
export const RoomWithHostelSchema = RoomBaseSchema.extend({ hostel: HostelRefSchema });
export type RoomWithHostel = z.infer<typeof RoomWithHostelSchema>;

const roomFields = {
  room_number: RoomNumberSchema,
  unit: RoomUnitSchema,
  status: RoomStatusSchema,
  price: nairaSchema('Rent per year'),
  agent_fee: nairaSchema('Agent fee'),
  caution_fee: nairaSchema('Caution fee'),
  commission_fee: nairaSchema('Commission fee'),
  hostel: z.uuid({ error: 'Choose the hostel this room belongs to (a hostel id)' }),
};

/** POST /rooms. A new room is available unless said otherwise. */
export const RoomInputSchema = z.object({ ...roomFields, status: roomFields.status.default('available') });
export type RoomInput = z.input<typeof RoomInputSchema>;

/**
 * PUT /rooms/{id}: the whole room. `status` may be left out (it then keeps its value), so a
 * form that edits prices cannot reset a rented room to available by accident.
 */
export const RoomReplaceSchema = z.object({ ...roomFields, status: roomFields.status.optional() });
export type RoomReplace = z.infer<typeof RoomReplaceSchema>;

/**
 * PATCH /rooms/{id}: any subset. Built without defaults on purpose: zod applies a default
 * even inside .partial(), which would silently reset the status.
 */
export const RoomPatchSchema = z.object({
  room_number: roomFields.room_number.optional(),
  unit: roomFields.unit.optional(),
  status: roomFields.status.optional(),
  price: roomFields.price.optional(),
  agent_fee: roomFields.agent_fee.optional(),
  caution_fee: roomFields.caution_fee.optional(),
  commission_fee: roomFields.commission_fee.optional(),
  hostel: roomFields.hostel.optional(),
});
export type RoomPatch = z.infer<typeof RoomPatchSchema>;

export const RoomStatusInputSchema = z.object({ status: RoomStatusSchema });
