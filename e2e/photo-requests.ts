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
