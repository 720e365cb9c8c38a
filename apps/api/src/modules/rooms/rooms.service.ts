import {
  auditRoom,
  BUSINESS,
  type RentPlanName,
  type Room,
  type RoomCreate,
  type RoomPatch,
  type RoomStatus,
  type RoomWithHostel,
} from '@studynest/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { rowIsReferenced } from '../../db/references.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { photoRowValues, photosJson } from '../../storage/photo-rows.ts';
import { type PhotoFiles, removePhotos, type StoredImage } from '../../storage/photos.ts';
import { hostelRefColumns, hostels } from '../hostels/index.ts';
import { toRoom, toRoomWithHostel } from './rooms.mapper.ts';
import { roomImages, rooms } from './rooms.schema.ts';

type RoomDeps = Pick<Deps, 'db' | 'storage'>;

/** A room's photos read with the room itself (joins qualify columns, so "rooms"."id" is the outer room). */
const photosSql = photosJson(roomImages, 'room_id', sql`"rooms"."id"`);

/** The photos of one room already read (a write's answer), in order. */
async function photosOfRoom(db: DbOrTx, roomId: string): Promise<(typeof roomImages.$inferSelect)[]> {
  return db
    .select()
    .from(roomImages)
    .where(eq(roomImages.roomId, roomId))
    .orderBy(asc(roomImages.position), asc(roomImages.createdAt));
}

/** Rooms of one hostel, by room number. Closed hostels are visible to admins only. */
export async function listRoomsOfHostel(
  { db, storage }: RoomDeps,
  hostelId: string,
  opts: { includeClosed?: boolean } = {},
): Promise<Room[]> {
  const visible = opts.includeClosed
    ? eq(hostels.id, hostelId)
    : and(eq(hostels.id, hostelId), eq(hostels.isClosed, false));
  // One round trip in the usual case (the hostel has rooms); the hostel is looked up on its own
  // only to tell "no rooms yet" from 404. Round trips dominated this read under load.
  const rows = await db
    .select({ room: rooms, photos: photosSql, hostelPlan: hostels.rentPlan })
    .from(rooms)
    .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
    .where(and(eq(rooms.hostelId, hostelId), visible))
    .orderBy(asc(rooms.roomNumber));
  if (rows.length) return rows.map((r) => toRoom(storage, r.room, r.photos, r.hostelPlan));
  const [hostel] = await db.select({ id: hostels.id }).from(hostels).where(visible).limit(1);
  if (!hostel) throw notFound('This hostel does not exist or is no longer listed');
  return [];
}

/**
 * One room. A closed hostel's rooms are admins' only, as in the lists: closing a hostel takes it
 * off the site. (Receipts, bookings and the profile name the room through their own answers.)
 */
export async function getRoom(
  { db, storage }: RoomDeps,
  id: string,
  opts: { includeClosed?: boolean } = {},
): Promise<Room> {
  const [row] = await db
    .select({ room: rooms, photos: photosSql, hostelPlan: hostels.rentPlan })
    .from(rooms)
    .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
    .where(and(eq(rooms.id, id), opts.includeClosed ? undefined : eq(hostels.isClosed, false)))
    .limit(1);
  if (!row) throw notFound('This room does not exist or is no longer listed');
  return toRoom(storage, row.room, row.photos, row.hostelPlan);
}

/** Every room with its hostel expanded (admin room management and search); rooms of closed hostels for admins only. */
export async function listRoomsWithHostel(
  { db }: Pick<Deps, 'db'>,
  opts: { includeClosed?: boolean } = {},
): Promise<RoomWithHostel[]> {
  const rows = await db
    .select({
      room: rooms,
      hostel: hostelRefColumns,
      hostelPlan: hostels.rentPlan,
    })
    .from(rooms)
    .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
    .where(opts.includeClosed ? undefined : eq(hostels.isClosed, false))
    .orderBy(asc(hostels.hostelName), asc(rooms.roomNumber));
  return rows.map(({ room, hostel, hostelPlan }) => toRoomWithHostel(room, hostel, hostelPlan));
}

/* ---------------------------------------------------------------- writes (admins) */

const duplicateNumber = (roomNumber: string) =>
  conflict(`${roomNumber} already exists in this hostel`, {
    room_number: `${roomNumber} already exists in this hostel`,
  });

/** The unique constraint is the real guard (two admins adding "room 03" at once); map it to the same 409. */
function isDuplicateRoomNumber(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === 'rooms_hostel_room_number_uq';
  }
  return false;
}

