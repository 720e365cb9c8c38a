import {
  BUSINESS,
  type Hostel,
  type HostelFields,
  type HostelSummary,
  type HostelUpdateFields,
  universityByCode,
} from '@studynest/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { photoRowValues, photosJson } from '../../storage/photo-rows.ts';
import { type PhotoFiles, removePhotos, type StoredImage } from '../../storage/photos.ts';
import { hostelSummaryColumns, toHostel, toHostelSummary } from './hostels.mapper.ts';
import { hostelImages, hostels } from './hostels.schema.ts';

type HostelDeps = Pick<Deps, 'db' | 'storage'>;

// The outer table is named in full: drizzle leaves column names unqualified in single-table
// selects, which inside the subquery would resolve to the photo's own columns.
const photoKeysSql = sql<string[]>`array(
  select i.storage_key from ${hostelImages} i where i.hostel_id = "hostels"."id"
  order by i.position, i.created_at)`;
const photosSql = photosJson(hostelImages, 'hostel_id', sql`"hostels"."id"`);

/** Public list: open hostels only, by name. Admins may ask for closed ones too. */
export async function listHostels(
  { db, storage }: HostelDeps,
  opts: { includeClosed?: boolean } = {},
): Promise<HostelSummary[]> {
  const rows = await db
    .select({ ...hostelSummaryColumns, imageKeys: photoKeysSql })
    .from(hostels)
    .where(opts.includeClosed ? undefined : eq(hostels.isClosed, false))
    .orderBy(asc(hostels.hostelName), asc(hostels.id));
  return rows.map((r) => toHostelSummary(storage, r, r.imageKeys));
}

export async function getHostel(
  { db, storage }: HostelDeps,
  id: string,
  opts: { includeClosed?: boolean } = {},
): Promise<Hostel> {
  const [found] = await db
    .select({ row: hostels, images: photosSql })
    .from(hostels)
    .where(opts.includeClosed ? eq(hostels.id, id) : and(eq(hostels.id, id), eq(hostels.isClosed, false)))
    .limit(1);
  if (!found) throw notFound('This hostel does not exist or is no longer listed');
  return toHostel(storage, found.row, found.images);
}

/** The facts students search by (docs/domain.md, "Hostels and rooms"), as forms send them. */
export type HostelFacts = Partial<
  Pick<
    HostelFields,
    | 'state'
    | 'city'
    | 'university'
    | 'walking_minutes'
    | 'gender_policy'
    | 'amenities'
    | 'latitude'
    | 'longitude'
    | 'rent_plan'
  >
>;

/**
 * The facts that were given, as columns. A university given without a state or city lends them its
 * own (its main campus), so an admin who picks UNN gets Enugu and Nsukka without typing them.
 */
function factValues(f: HostelFacts): Partial<typeof hostels.$inferInsert> {
  const uni = f.university ? universityByCode(f.university) : undefined;
  const values: Partial<typeof hostels.$inferInsert> = {};
  if (f.state !== undefined || uni) values.state = f.state ?? uni?.state ?? null;
  if (f.city !== undefined || uni) values.city = f.city ?? uni?.city ?? null;
  if (f.university !== undefined) values.university = f.university;
  if (f.walking_minutes !== undefined) values.walkingMinutes = f.walking_minutes;
  if (f.gender_policy !== undefined) values.genderPolicy = f.gender_policy;
  if (f.amenities !== undefined) values.amenities = f.amenities;
  if (f.latitude !== undefined) values.latitude = f.latitude;
  if (f.longitude !== undefined) values.longitude = f.longitude;
  if (f.rent_plan !== undefined) values.rentPlan = f.rent_plan;
  return values;
}

const imageValues = (hostelId: string, images: StoredImage[], firstPosition: number) =>
  photoRowValues(images, firstPosition).map((values) => ({ hostelId, ...values }));

/** Photos are already in storage; the rows go in one transaction with the hostel. */
export async function createHostel(
  deps: HostelDeps,
  fields: HostelFields,
  images: StoredImage[],
): Promise<Hostel> {
  if (images.length > BUSINESS.maxHostelImages) {
    throw badRequest(`A hostel can have at most ${BUSINESS.maxHostelImages} photos`, {
      images: `At most ${BUSINESS.maxHostelImages} photos`,
    });
  }
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(hostels)
      .values({
        hostelName: fields.hostel_name,
        address: fields.address,
        hostelDetails: fields.hostel_details,
        ...factValues(fields),
      })
      .returning({ id: hostels.id });
    if (!row) throw new Error('hostel insert returned nothing');
    if (images.length) await tx.insert(hostelImages).values(imageValues(row.id, images, 0));
    return row.id;
  });
  return getHostel(deps, id, { includeClosed: true });
}

/**
 * Change the text fields (those given), remove the chosen photos and append the new ones.
 * The hostel row is locked so two admins editing photos at once cannot exceed the limit together.
 */
