import type { Hostel, HostelSummary, Photo } from '@studynest/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { hostelImages, hostels } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { jpegKey, webpKey } from '../storage/images.ts';
import type { FileStorage } from '../storage/storage.ts';

type HostelRow = typeof hostels.$inferSelect;
type ImageRow = typeof hostelImages.$inferSelect;

function toPhoto(storage: FileStorage, img: ImageRow): Photo {
  return {
    _id: img.id,
    src: storage.url(jpegKey(img.storageKey)),
    width: img.width,
    height: img.height,
    variants: [...img.variantWidths]
      .sort((a, b) => a - b)
      .map((width) => ({ width, url: storage.url(webpKey(img.storageKey, width)) })),
  };
}

function toSummary(storage: FileStorage, row: HostelRow, images: ImageRow[]): HostelSummary {
  return {
    _id: row.id,
    id: row.id,
    hostel_name: row.hostelName,
    address: row.address,
    images: images.map((img) => storage.url(jpegKey(img.storageKey))),
    is_closed: row.isClosed,
  };
}

async function imagesByHostel(db: DbOrTx, hostelIds: string[]): Promise<Map<string, ImageRow[]>> {
  const byHostel = new Map<string, ImageRow[]>();
  if (hostelIds.length === 0) return byHostel;
  const rows = await db
    .select()
    .from(hostelImages)
    .where(inArray(hostelImages.hostelId, hostelIds))
    .orderBy(asc(hostelImages.hostelId), asc(hostelImages.position), asc(hostelImages.createdAt));
  for (const r of rows) {
    const list = byHostel.get(r.hostelId) ?? [];
    list.push(r);
    byHostel.set(r.hostelId, list);
  }
  return byHostel;
}

/** Public list: open hostels only, by name. Admins may ask for closed ones too. */
export async function listHostels(
  db: DbOrTx,
  storage: FileStorage,
  opts: { includeClosed?: boolean } = {},
): Promise<HostelSummary[]> {
  const rows = await db
    .select()
    .from(hostels)
    .where(opts.includeClosed ? undefined : eq(hostels.isClosed, false))
    .orderBy(asc(hostels.hostelName), asc(hostels.id));
  const images = await imagesByHostel(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSummary(storage, r, images.get(r.id) ?? []));
}

export async function getHostel(
  db: DbOrTx,
  storage: FileStorage,
  id: string,
  opts: { includeClosed?: boolean } = {},
): Promise<Hostel> {
  const [row] = await db
    .select()
    .from(hostels)
    .where(opts.includeClosed ? eq(hostels.id, id) : and(eq(hostels.id, id), eq(hostels.isClosed, false)))
    .limit(1);
  if (!row) throw notFound('This hostel does not exist or is no longer listed');
  const images = (await imagesByHostel(db, [id])).get(id) ?? [];
  return {
    ...toSummary(storage, row, images),
    hostel_details: row.hostelDetails,
    photos: images.map((img) => toPhoto(storage, img)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