/** The room's hostel must exist; its rent plan is what the room follows without one of its own. */
async function assertHostelForRoom(db: DbOrTx, hostelId: string): Promise<RentPlanName> {
  const [hostel] = await db
    .select({ plan: hostels.rentPlan })
    .from(hostels)
    .where(eq(hostels.id, hostelId))
    .limit(1);
  if (!hostel) {
    throw badRequest('The chosen hostel does not exist; pick one from the hostel list', {
      hostel: 'No hostel with this id',
    });
  }
  return hostel.plan;
}

async function assertNumberFree(db: DbOrTx, hostelId: string, roomNumber: string, exceptRoomId?: string) {
  const [clash] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.hostelId, hostelId), eq(rooms.roomNumber, roomNumber)))
    .limit(1);
  if (clash && clash.id !== exceptRoomId) throw duplicateNumber(roomNumber);
}

/** The API's room fields as columns, for those given. */
const columns = (v: RoomPatch) => ({
  ...(v.room_number !== undefined ? { roomNumber: v.room_number } : {}),
  ...(v.unit !== undefined ? { unit: v.unit } : {}),
  ...(v.status !== undefined ? { status: v.status } : {}),
  ...(v.price !== undefined ? { price: v.price } : {}),
  ...(v.agent_fee !== undefined ? { agentFee: v.agent_fee } : {}),
  ...(v.caution_fee !== undefined ? { cautionFee: v.caution_fee } : {}),
  ...(v.commission_fee !== undefined ? { commissionFee: v.commission_fee } : {}),
  ...(v.hostel !== undefined ? { hostelId: v.hostel } : {}),
  ...(v.rent_plan !== undefined ? { rentPlan: v.rent_plan } : {}),
});

export async function createRoom({ db, storage }: RoomDeps, input: RoomCreate): Promise<Room> {
  try {
    return await db.transaction(async (tx) => {
      const hostelPlan = await assertHostelForRoom(tx, input.hostel);
      await assertNumberFree(tx, input.hostel, input.room_number);
      const [row] = await tx
        .insert(rooms)
        .values({
          hostelId: input.hostel,
          roomNumber: input.room_number,
          unit: input.unit,
          status: input.status,
          statusByHand: input.status !== 'available',
          price: input.price,
          agentFee: input.agent_fee,
          cautionFee: input.caution_fee,
          commissionFee: input.commission_fee,
          rentPlan: input.rent_plan,
        })
        .returning();
      if (!row) throw new Error('room insert returned nothing');
      return toRoom(storage, row, [], hostelPlan);
    });
  } catch (err) {
    if (isDuplicateRoomNumber(err)) throw duplicateNumber(input.room_number);
    throw err;
  }
}

/** Whether any booking, payment or tenancy (past or present) points at the room. */
/** Bookings, payments, tenancies or maintenance requests name this room: their records must be kept as they are. */
const roomHasRecords = (db: DbOrTx, roomId: string) => rowIsReferenced(db, 'rooms', roomId);

/** PATCH sends any subset; PUT sends everything (a missing status keeps its value). */
export async function updateRoom({ db, storage }: RoomDeps, id: string, changes: RoomPatch): Promise<Room> {
  let attemptedNumber = changes.room_number;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
      if (!current) throw notFound('This room does not exist');
      const hostelId = changes.hostel ?? current.hostelId;
      const roomNumber = changes.room_number ?? current.roomNumber;
      attemptedNumber = roomNumber;
      if (hostelId !== current.hostelId) {
        await assertHostelForRoom(tx, hostelId);
        // Bookings, payments and tenancies also record the hostel; moving the room would make them disagree.
        if (await roomHasRecords(tx, id)) {
          throw conflict(
            'This room has bookings or payment records, so it cannot be moved to another hostel. Add a new room there instead.',
            { hostel: 'Cannot move a room with bookings or payments' },
          );
        }
      }
      if (hostelId !== current.hostelId || roomNumber !== current.roomNumber) {
        await assertNumberFree(tx, hostelId, roomNumber, id);
      }
      const newStatus = changes.status !== current.status ? changes.status : undefined;
      if (newStatus) assertStatusMayChange(current, newStatus);
      const statusChange = newStatus ? { statusByHand: newStatus !== 'available' } : {};
      const [row] = await tx
        .update(rooms)
        .set({ ...columns(changes), ...statusChange, updatedAt: new Date() })
        .where(eq(rooms.id, id))
        .returning();
      if (!row) throw notFound('This room does not exist');
      return toRoom(storage, row, await photosOfRoom(tx, id), await assertHostelForRoom(tx, row.hostelId));
    });
  } catch (err) {
    if (isDuplicateRoomNumber(err)) throw duplicateNumber(attemptedNumber ?? 'This room number');
    throw err;
  }
}

