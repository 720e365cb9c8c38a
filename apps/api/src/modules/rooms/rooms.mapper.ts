import type {
  HostelRef,
  PaymentRoom,
  RentPlanName,
  Room,
  RoomRef,
  RoomWithHostel,
} from '@studynest/contracts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { type PhotoFiles, toPhoto } from '../../storage/photos.ts';
import { rooms } from './rooms.schema.ts';

type RoomRow = typeof rooms.$inferSelect;

/** The room as lists of bookings, tenants and refunds mention it: columns for a drizzle select. */
export const roomRefColumns = { _id: rooms.id, room_number: rooms.roomNumber, unit: rooms.unit };

export const toRoomRef = (r: Pick<RoomRow, 'id' | 'roomNumber' | 'unit'>): RoomRef => ({
  _id: r.id,
  room_number: r.roomNumber,
  unit: r.unit,
});

/** The room with every fee: what a payment (and the profile's agent-fee payment) shows. */
export const toPaymentRoom = (r: RoomRow): PaymentRoom => ({
  ...toRoomRef(r),
  agent_fee: r.agentFee,
  price: r.price,
  caution_fee: r.cautionFee,
  commission_fee: r.commissionFee,
});

/**
 * The plan a room's rent may be paid on: its own, else its hostel's (docs/domain.md, "Rent plans").
 * The one place the override rule is written; checkout reads it too.
 */
export const effectiveRentPlan = (room: Pick<RoomRow, 'rentPlan'>, hostelPlan: RentPlanName): RentPlanName =>
  room.rentPlan ?? hostelPlan;

const toRoomFields = (r: RoomRow, hostelPlan: RentPlanName) => ({
  ...toPaymentRoom(r),
  unit: r.unit,
  status: r.status,
  rent_plan: effectiveRentPlan(r, hostelPlan),
  rent_plan_override: r.rentPlan,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** GET /rooms/room/{id} and /rooms/hostel/{id}: `hostel` is the hostel's id, `photos` the room's own in order. */
export const toRoom = (
  storage: FileStorage,
  r: RoomRow,
  photos: PhotoFiles[],
  hostelPlan: RentPlanName,
): Room => ({
  ...toRoomFields(r, hostelPlan),
  hostel: r.hostelId,
  photos: photos.map((p) => toPhoto(storage, p)),
});

/** GET /rooms: `hostel` expanded. */
export const toRoomWithHostel = (
  r: RoomRow,
  hostel: HostelRef,
  hostelPlan: RentPlanName,
): RoomWithHostel => ({
  ...toRoomFields(r, hostelPlan),
  hostel,
});
