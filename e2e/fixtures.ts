import { test as base, expect } from '@playwright/test';

export { E2E_ADMIN } from './global-setup.ts';

/** Every test talks to the server global-setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not run');
    await use(url);
  },
});
export { expect };