/**
 * An admin may set a room's status by hand (a room let outside StudyNest, taken off the market, or
 * back on it) — but not take it from a student: a room booked or rented through StudyNest changes
 * only with its booking or tenancy (docs/domain.md, "Lifecycles": room).
 */
function assertStatusMayChange(current: typeof rooms.$inferSelect, status: RoomStatus): void {
  if (status === current.status || current.statusByHand || current.status === 'available') return;
  throw conflict(
    current.status === 'rented'
      ? 'A student rents this room through StudyNest: its status changes when they move out (Tenants → Move out)'
      : 'A student has booked this room through StudyNest: its status changes when they rent it, or when the booking is cancelled and their agent fee refunded',
    { status: `Keep it ${current.status === 'rented' ? 'Occupied' : 'Booked'}` },
  );
}

/** PATCH /rooms/{id}/status: an admin sets the status by hand, within the rule above. */
export async function setRoomStatus(
  { db, storage }: RoomDeps,
  id: string,
  status: RoomStatus,
): Promise<Room> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
    if (!current) throw notFound('This room does not exist');
    const photos = await photosOfRoom(tx, id);
    const hostelPlan = await assertHostelForRoom(tx, current.hostelId);
    if (status === current.status) return toRoom(storage, current, photos, hostelPlan);
    assertStatusMayChange(current, status);
    const [row] = await tx
      .update(rooms)
      .set({ status, statusByHand: status !== 'available', updatedAt: new Date() })
      .where(eq(rooms.id, id))
      .returning();
    return toRoom(storage, row!, photos, hostelPlan);
  });
}

export const ROOM_IN_USE = 'This room is booked or rented by a student; it cannot be deleted';

/**
 * Delete a room nobody depends on.
 *
 * Decision: a room whose status is booked or rented is refused, full stop — even when the status
 * was set by hand and no booking stands behind it. The status is what students and the admin
 * see, so deleting such a room would look like throwing out a tenant; the message tells the
 * admin to set it to available first if that is really no longer true. A live inspection hold
 * and a running tenancy are refused likewise, and so is any room that bookings, payments or
 * tenancies point at: those records must be kept (closing the hostel hides it instead).
 */
export async function deleteRoom({ db, storage }: RoomDeps, id: string): Promise<void> {
  const photos = await db.transaction(async (tx) => {
    // The row lock makes a concurrent booking (which updates or references this row) wait for us.
    const [room] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
    if (!room) throw notFound('This room does not exist');
    if (room.status === 'booked' || room.status === 'rented') {
      throw conflict(`${ROOM_IN_USE}. If nobody has it any more, set its status to available first.`);
    }
    if (room.heldUntil && room.heldUntil > new Date()) {
      throw conflict(
        'A student is holding this room for an inspection; it cannot be deleted until the hold ends',
      );
    }
    if (await roomHasRecords(tx, id)) {
      throw conflict(
        'This room has bookings or payment records, which must be kept, so it cannot be deleted. Close the hostel instead to hide it from students.',
      );
    }
    // The photo rows go with the room (cascade); their files only once that has committed.
    const photoRows = await photosOfRoom(tx, id);
    await tx.delete(rooms).where(eq(rooms.id, id));
    return photoRows;
  });
  await removePhotos(storage, photos);
}

/* ---------------------------------------------------------------- photos (admins) */

const MAX_PHOTOS = BUSINESS.maxRoomImages;

/** Lock the room's row for the rest of the transaction, so photo writes to one room queue; 404 when there is none. */
async function lockRoomForPhotos(tx: Tx, id: string): Promise<void> {
  const [room] = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, id)).for('update');
  if (!room) throw notFound('This room does not exist');
}

/**
 * Append photos already in storage to a room, after those it has. Past BUSINESS.maxRoomImages in
 * all nothing is added (409, saying how many more fit); the caller removes the stored files then.
 * The room's row is locked first, so two admins adding at once cannot pass the limit together.
 */