export async function updateHostel(
  deps: HostelDeps,
  id: string,
  changes: HostelUpdateFields,
  newImages: StoredImage[],
): Promise<Hostel> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(hostels).where(eq(hostels.id, id)).for('update');
    if (!row) throw notFound('This hostel does not exist');
    const current = await tx
      .select()
      .from(hostelImages)
      .where(eq(hostelImages.hostelId, id))
      .orderBy(asc(hostelImages.position));

    const removeIds = new Set(changes.remove_images);
    const unknown = [...removeIds].filter((rid) => !current.some((img) => img.id === rid));
    if (unknown.length) {
      throw badRequest(
        `${unknown.length === 1 ? 'A photo' : `${unknown.length} photos`} to remove ${unknown.length === 1 ? 'is' : 'are'} not among this hostel's photos; reload the page and try again`,
        { remove_images: `Not a photo of this hostel: ${unknown.join(', ')}` },
      );
    }
    const kept = current.filter((img) => !removeIds.has(img.id));
    const total = kept.length + newImages.length;
    if (total > BUSINESS.maxHostelImages) {
      throw badRequest(
        `A hostel can have at most ${BUSINESS.maxHostelImages} photos; it has ${kept.length}, so add at most ${Math.max(0, BUSINESS.maxHostelImages - kept.length)} more (or remove some first)`,
        { images: `At most ${BUSINESS.maxHostelImages} photos in total` },
      );
    }

    const toRemove = current.filter((img) => removeIds.has(img.id));
    if (toRemove.length) {
      await tx.delete(hostelImages).where(
        inArray(
          hostelImages.id,
          toRemove.map((img) => img.id),
        ),
      );
    }
    if (newImages.length) {
      const nextPosition = current.reduce((max, img) => Math.max(max, img.position + 1), 0);
      await tx.insert(hostelImages).values(imageValues(id, newImages, nextPosition));
    }
    await tx
      .update(hostels)
      .set({
        ...(changes.hostel_name !== undefined ? { hostelName: changes.hostel_name } : {}),
        ...(changes.address !== undefined ? { address: changes.address } : {}),
        ...(changes.hostel_details !== undefined ? { hostelDetails: changes.hostel_details } : {}),
        ...factValues(changes),
        updatedAt: new Date(),
      })
      .where(eq(hostels.id, id));
    return toRemove;
  });
  await removePhotos(deps.storage, removed);
  return getHostel(deps, id, { includeClosed: true });
}

export async function assertHostelExists({ db }: Pick<Deps, 'db'>, id: string): Promise<void> {
  const [row] = await db.select({ id: hostels.id }).from(hostels).where(eq(hostels.id, id)).limit(1);
  if (!row) throw notFound('This hostel does not exist');
}

/** Closed hostels stay in the database (rooms, bookings, payments intact) but vanish for students. */
export async function setHostelClosed(deps: HostelDeps, id: string, isClosed: boolean): Promise<Hostel> {
  const [row] = await deps.db
    .update(hostels)
    .set({ isClosed, updatedAt: new Date() })
    .where(eq(hostels.id, id))
    .returning({ id: hostels.id });
  if (!row) throw notFound('This hostel does not exist');
  return getHostel(deps, id, { includeClosed: true });
}

/**
 * Why a hostel may not be deleted now, or null: its rooms' owner answers (rooms are the later
 * module; app.ts hands the question in). Asked inside the deleting transaction, with the hostel's
 * row locked.
 */
export type HostelInUse = (tx: Tx, hostelId: string) => Promise<string | null>;

/**
 * The stored files of the hostel's rooms' photos, whose rows go with the hostel by cascade: the
 * rooms module answers (app.ts hands it in), inside the deleting transaction.
 */
export type RoomPhotoFiles = (tx: Tx, hostelId: string) => Promise<PhotoFiles[]>;

/**
 * Delete a hostel nobody depends on: its rooms and photo rows (its own and its rooms') go with it
 * (cascade), then their files.
 * Refused while a student has, holds or rents a room, and while any booking, payment or tenancy
 * points at it — those are financial records we must keep; closing the hostel hides it instead.
 * Answers the deleted hostel's name (the activity log keeps it).
 */
export async function deleteHostel(
  { db, storage }: HostelDeps,
  id: string,
  inUse: HostelInUse,
  roomPhotoFiles: RoomPhotoFiles,
): Promise<string> {
  const { name, images } = await db.transaction(async (tx) => {
    // Locking the hostel makes a concurrent booking wait for us (its foreign keys need this row),
    // so nothing can slip in between the checks and the delete.
    const [row] = await tx
      .select({ id: hostels.id, name: hostels.hostelName })
      .from(hostels)
      .where(eq(hostels.id, id))
      .for('update');
    if (!row) throw notFound('This hostel does not exist');
    const why = await inUse(tx, id);
    if (why) throw conflict(why);
    const imageRows = await tx.select().from(hostelImages).where(eq(hostelImages.hostelId, id));
    const roomImageRows = await roomPhotoFiles(tx, id);
    await tx.delete(hostels).where(eq(hostels.id, id));
    return { name: row.name, images: [...imageRows, ...roomImageRows] };
  });
  await removePhotos(storage, images);
  return name;
}

/** How many hostels there are, open or closed (the demo data goes only into an empty database). */
/**
 * Stores a hostel's review totals. The row is locked before `count` runs, so two reviews written
 * at once are counted one after the other and neither total is lost.
 */
export async function setHostelRating(
  tx: Tx,
  hostelId: string,
  count: () => Promise<{ count: number; starsTotal: number }>,
): Promise<void> {
  await tx.select({ id: hostels.id }).from(hostels).where(eq(hostels.id, hostelId)).for('update');
  const totals = await count();
  await tx
    .update(hostels)
    .set({ reviewCount: totals.count, reviewStarsTotal: totals.starsTotal })
    .where(eq(hostels.id, hostelId));
}

export async function countHostels({ db }: Pick<Deps, 'db'>): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(hostels);
  return Number(row?.n ?? 0);
}
