import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { bookings } from '../bookings/bookings.schema.ts';
import { payments } from '../payments/payments.schema.ts';

/** Test support for the hostel and room suites (not imported by the app). */

/** A real JPEG that carries EXIF including a GPS position (Nsukka), like a phone photo. */
export function jpegWithGps(width = 640, height = 480, color = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 52/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '7/1 23/1 0/1',
      },
    })
    .toBuffer();
}

export const smallJpeg = (n = 0) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: n * 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

export const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 4, background: '#3366ffcc' } })
    .png()
    .toBuffer();

/** A screenshot-like PNG with transparency, 1000×750 like the HEIC fixture. */
export const pngPhoto = () =>
  sharp({ create: { width: 1000, height: 750, channels: 4, background: '#2a8c5acc' } })
    .png()
    .toBuffer();

/**
 * A real HEIC (HEVC-coded, as an iPhone writes), 1000×750, made with libheif's heif-enc (x265);
 * sharp's prebuilt libvips cannot decode it.
 */
export const heicPhoto = () => readFile(path.join(import.meta.dirname, '../../../test/fixtures/photo.heic'));

/** Not a photo at all, whatever its name says. */
export const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

export type UploadFile = { data: Buffer; filename?: string; type?: string; field?: string };

/** A multipart/form-data body as a browser would send it (built by the platform's own FormData). */
export async function multipart(
  fields: Record<string, string | string[]> = {},
  files: UploadFile[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const [i, f] of files.entries()) {
    form.append(
      f.field ?? 'images',
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }),
      f.filename ?? `photo-${i}.jpg`,
    );
  }
  const request = new Request('http://test.invalid/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Every file under DATA_DIR/uploads, relative to it. */
export async function uploadedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
}

/** A booking (and optionally an agent-fee payment) on a room, as the bookings module would write them. */
export async function insertBooking(
  db: Db,
  ids: { userId: string; roomId: string; hostelId: string },
  opts: { withPayment?: boolean } = {},
) {
  const [booking] = await db
    .insert(bookings)
    .values({
      ...ids,
      inspectionDate: '2030-01-15',
      inspectionSlot: '10:00am - 10:30am',
      holdExpiresAt: new Date(Date.now() - 60_000),
      status: 'expired',
    })
    .returning();
  if (opts.withPayment) {
    await db.insert(payments).values({
      ...ids,
      reference: `test-${crypto.randomUUID()}`,
      kind: 'agent_fee',
      bookingId: booking!.id,
      amount: 65_000,
      provider: 'sandbox',
      status: 'failed',
    });
  }
  return booking!;
}
