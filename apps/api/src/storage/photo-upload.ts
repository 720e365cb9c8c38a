import { BUSINESS } from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../lib/errors.ts';
import type { PhotoStore } from './file-storage.ts';
import {
  ACCEPTED_PHOTO_TYPES,
  MAX_INPUT_PIXELS,
  removePhotos,
  type StoredImage,
  storePhoto,
  UnreadableImageError,
} from './photos.ts';

const MAX_MB = Math.round(BUSINESS.maxImageBytes / (1024 * 1024));

export const tooLarge = () => new AppError(413, `Each photo must be ${MAX_MB} MB or smaller`);
/** `which`: the photo as the person knows it, e.g. `Photo 2 (notes.pdf)`. */
export const notAPhoto = (which: string) =>
  new AppError(
    415,
    `${which} is not a JPEG, PNG or HEIC photo. Choose a photo saved as .jpg, .jpeg, .png or .heic.`,
  );
export const tooManyPhotos = (max: number) =>
  new AppError(413, `At most ${max} photos can be uploaded at once`);

export type PhotoUpload = {
  /** The file fields photos may come in, e.g. `images` and `images[]`. */
  photoFields: ReadonlySet<string>;
  maxPhotos: number;
  /** Storage folder for the photos, e.g. `hostels`. */
  folder: string;
  /** Each text field as it arrives. */
  onField: (name: string, value: string) => void;
};

/**
 * Read a multipart form with photos (the same rules wherever people upload them). Photos are
 * checked and stored one at a time as they stream in, so at most one raw upload (≤ 8 MB) is in
 * memory; if anything goes wrong part-way, the photos stored so far are removed before the error
 * propagates. The caller removes them too if it fails after this returns.
 */
export async function readPhotoForm(
  request: FastifyRequest,
  storage: PhotoStore,
  { photoFields, maxPhotos, folder, onField }: PhotoUpload,
): Promise<StoredImage[]> {
  const images: StoredImage[] = [];
  const [field] = photoFields;
  let fileCount = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        onField(part.fieldname, String(part.value));
        continue;
      }
      if (!photoFields.has(part.fieldname)) {
        part.file.resume();
        throw badRequest(`Send photos in the "${field}" field (got a file in "${part.fieldname}")`, {
          [part.fieldname]: `Photos go in the ${field} field`,
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
      if (fileCount > maxPhotos) throw tooManyPhotos(maxPhotos);

      const which = `Photo ${fileCount}${part.filename ? ` (${part.filename})` : ''}`;
      // The content decides, never the file name or the declared type: a PDF renamed .jpg is refused.
      const type = await fileTypeFromBuffer(data);
      if (!type || !ACCEPTED_PHOTO_TYPES.has(type.mime)) throw notAPhoto(which);
      try {
        images.push(await storePhoto(storage, data, folder, type.mime));
      } catch (err) {
        if (!(err instanceof UnreadableImageError)) throw err;
        if (err.tooManyPixels) {
          throw new AppError(
            413,
            `${which} is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Resize it (a phone's normal photo size is fine) and try again.`,
            { [field as string]: 'A photo has too many pixels' },
          );
        }
        throw badRequest(
          `${which} could not be read; it may be damaged. Try exporting it again as JPEG or PNG.`,
          {
            [field as string]: 'A photo could not be read',
          },
        );
      }
    }
  } catch (err) {
    await removePhotos(storage, images);
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw tooManyPhotos(maxPhotos);
    throw err;
  }
  return images;
}

/**
 * Run `write` with photos already stored for it; if it fails (refused, or the database said no),
 * their files are removed again, so a refused request leaves no file behind.
 */
export async function withStoredPhotos<T>(
  storage: PhotoStore,
  images: StoredImage[],
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await removePhotos(storage, images);
    throw err;
  }
}
