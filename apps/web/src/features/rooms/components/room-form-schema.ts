import {
  RoomInputSchema,
  RoomNumberSchema,
  RoomStatusSchema,
  RoomUnitSchema,
  requiredText,
} from '@studynest/contracts';

const shape = RoomInputSchema.shape;
/**
 * A blank input gets its own "… is required" message; anything else is checked by the server's
 * schema. This module is imported on demand by room-form.tsx (lib/lazy-zod-resolver.ts).
 */
const required = (label: string) => requiredText(label).transform((v): unknown => v);

/**
 * The server's own rules (RoomInputSchema: fixed lists, whole non-negative naira), with a
 * "required" message first so an untouched '--Select--' or blank amount says what to do.
 */
export const RoomFormSchema = RoomInputSchema.extend({
  room_number: required('Room number').pipe(RoomNumberSchema),
  unit: required('Unit').pipe(RoomUnitSchema),
  status: required('Status').pipe(RoomStatusSchema),
  price: required('Rent per year').pipe(shape.price),
  agent_fee: required('Agent fee').pipe(shape.agent_fee),
  caution_fee: required('Caution fee').pipe(shape.caution_fee),
  commission_fee: required('Commission fee').pipe(shape.commission_fee),
  hostel: shape.hostel,
});
