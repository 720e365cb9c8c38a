/**
 * Writes the install icons in public/icons from public/favicon.svg (run by hand when the logo changes:
 * `npx tsx apps/web/make-icons.ts`). The PNGs are committed, so a build needs no image library.
 *
 * The maskable icon keeps the house inside the middle 80% (the safe zone a launcher's mask never cuts)
 * on a full-bleed brand background; the plain ones are the favicon as it is.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const here = import.meta.dirname;
const out = path.join(here, 'public/icons');
mkdirSync(out, { recursive: true });
const logo = readFileSync(path.join(here, 'public/favicon.svg'));
const BRAND = '#0f5f55';

for (const size of [192, 512]) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(path.join(out, `icon-${size}.png`));
}

const inner = Math.round(512 * 0.7);
const house = await sharp(logo, { density: (72 * inner) / 64 })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: house, gravity: 'centre' }])
  .png()
  .toFile(path.join(out, 'maskable-512.png'));
