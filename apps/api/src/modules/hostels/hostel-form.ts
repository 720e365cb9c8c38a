import { BUSINESS } from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import {
  MAX_INPUT_PIXELS,
  removeHostelImages,
  type StoredImage,
  storeHostelImage,
  UnreadableImageError,
} from './hostel-images.ts';

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
const MAX_MB = Math.round(BUSINESS.maxImageBytes / (1024 * 1024));

export const tooLarge = () => new AppError(413, `Each photo must be ${MAX_MB} MB or smaller`);
export const notJpeg = () => new AppError(415, 'Only JPEG photos (.jpg, .jpeg) are accepted');
export const tooManyPhotos = () =>
  new AppError(413, `At most ${BUSINESS.maxHostelImages} photos can be uploaded at once`);

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
    else if (value !== undefined && value !== null) {
      throw badRequest(`${key} must be text`, { [key]: 'must be text' });
    }
  }
  const removeImages = [...splitIds(record.remove_images), ...splitIds(record['remove_images[]'])];
  return { fields, removeImages, images: [] };
}

/**
 * Read the create/update form. Photos are checked and stored one at a time as they stream in,
 * so at most one raw upload (≤ 8 MB) is in memory; if anything goes wrong part-way, the photos
 * stored so far are removed before the error propagates.
 */
export async function readHostelForm(request: FastifyRequest, storage: FileStorage): Promise<HostelForm> {
  if (!request.isMultipart()) return fromJson(request.body);

  const fields: Record<string, string> = {};
  const removeImages: string[] = [];
  const images: StoredImage[] = [];
  let fileCount = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (REMOVE_FIELDS.has(part.fieldname)) removeImages.push(...splitIds(part.value));
        else fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!IMAGE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw badRequest(`Send photos in the "images" field (got a file in "${part.fieldname}")`, {
          [part.fieldname]: 'Photos go in the images field',
        });
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      }
      if (part.file.truncated) throw tooLarge();
      // A browser form with no photo chosen still sends one empty, nameless file part.
      if (data.length === 0 && !part.filename) continue;
      fileCount += 1;
      if (fileCount > BUSINESS.maxHostelImages) throw tooManyPhotos();

      // The content decides, never the file name or the declared type: a PNG renamed .jpg is refused.
      const type = await fileTypeFromBuffer(data);
      if (type?.mime !== 'image/jpeg') throw notJpeg();
      try {
        images.push(await storeHostelImage(storage, data));
      } catch (err) {
        if (!(err instanceof UnreadableImageError)) throw err;
        if (err.tooManyPixels) {
          throw new AppError(
            413,
            `Photo ${fileCount}${part.filename ? ` (${part.filename})` : ''} is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Resize it (a phone's normal photo size is fine) and try again.`,
            { images: 'A photo has too many pixels' },
          );
        }
        throw badRequest(
          `Photo ${fileCount}${part.filename ? ` (${part.filename})` : ''} could not be read; it may be damaged. Try exporting it again as JPEG.`,
          { images: 'A photo could not be read' },
        );
      }
    }
  } catch (err) {
    await removeHostelImages(storage, images);
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw tooManyPhotos();
    throw err;
  }
  return { fields, removeImages, images };
}
