import { z } from 'zod';
import { IdSchema, nairaSchema } from './common.ts';
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

export const RoomInputSchema = z.object({
  room_number: RoomNumberSchema,
  unit: RoomUnitSchema,
  status: RoomStatusSchema.default('available'),
  price: nairaSchema('Rent per year'),
  agent_fee: nairaSchema('Agent fee'),
  caution_fee: nairaSchema('Caution fee'),
  commission_fee: nairaSchema('Commission fee'),
  hostel: IdSchema,
});
export type RoomInput = z.input<typeof RoomInputSchema>;

export const RoomStatusInputSchema = z.object({ status: RoomStatusSchema });
