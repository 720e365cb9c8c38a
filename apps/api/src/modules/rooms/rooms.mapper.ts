import type { HostelRef, PaymentRoom, Room, RoomRef, RoomWithHostel } from '@studynest/contracts';
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

const toRoomFields = (r: RoomRow) => ({
  ...toPaymentRoom(r),
  unit: r.unit,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** GET /rooms/room/{id} and /rooms/hostel/{id}: `hostel` is the hostel's id, `photos` the room's own in order. */
export const toRoom = (storage: FileStorage, r: RoomRow, photos: PhotoFiles[]): Room => ({
  ...toRoomFields(r),
  hostel: r.hostelId,
  photos: photos.map((p) => toPhoto(storage, p)),
});

/** GET /rooms: `hostel` expanded. */
export const toRoomWithHostel = (r: RoomRow, hostel: HostelRef): RoomWithHostel => ({
  ...toRoomFields(r),
  hostel,
});
