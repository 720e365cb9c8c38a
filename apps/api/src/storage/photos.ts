import { randomUUID } from 'node:crypto';
import type { FileStorage } from './file-storage.ts';
import { loadSharp } from './sharp.ts';

/** Widths of the WebP renditions: a cheap phone (360–414 px at 1–2×) needs 480 or 960, not the 1600 original. */
export const VARIANT_WIDTHS = [480, 960] as const;
const MAX_WIDTH = 1600;
/**
 * A phone photo is 12–50 megapixels; a small JPEG declaring far more is a decompression bomb.
 * sharp's own default (268 MP) would let one upload take gigabytes of memory.
 */
export const MAX_INPUT_PIXELS = 60_000_000;

export type StoredImage = { storageKey: string; width: number; height: number; variantWidths: number[] };

/** The upload itself could not be decoded (damaged or not really an image): the client's fault, not ours. */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The image could not be decoded', { cause });
    this.name = 'UnreadableImageError';
  }

  /** The file is a JPEG, but declares more pixels than MAX_INPUT_PIXELS. */
  get tooManyPixels(): boolean {
    return /pixel limit/i.test(String((this.cause as Error | undefined)?.message ?? ''));
  }
}

export const jpegKey = (storageKey: string) => `${storageKey}.jpg`;
export const webpKey = (storageKey: string, width: number) => `${storageKey}-${width}.webp`;

/**
 * Re-encode an uploaded JPEG: apply the EXIF orientation, then write a new file with no metadata
 * at all (GPS included), capped at 1600 px wide, plus smaller WebP renditions, under `folder/`.
 */
export async function storePhoto(storage: FileStorage, input: Buffer, folder: string): Promise<StoredImage> {
  const storageKey = `${folder}/${randomUUID()}`;
  const written: string[] = [];
  const put = async (key: string, data: Buffer, contentType: string) => {
    written.push(key);
    await storage.put(key, data, contentType);
  };
  try {
    return await encodeAndStore(put, storageKey, input);
  } catch (err) {
    // A photo that fails half-way must not leave files behind.
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw err;
  }
}

type Put = (key: string, data: Buffer, contentType: string) => Promise<void>;

async function encodeAndStore(put: Put, storageKey: string, input: Buffer): Promise<StoredImage> {
  const sharp = await loadSharp();
  const base = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: MAX_WIDTH, withoutEnlargement: true });
  const { data: jpeg, info } = await base
    .clone()
    .jpeg({ quality: 78, mozjpeg: true, progressive: true })
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => {
      throw new UnreadableImageError(err);
    });
  await put(jpegKey(storageKey), jpeg, 'image/jpeg');

  const variantWidths: number[] = [];
  for (const width of VARIANT_WIDTHS) {
    if (width >= info.width) continue;
    const webp = await sharp(jpeg).resize({ width }).webp({ quality: 70 }).toBuffer();
    await put(webpKey(storageKey, width), webp, 'image/webp');
    variantWidths.push(width);
  }
  // The full-size WebP is always kept so every browser gets a WebP candidate.
  const fullWebp = await sharp(jpeg).webp({ quality: 72 }).toBuffer();
  await put(webpKey(storageKey, info.width), fullWebp, 'image/webp');
  variantWidths.push(info.width);

  return { storageKey, width: info.width, height: info.height, variantWidths };
}

type ImageFiles = { storageKey: string; variantWidths: number[] };

async function removePhoto(storage: FileStorage, image: ImageFiles) {
  await storage.remove(jpegKey(image.storageKey));
  for (const w of image.variantWidths) await storage.remove(webpKey(image.storageKey, w));
}

/**
 * Remove photos' files: those of a request that failed, or of rows already deleted (after the
 * transaction commits, so a rolled-back delete still finds its photos). Best effort: a file that
 * cannot be removed is left behind rather than failing the request.
 */
export async function removePhotos(storage: FileStorage, images: ImageFiles[]): Promise<void> {
  await Promise.allSettled(images.map((img) => removePhoto(storage, img)));
}
