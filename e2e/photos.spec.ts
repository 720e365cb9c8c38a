import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent, login, signIn } from './people.ts';
import { drawPhoto, expectLoaded, photoRequests } from './photo-requests.ts';

/**
 * Photos by need (docs/domain.md, "Photos"): PNG and HEIC uploads become WebP renditions; a 375 px
 * phone fetches the 480 px one; with data saver on (the Save-Data header, or the switch on the account page)
 * no photo is fetched until it is tapped. Checked on the requests the browser makes, not the markup.
 */

/** The width a stored photo's file name says (`<key>-480.webp`), or Infinity for the original JPEG. */
const widthOf = (pathname: string) => Number(/-(\d+)\.webp$/.exec(pathname)?.[1] ?? Number.POSITIVE_INFINITY);

type Photo = { src: string; placeholder: string; variants: { url: string; width: number }[] };

test.describe.configure({ mode: 'serial' });

let hostelId = '';
const name = `Photo Court ${Date.now()}`;

test('a PNG screenshot and an iPhone HEIC are accepted and served as WebP at the width asked for', async ({
  page,
  request,
}) => {
  await page.goto('/about');
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${admin.token}` };
  const created = await request.post('/api/hostels', {
    headers,
    multipart: {
      hostel_name: name,
      address: '3 Lens Street, Nsukka',
      images: {
        name: 'Screenshot.png',
        mimeType: 'image/png',
        buffer: await drawPhoto(page, { width: 1000, height: 750, type: 'image/png' }),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  hostelId = ((await created.json()) as { _id: string })._id;
  const heic = await readFile(path.join(import.meta.dirname, '../apps/api/test/fixtures/photo.heic'));
  const updated = await request.patch(`/api/hostels/${hostelId}`, {
    headers,
    multipart: { images: { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heic } },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  const photos = ((await updated.json()) as { photos: Photo[] }).photos;
  expect(photos).toHaveLength(2);
  for (const photo of photos) {
    expect(photo.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    expect(photo.variants.map((v) => v.width)).toEqual([480, 960, 1000]);
    const small = await request.get(photo.variants[0]!.url);
    expect(small.status()).toBe(200);
    expect(small.headers()['content-type']).toBe('image/webp');
    // The size is in the WebP's own header (VP8 / VP8L / VP8X), read here by the browser.
    const width = await page.evaluate(
      async (bytes) => {
        const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/webp' }));
        return bitmap.width;
      },
      [...(await small.body())],
    );
    expect(width).toBe(480);
  }
  // Anything else is refused, by its name.
  const pdf = await request.patch(`/api/hostels/${hostelId}`, {
    headers,
    multipart: {
      images: {
        name: 'floor-plan.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  });
  expect(pdf.status()).toBe(415);
  expect(((await pdf.json()) as { message: string }).message).toContain('Photo 1 (floor-plan.pdf)');
});

test('at 375 px the search card and the hostel page fetch the 480 px WebP, never the original', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const fetched = photoRequests(page);
  await page.goto(`/hostels?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await expectLoaded(card.locator('img'));
  expect(fetched.length).toBeGreaterThan(0);
  for (const url of fetched) expect(widthOf(url), url).toBeLessThanOrEqual(480);

  fetched.length = 0;
  await card.click();
  const gallery = page.getByRole('region', { name: `Photos of ${name}` });
  await expectLoaded(gallery.locator('img'));
  await expect
    .poll(() => gallery.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/-480\.webp$/);
  for (const url of fetched) expect(widthOf(url), url).toBeLessThanOrEqual(480);
});

test('with Save-Data: on, the server-rendered hostel page fetches no photo until one is tapped, and shows one', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 800 },
    extraHTTPHeaders: { 'Save-Data': 'on' },
  });
  const page = await context.newPage();
  const fetched = photoRequests(page);
  await page.goto(`/hostel/${hostelId}`);
  const gallery = page.getByRole('region', { name: `Photos of ${name}` });
  await expect(gallery.getByText('Data saver: 1 of 2 photos')).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Next photo' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  await gallery.getByRole('button', { name: /Tap to load photo/ }).click();
  await expectLoaded(gallery.locator('img'));
  expect(fetched).toHaveLength(1);
  expect(fetched[0]).toMatch(/-480\.webp$/);
  await context.close();
});

test('the data saver switch (account page, linked from the profile), kept on this phone: search cards load their photo only when tapped', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const student = await createStudent(request, 'Saver');
  const session = await login(request, student.email, student.password);
  await signIn(page, session);
  await page.goto(`/profile/${session.userId}`);
  await page.getByRole('link', { name: 'Messages, data saver, password, devices and your data' }).click();
  const saver = page.getByRole('switch', { name: 'Save data on this phone' });
  await expect(saver).toHaveAttribute('aria-checked', 'false');
  await saver.click();
  await expect(saver).toHaveAttribute('aria-checked', 'true');

  const fetched = photoRequests(page);
  await page.goto(`/hostels?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  await card.getByRole('button', { name: /Tap to load photo/ }).click();
  await expect(page).toHaveURL(/\/hostels\?/);
  await expectLoaded(card.locator('img'));
  expect(fetched).toHaveLength(1);
  expect(widthOf(fetched[0]!)).toBeLessThanOrEqual(480);

  // Remembered on this device: a new visit still saves data.
  await page.reload();
  await page.goto('/account-security');
  await expect(page.getByRole('switch', { name: 'Save data on this phone' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});
