import { randomUUID } from 'node:crypto';
import type { Photo } from '@studynest/contracts';
import type { FileStorage, PhotoStore } from './file-storage.ts';
import { loadSharp } from './sharp.ts';

/** Widths of the WebP renditions: a cheap phone (360–414 px at 1–2×) needs 480 or 960, not the 1600 original. */
export const VARIANT_WIDTHS = [480, 960] as const;
const MAX_WIDTH = 1600;
/**
 * A phone photo is 12–50 megapixels; a small JPEG declaring far more is a decompression bomb.
 * sharp's own default (268 MP) would let one upload take gigabytes of memory.
 */
export const MAX_INPUT_PIXELS = 60_000_000;

export type StoredImage = {
  storageKey: string;
  width: number;
  height: number;
  variantWidths: number[];
  /** The photo's dominant colour (`#rrggbb`), painted where it will appear while it loads. */
  placeholder: string;
};

/** What a photo row stored before placeholders existed shows while loading: a neutral grey. */
export const DEFAULT_PLACEHOLDER = '#d9dee3';

/** What people upload: camera JPEGs, screenshots (PNG) and iPhone photos (HEIC/HEIF). */
export const ACCEPTED_PHOTO_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/heif',
]);
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);

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
 * Re-encode an uploaded photo (JPEG, PNG or HEIC/HEIF; `mime` as sniffed from its content): apply
 * the EXIF orientation, then write a new JPEG with no metadata at all (GPS included), capped at
 * 1600 px wide, plus smaller WebP renditions, under `folder/`.
 */
export async function storePhoto(
  storage: PhotoStore,
  input: Buffer,
  folder: string,
  mime = 'image/jpeg',
): Promise<StoredImage> {
  const storageKey = `${folder}/${randomUUID()}`;
  const written: string[] = [];
  const put = async (key: string, data: Buffer, contentType: string) => {
    written.push(key);
    await storage.put(key, data, contentType);
  };
  try {
    return await encodeAndStore(put, storageKey, await decodeHeif(input, mime));
  } catch (err) {
    // A photo that fails half-way must not leave files behind.
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw err;
  }
}

type Put = (key: string, data: Buffer, contentType: string) => Promise<void>;
type Raw = { data: Uint8ClampedArray; width: number; height: number };

/**
 * sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF); an iPhone's HEIC holds HEVC, so
 * it is decoded to pixels by libheif compiled to WebAssembly (docs/decisions/0026-image-pipeline.md).
 * The pixel limit is checked on the declared size before the pixels are decoded.
 */
async function decodeHeif(input: Buffer, mime: string): Promise<Buffer | Raw> {
  if (!HEIF_TYPES.has(mime)) return input;
  const { default: decode } = await import('heic-decode');
  let images: Awaited<ReturnType<typeof decode.all>> | undefined;
  try {
    images = await decode.all({ buffer: input });
    const primary = images[0];
    if (!primary) throw new Error('no image inside the HEIF file');
    if (primary.width * primary.height > MAX_INPUT_PIXELS) throw new Error('Input image exceeds pixel limit');
    const { data, width, height } = await primary.decode();
    return { data, width, height };
  } catch (err) {
    throw new UnreadableImageError(err);
  } finally {
    // The decoder's memory lives in the WebAssembly heap, outside the garbage collector's reach.
    images?.dispose?.();
  }
}

/**
 * The one re-encoding every upload goes through: decoded (HEIC by libheif), turned upright by its
 * EXIF orientation, flattened on white, shrunk to fit `resize`, and written as a new JPEG that
 * carries no metadata at all (GPS, camera, names).
 */
async function reencodeJpeg(
  input: Buffer | Raw,
  resize: { width: number; height?: number },
  quality: number,
): Promise<{ data: Buffer; info: { width: number; height: number } }> {
  const sharp = await loadSharp();
  const source = Buffer.isBuffer(input)
    ? sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    : sharp(input.data, { raw: { width: input.width, height: input.height, channels: 4 } });
  // A PNG screenshot may be transparent: JPEG has no alpha, so it goes on white, not black.
  return source
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ ...resize, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality, mozjpeg: true, progressive: true })
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => {
      throw new UnreadableImageError(err);
    });
}

/**
 * An uploaded image (JPEG, PNG or HEIC/HEIF, `mime` as sniffed) as a clean JPEG at most `maxSide`
 * pixels wide or high: for files kept privately (a student's documents), not shown as photos.
 */
export async function cleanImage(
  input: Buffer,
  mime: string,
  maxSide: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await reencodeJpeg(
    await decodeHeif(input, mime),
    { width: maxSide, height: maxSide },
    85,
  );
  return { data, width: info.width, height: info.height };
}

async function encodeAndStore(put: Put, storageKey: string, input: Buffer | Raw): Promise<StoredImage> {
  const sharp = await loadSharp();
  const { data: jpeg, info } = await reencodeJpeg(input, { width: MAX_WIDTH }, 78);
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

  const { dominant } = await sharp(jpeg).resize({ width: 64 }).stats();
  const placeholder = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

  return { storageKey, width: info.width, height: info.height, variantWidths, placeholder };
}

type ImageFiles = { storageKey: string; variantWidths: number[] };

async function removePhoto(storage: PhotoStore, image: ImageFiles) {
  await storage.remove(jpegKey(image.storageKey));
  for (const w of image.variantWidths) await storage.remove(webpKey(image.storageKey, w));
}

/**
 * Remove photos' files: those of a request that failed, or of rows already deleted (after the
 * transaction commits, so a rolled-back delete still finds its photos). Best effort: a file that
 * cannot be removed is left behind rather than failing the request.
 */
export async function removePhotos(storage: PhotoStore, images: ImageFiles[]): Promise<void> {
  await Promise.allSettled(images.map((img) => removePhoto(storage, img)));
}

/** A stored photo as the API shows it (hostel photos, a hostel's cover on search results, maintenance photos). */
export type PhotoFiles = {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  variantWidths: number[];
  placeholder?: string | null;
};

export function toPhoto(storage: Pick<FileStorage, 'url'>, img: PhotoFiles): Photo {
  return {
    _id: img.id,
    src: storage.url(jpegKey(img.storageKey)),
    width: img.width,
    height: img.height,
    placeholder: img.placeholder ?? DEFAULT_PLACEHOLDER,
    variants: [...img.variantWidths]
      .sort((a, b) => a - b)
      .map((width) => ({ width, url: storage.url(webpKey(img.storageKey, width)) })),
  };
}
