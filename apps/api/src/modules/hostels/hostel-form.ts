import { BUSINESS } from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { readPhotoForm } from '../../storage/photo-upload.ts';
import type { StoredImage } from '../../storage/photos.ts';

/** The hostel form after parsing: text fields as the client sent them, photos already stored. */
export type HostelForm = {
  /** Last value of each text field (a repeated field keeps its last value, like most form parsers). */
  fields: Record<string, string>;
  /** Ids from every `remove_images` value, comma-separated strings split. */
  removeImages: string[];
  /** Photos re-encoded and written to storage, in upload order. Discard them if the request fails. */
  images: StoredImage[];
};

const IMAGE_FIELDS = new Set(['images', 'images[]']);
const REMOVE_FIELDS = new Set(['remove_images', 'remove_images[]']);
/** The only fields a number is right for; a number anywhere else is refused as before. */
const NUMBER_FIELDS = new Set(['walking_minutes', 'latitude', 'longitude']);
/** Amenities may come as repeated fields or one comma-separated string; all of them count. */
const LIST_FIELDS = new Set(['amenities', 'amenities[]']);
function splitIds(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A JSON body can update the text fields and remove photos; new photos need a multipart form. */
function fromJson(body: unknown): HostelForm {
  if (body === undefined || body === null) return { fields: {}, removeImages: [], images: [] };
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Send the hostel as a form (multipart/form-data) or a JSON object');
  }
  const record = body as Record<string, unknown>;
  if (record.images !== undefined) {
    throw badRequest('Photos must be uploaded as files in a multipart/form-data form', {
      images: 'Upload photos as files',
    });
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (REMOVE_FIELDS.has(key)) continue;
    if (typeof value === 'string') fields[key] = value;
    // Walking minutes and coordinates are numbers to a JSON client; the form schema reads both.
    else if (typeof value === 'number' && NUMBER_FIELDS.has(key)) fields[key] = String(value);
    else if (LIST_FIELDS.has(key) && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      fields.amenities = value.join(',');
    } else if (value !== undefined && value !== null) {
      throw badRequest(`${key} must be text`, { [key]: 'must be text' });
    }
  }
  const removeImages = [...splitIds(record.remove_images), ...splitIds(record['remove_images[]'])];
  return { fields, removeImages, images: [] };
}

/** Read the create/update form: a multipart form with photos, or JSON without. */
export async function readHostelForm(request: FastifyRequest, storage: FileStorage): Promise<HostelForm> {
  if (!request.isMultipart()) return fromJson(request.body);
  const fields: Record<string, string> = {};
  const removeImages: string[] = [];
  const images = await readPhotoForm(request, storage, {
    photoFields: IMAGE_FIELDS,
    maxPhotos: BUSINESS.maxHostelImages,
    folder: 'hostels',
    onField: (name, value) => {
      if (REMOVE_FIELDS.has(name)) removeImages.push(...splitIds(value));
      else if (LIST_FIELDS.has(name))
        fields.amenities = fields.amenities ? `${fields.amenities},${value}` : value;
      else fields[name] = value;
    },
  });
  return { fields, removeImages, images };
}
