import type { Room, RoomWithHostel } from '@studynest/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { hostels, rooms } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

type RoomRow = typeof rooms.$inferSelect;

function toRoomFields(r: RoomRow) {
  return {
    _id: r.id,
    room_number: r.roomNumber,
    unit: r.unit as Room['unit'],
    status: r.status as Room['status'],
    price: r.price,
    agent_fee: r.agentFee,
    caution_fee: r.cautionFee,
    commission_fee: r.commissionFee,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const toRoom = (r: RoomRow): Room => ({ ...toRoomFields(r), hostel: r.hostelId });

/** Rooms of one open hostel, by room number. */
export async function listRoomsOfHostel(db: DbOrTx, hostelId: string): Promise<Room[]> {
  const [hostel] = await db
    .select({ id: hostels.id })
    .from(hostels)
    .where(and(eq(hostels.id, hostelId), eq(hostels.isClosed, false)))
    .limit(1);
  if (!hostel) throw notFound('This hostel does not exist or is no longer listed');
  const rows = await db
    .select()
    .from(rooms)
    .where(eq(rooms.hostelId, hostelId))
    .orderBy(asc(rooms.roomNumber));
  return rows.map(toRoom);
}

export async function getRoom(db: DbOrTx, id: string): Promise<Room> {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id)).limit(1);
  if (!row) throw notFound('This room does not exist');
  return toRoom(row);
}

/** Every room with its hostel expanded (admin room management and search). */
export async function listRoomsWithHostel(db: DbOrTx): Promise<RoomWithHostel[]> {
  const rows = await db
    .select({
      room: rooms,
      hostel: { _id: hostels.id, hostel_name: hostels.hostelName, address: hostels.address },
    })
    .from(rooms)
    .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
    .orderBy(asc(hostels.hostelName), asc(rooms.roomNumber));
  return rows.map(({ room, hostel }) => ({ ...toRoomFields(room), hostel }));
}
