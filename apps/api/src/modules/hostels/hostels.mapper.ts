import {
  type Hostel,
  type HostelRating,
  type HostelRef,
  type HostelSummary,
  type Photo,
  universityByCode,
} from '@studynest/contracts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { jpegKey, type PhotoFiles, toPhoto as photoFiles } from '../../storage/photos.ts';
import { hostels } from './hostels.schema.ts';

type HostelRow = typeof hostels.$inferSelect;

/** What a photo needs from its row (getHostel reads these aggregated with the hostel). */
export type PhotoRow = PhotoFiles;

/**
 * The hostel as other resources mention it (a room's, booking's, payment's or tenant's hostel):
 * columns for a drizzle select, so every join reads it the same way.
 */
export const hostelRefColumns = {
  _id: hostels.id,
  hostel_name: hostels.hostelName,
  address: hostels.address,
};

export const toHostelRef = (row: Pick<HostelRow, 'id' | 'hostelName' | 'address'>): HostelRef => ({
  _id: row.id,
  hostel_name: row.hostelName,
  address: row.address,
});

export const toPhoto = (storage: FileStorage, img: PhotoRow): Photo => photoFiles(storage, img);

/** What a summary reads from the hostel row: columns for a drizzle select. */
export const hostelSummaryColumns = {
  id: hostels.id,
  hostelName: hostels.hostelName,
  address: hostels.address,
  isClosed: hostels.isClosed,
  state: hostels.state,
  city: hostels.city,
  university: hostels.university,
  walkingMinutes: hostels.walkingMinutes,
  genderPolicy: hostels.genderPolicy,
  amenities: hostels.amenities,
  latitude: hostels.latitude,
  longitude: hostels.longitude,
  rentPlan: hostels.rentPlan,
};
export type HostelSummaryRow = Pick<HostelRow, keyof typeof hostelSummaryColumns>;

/** `_id` and `id` both carry the hostel's id: the spec's clients read either. */
export function toHostelSummary(
  storage: FileStorage,
  row: HostelSummaryRow,
  imageKeys: string[],
): HostelSummary {
  return {
    ...toHostelRef(row),
    id: row.id,
    images: imageKeys.map((key) => storage.url(jpegKey(key))),
    is_closed: row.isClosed,
    state: row.state,
    city: row.city,
    university: row.university,
    university_name: row.university ? (universityByCode(row.university)?.name ?? null) : null,
    walking_minutes: row.walkingMinutes,
    gender_policy: row.genderPolicy,
    amenities: row.amenities,
    latitude: row.latitude,
    longitude: row.longitude,
    rent_plan: row.rentPlan,
  };
}

/** The stored review totals as the answers show them: null until a visible review exists. */
export const toHostelRating = (count: number, starsTotal: number): HostelRating | null =>
  count > 0 ? { average: Math.round((starsTotal * 10) / count) / 10, count } : null;

export function toHostel(storage: FileStorage, row: HostelRow, images: PhotoRow[]): Hostel {
  return {
    ...toHostelSummary(
      storage,
      row,
      images.map((img) => img.storageKey),
    ),
    rating: toHostelRating(row.reviewCount, row.reviewStarsTotal),
    hostel_details: row.hostelDetails,
    photos: images.map((img) => toPhoto(storage, img)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
