import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PhotoFiles, StoredImage } from './photos.ts';

/**
 * An owner's photos (a hostel's, a room's) as one JSON array inside the owner's own query, in
 * order: one round trip per request instead of two, and no per-photo row mapping. Under load
 * (bench/api-load.mjs) round trips and row mapping, not PostgreSQL, were what these reads spent
 * their time on. `images` is a photo table with the columns of `hostel_images`; `ownerColumn` its
 * column naming the owner; `ownerId` the owner's id as the outer query names it, in full
 * ("hostels"."id"): inside the subquery an unqualified name would resolve to the photo's own.
 */
export const photosJson = (images: PgTable, ownerColumn: string, ownerId: SQL) =>
  sql<PhotoFiles[]>`coalesce((
  select json_agg(json_build_object('id', i.id, 'storageKey', i.storage_key, 'width', i.width,
    'height', i.height, 'variantWidths', i.variant_widths, 'placeholder', i.placeholder) order by i.position, i.created_at)
  from ${images} i where i.${sql.identifier(ownerColumn)} = ${ownerId}), '[]'::json)`;

/** Stored photos as rows of a photo table (the owner's id added by the caller), numbered from `firstPosition`. */
export const photoRowValues = (images: StoredImage[], firstPosition: number) =>
  images.map((img, i) => ({
    storageKey: img.storageKey,
    width: img.width,
    height: img.height,
    variantWidths: img.variantWidths,
    placeholder: img.placeholder,
    position: firstPosition + i,
  }));