export async function addRoomPhotos(deps: RoomDeps, id: string, images: StoredImage[]): Promise<Room> {
  await deps.db.transaction(async (tx) => {
    await lockRoomForPhotos(tx, id);
    const current = await photosOfRoom(tx, id);
    if (current.length + images.length > MAX_PHOTOS) {
      const room = Math.max(0, MAX_PHOTOS - current.length);
      throw conflict(
        `A room can have at most ${MAX_PHOTOS} photos; it has ${current.length}, so add at most ${room} more (or remove some first)`,
        { images: `At most ${MAX_PHOTOS} photos per room` },
      );
    }
    const next = current.reduce((max, p) => Math.max(max, p.position + 1), 0);
    await tx.insert(roomImages).values(photoRowValues(images, next).map((v) => ({ roomId: id, ...v })));
    await tx.update(rooms).set({ updatedAt: new Date() }).where(eq(rooms.id, id));
  });
  return getRoom(deps, id, { includeClosed: true });
}

/** Remove one of a room's photos: its row, then (after the commit) its files. */
export async function removeRoomPhoto(deps: RoomDeps, id: string, photoId: string): Promise<Room> {
  const removed = await deps.db.transaction(async (tx) => {
    await lockRoomForPhotos(tx, id);
    const [photo] = await tx
      .delete(roomImages)
      .where(and(eq(roomImages.id, photoId), eq(roomImages.roomId, id)))
      .returning();
    if (!photo) throw notFound("This photo is not among this room's photos; reload the page and try again");
    await tx.update(rooms).set({ updatedAt: new Date() }).where(eq(rooms.id, id));
    return photo;
  });
  await removePhotos(deps.storage, [removed]);
  return getRoom(deps, id, { includeClosed: true });
}

/** 404 before any upload is read (and re-encoded) for a room that is not there. */
export async function assertRoomExists({ db }: Pick<Deps, 'db'>, id: string): Promise<void> {
  const [row] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, id)).limit(1);
  if (!row) throw notFound('This room does not exist');
}

/**
 * The stored files of a hostel's rooms' photos, read in the transaction that deletes the hostel
 * (the rows go with it by cascade): the hostels module removes them after it commits.
 */
export async function roomPhotoFilesOfHostel(tx: Tx, hostelId: string): Promise<PhotoFiles[]> {
  return tx
    .select({
      id: roomImages.id,
      storageKey: roomImages.storageKey,
      width: roomImages.width,
      height: roomImages.height,
      variantWidths: roomImages.variantWidths,
    })
    .from(roomImages)
    .innerJoin(rooms, eq(rooms.id, roomImages.roomId))
    .where(eq(rooms.hostelId, hostelId));
}

export const HOSTEL_IN_USE = 'This hostel has rooms that are booked or rented; it cannot be deleted';
export const HOSTEL_HAS_RECORDS =
  'This hostel has bookings or payment records, which must be kept, so it cannot be deleted. Close it instead: it will be hidden from students.';

/**
 * Why a hostel may not be deleted with its rooms (the hostels module asks, through app.ts): a room
 * is booked, rented or held for an inspection, or records (bookings, payments, tenancies, …) point
 * at the hostel or its rooms. Its rooms' rows are locked, so a booking waits for the answer.
 */
export async function whyHostelInUse(tx: Tx, hostelId: string): Promise<string | null> {
  const roomRows = await tx
    .select({ status: rooms.status, heldUntil: rooms.heldUntil })
    .from(rooms)
    .where(eq(rooms.hostelId, hostelId))
    .for('update');
  const now = new Date();
  if (roomRows.some((r) => r.status !== 'available' || (r.heldUntil && r.heldUntil > now)))
    return HOSTEL_IN_USE;
  return (await rowIsReferenced(tx, 'hostels', hostelId)) ? HOSTEL_HAS_RECORDS : null;
}

/** A room's number and its hostel's name as the activity log keeps them, or null for no such room. */
export async function roomPlace(
  { db }: Pick<Deps, 'db'>,
  id: string,
): Promise<{ room: { id: string; name: string }; hostel: { id: string; name: string } } | null> {
  const [row] = await db
    .select({ number: rooms.roomNumber, hostelId: hostels.id, hostelName: hostels.hostelName })
    .from(rooms)
    .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
    .where(eq(rooms.id, id))
    .limit(1);
  if (!row) return null;
  return {
    room: auditRoom({ _id: id, room_number: row.number }),
    hostel: { id: row.hostelId, name: row.hostelName },
  };
}

/** A room with its hostel, as payments and agreements read it; 404 when there is no such room. */
export async function roomWithItsHostel(db: DbOrTx, roomId: string) {
  const [row] = await db
    .select({ room: rooms, hostel: hostels })
    .from(rooms)
    .innerJoin(hostels, eq(hostels.id, rooms.hostelId))
    .where(eq(rooms.id, roomId))
    .limit(1);
  if (!row) throw notFound('This room does not exist');
  return row;
}
