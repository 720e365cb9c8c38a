import {
  prepared,
  RoomCreateSchema,
  RoomNumberSchema,
  RoomStatusSchema,
  RoomUnitSchema,
  requiredText,
} from '@studynest/contracts';
import * as z from 'zod/mini';

const { shape } = RoomCreateSchema;
/**
 * A blank input gets its own "… is required" message; anything else is checked by the server's
 * schema. This module is imported on demand by room-form.tsx (lazyZodResolver, lib/form.ts).
 */
const required = (label: string) =>
  z.pipe(
    requiredText(label),
    z.transform((v): unknown => v),
  );

/**
 * The server's own rules (RoomCreateSchema: fixed lists, whole non-negative naira), with a
 * "required" message first so an untouched '--Select--' or blank amount says what to do.
 */
export const RoomFormSchema = z.extend(RoomCreateSchema, {
  room_number: z.pipe(required('Room number'), RoomNumberSchema),
  unit: z.pipe(required('Unit'), RoomUnitSchema),
  status: z.pipe(required('Status'), RoomStatusSchema),
  price: z.pipe(required('Rent per year'), shape.price),
  agent_fee: z.pipe(required('Agent fee'), shape.agent_fee),
  caution_fee: z.pipe(required('Caution fee'), shape.caution_fee),
  commission_fee: z.pipe(required('Commission fee'), shape.commission_fee),
  hostel: shape.hostel,
  // The select's first choice ('') is "same as the hostel", which the server calls null.
  rent_plan: prepared((v) => (v === '' ? null : v), shape.rent_plan),
});
