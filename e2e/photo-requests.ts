import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Every stored photo (/uploads/…) this page asks for, as it asks: the network, not the markup. */
export function photoRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/uploads/')) seen.push(pathname);
  });
  return seen;
}

/** Waits until the image has really arrived and decoded. */
export const expectLoaded = (img: Locator) =>
  expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);

/**
 * A real photo drawn on a canvas in the page (two blocks of colour), as `type` at `width`×`height`:
 * the server re-encodes uploads, so they must decode.
 */
export async function drawPhoto(
  page: Page,
  { width, height, type }: { width: number; height: number; type: 'image/png' | 'image/jpeg' },
): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ width, height, type }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      ctx.fillStyle = '#0f5f55';
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#f59e0b';
      ctx.fillRect(width / 8, height / 4, width / 2, height / 2);
      return canvas.toDataURL(type, 0.8).split(',')[1] ?? '';
    },
    { width, height, type },
  );
  return Buffer.from(base64, 'base64');
}
