import { loadSharp } from '../../storage/sharp.ts';

/**
 * Demo hostel pictures drawn as SVG and rasterised to JPEG, so the repository ships no binary
 * photos and every fresh start gets the same pictures through the real upload pipeline.
 */
export type PhotoStyle = {
  wall: string;
  roof: string;
  sky: [string, string];
  floors: number;
  variant: number;
};

function buildingSvg({ wall, roof, sky, floors, variant }: PhotoStyle): string {
  const w = 1200;
  const h = 800;
  const ground = 620;
  const bw = 620 + variant * 40;
  const bx = (w - bw) / 2 + (variant - 1) * 120;
  const floorH = 95;
  const top = ground - floors * floorH;
  const windows: string[] = [];
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < 6; c++) {
      const x = bx + 40 + c * ((bw - 80) / 6);
      const y = top + 22 + f * floorH;
      const lit = (f * 7 + c * 3 + variant) % 5 === 0;
      windows.push(
        `<rect x="${x}" y="${y}" width="${(bw - 80) / 6 - 26}" height="52" rx="4" fill="${lit ? '#ffe8a3' : '#9cc3d9'}" stroke="#ffffff" stroke-width="4"/>`,
      );
    }
  }
  const trees = [90, 1030, 200].map(
    (x, i) =>
      `<rect x="${x - 8}" y="${ground - 90}" width="16" height="90" fill="#6b4a2b"/><circle cx="${x}" cy="${ground - 120 - i * 10}" r="${60 + i * 8}" fill="#2f7d4a"/><circle cx="${x + 30}" cy="${ground - 100}" r="40" fill="#3c9a5c"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  <circle cx="${980 - variant * 200}" cy="140" r="60" fill="#fff4c2" opacity="0.9"/>
  <rect y="${ground}" width="${w}" height="${h - ground}" fill="#8a7d6b"/>
  <rect y="${ground + 60}" width="${w}" height="${h - ground - 60}" fill="#6f8f4e"/>
  <polygon points="${bx - 30},${top} ${bx + bw / 2},${top - 90} ${bx + bw + 30},${top}" fill="${roof}"/>
  <rect x="${bx}" y="${top}" width="${bw}" height="${ground - top}" fill="${wall}"/>
  ${windows.join('')}
  <rect x="${bx + bw / 2 - 45}" y="${ground - 110}" width="90" height="110" fill="#5a3d26" stroke="#ffffff" stroke-width="5"/>
  ${trees.join('')}
</svg>`;
}

/** An SVG drawing as the JPEG a camera would give, to go through the upload pipeline. */
async function asJpeg(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export const demoPhoto = (style: PhotoStyle): Promise<Buffer> => asJpeg(buildingSvg(style));

/** A demo room from inside: its wall colour, a bed, a window and a wardrobe, placed by `variant`. */
export type RoomPhotoStyle = { wall: string; floor: string; variant: number };

function roomSvg({ wall, floor, variant }: RoomPhotoStyle): string {
  // Drawn at 1200 × 800 and shown at 960: a card needs no more, and a fresh start encodes less.
  const w = 1200;
  const h = 800;
  const horizon = 560;
  const bedX = variant === 0 ? 140 : 620;
  const windowX = variant === 0 ? 700 : 160;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 ${w} ${h}">
  <rect width="${w}" height="${horizon}" fill="${wall}"/>
  <rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${floor}"/>
  <rect x="${windowX}" y="120" width="340" height="240" fill="#bfe3f7" stroke="#ffffff" stroke-width="14"/>
  <line x1="${windowX + 170}" y1="120" x2="${windowX + 170}" y2="360" stroke="#ffffff" stroke-width="10"/>
  <rect x="${bedX}" y="${horizon - 60}" width="440" height="150" rx="16" fill="#7a5533"/>
  <rect x="${bedX + 10}" y="${horizon - 110}" width="420" height="90" rx="20" fill="#f4f1ea"/>
  <rect x="${bedX + 30}" y="${horizon - 150}" width="120" height="60" rx="18" fill="#ffffff"/>
  <rect x="${bedX + 160}" y="${horizon - 105}" width="270" height="85" rx="14" fill="#3b82a0"/>
  <rect x="${variant === 0 ? 1000 : 40}" y="170" width="150" height="420" rx="6" fill="#8b6a45" stroke="#5a3d26" stroke-width="6"/>
</svg>`;
}

export const demoRoomPhoto = (style: RoomPhotoStyle): Promise<Buffer> => asJpeg(roomSvg(style));
