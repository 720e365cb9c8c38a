import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { controlled, signInOnce, tenant } from './offline.ts';

/**
 * Issue 26, installable and offline (docs/decisions/0025-service-worker.md): the manifest and its
 * icons, the service worker in charge of the page, pages a student opened shown again without a
 * signal, nothing of an account left after logout, and a new version taking over on the next
 * navigation. A 375 px phone.
 */
test.use({ viewport: { width: 375, height: 740 } });

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test('the manifest, its icons and the service worker meet the install criteria', async ({
  page,
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'StudyNest', start_url: '/', scope: '/', display: 'standalone' });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.theme_color).toBe('#0f5f55');
  const wanted = [
    { sizes: '192x192', purpose: undefined },
    { sizes: '512x512', purpose: undefined },
    { sizes: '512x512', purpose: 'maskable' },
  ];
  for (const want of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === want.sizes && i.purpose === want.purpose);
    expect(icon, `${want.sizes} ${want.purpose ?? 'any'}`).toBeDefined();
    const png = await request.get(icon!.src);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body())).toEqual(want.sizes.split('x').map(Number));
  }

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await controlled(page);
  const worker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { script: reg.active?.scriptURL, scope: reg.scope };
  });
  expect(new URL(worker.script!).pathname).toBe('/sw.js');
  expect(new URL(worker.scope).pathname).toBe('/');
});

test('after one visit with a signal, the landing page, a viewed hostel, the profile and a receipt she opened open offline; logout leaves nothing of the account', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { name, room, person, student } = await tenant(request, baseURL!, 'Offline');
  await page.goto('/');
  await controlled(page);
  await signInOnce(page, student);
  await page.goto(`/hostel/${room.hostelId}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The hostel page, rendered by the server on each request, is installable as well.
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await expect(page.locator('script[src="/registerSW.js"]')).toHaveCount(1);
  await page.goto(`/profile/${student.userId}`);
  const rent = page.getByRole('region', { name: 'Rent Details' }).or(page.getByText('Rent Details'));
  await expect(rent.first()).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  // Her receipt, opened once with a signal (the server's PDF).
  const receiptPdf = async () => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^Download receipt/ })
        .first()
        .click(),
    ]);
    return readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1');
  };
  expect(await receiptPdf()).toBe('%PDF-');

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto(`/hostel/${room.hostelId}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.goto(`/profile/${student.userId}`);
  await expect(page.getByText('Rent Details').first()).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  // When the copy is from, written as everywhere else (26 Nov 2026, 2:05 pm).
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Offline — as of \d{1,2} [A-Z][a-z]{2} \d{4}, (1[0-2]|[1-9]):[0-5]\d (am|pm)$/ }),
  ).toBeVisible();
  expect(await receiptPdf()).toBe('%PDF-');

  // Back online, she logs out: the account's kept reads go with her session.
  await context.setOffline(false);
  await page.goto(`/profile/${student.userId}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() =>
      page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('studynest-account-'))),
    )
    .toEqual([]);
  // Even with the token put back, offline there is nothing of the account to show.
  await signInOnce(page, student);
  await context.setOffline(true);
  await page.goto(`/profile/${student.userId}`);
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  await expect(page.getByText(person.email)).toHaveCount(0);
  await expect(page.getByText('Rent Details')).toHaveCount(0);
  await context.setOffline(false);
});

test('a new version says "Update available", waits through a payment\'s page, and takes over on the next navigation', async ({
  page,
}) => {
  await page.goto('/');
  await controlled(page);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');

  // A deploy: the worker's script changes on the server.
  const swFile = path.join(import.meta.dirname, '../apps/web/dist/sw.js');
  const before = readFileSync(swFile, 'utf8');
  try {
    // The new version can say which it is, so the test knows who is in charge after the hand-over.
    const stamp = `e2e-${Date.now()}`;
    writeFileSync(
      swFile,
      `${before}\nself.addEventListener('message', (e) => { if (e.data?.type === 'E2E_VERSION') e.source?.postMessage({ type: 'e2e-version', stamp: '${stamp}' }); });\n`,
    );
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(page.getByRole('status').filter({ hasText: 'Update available' })).toBeVisible({
      timeout: 20_000,
    });
    // Still the old version until she moves on: nothing reloads under her.
    await page.evaluate(() => {
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

    // Not in the middle of a payment: a move to a payment's page leaves the waiting version waiting.
    await page.evaluate(() => history.pushState(null, '', '/receipt-page'));
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(true);

    // The next navigation that is not a payment's: the new version takes over and the page loads under it.
    await page.evaluate(() => history.pushState(null, '', '/about'));
    await page.waitForFunction(
      () => (window as { beforeUpdate?: boolean }).beforeUpdate === undefined,
      undefined,
      {
        timeout: 20_000,
      },
    );
    await expect(page).toHaveURL(/\/about$/);
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              new Promise<string | null>((resolve) => {
                const controller = navigator.serviceWorker.controller;
                if (!controller) return resolve(null);
                const heard = (event: MessageEvent) => {
                  if (event.data?.type !== 'e2e-version') return;
                  navigator.serviceWorker.removeEventListener('message', heard);
                  resolve(event.data.stamp);
                };
                navigator.serviceWorker.addEventListener('message', heard);
                controller.postMessage({ type: 'E2E_VERSION' });
                setTimeout(() => resolve(null), 500);
              }),
          ),
        { timeout: 20_000 },
      )
      .toBe(stamp);
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(false);
    await expect(page.getByRole('status').filter({ hasText: 'Update available' })).toHaveCount(0);
  } finally {
    writeFileSync(swFile, before);
  }
});

test("another account signed in on the same phone never gets the previous account's kept reads", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const first = await tenant(request, baseURL!, 'First');
  const second = await tenant(request, baseURL!, 'Second');
  await page.goto('/');
  await controlled(page);
  await signInOnce(page, first.student);
  await page.goto(`/profile/${first.student.userId}`);
  await expect(page.getByText(first.name).first()).toBeVisible();

  // The second student signs in on this phone (no logout in between), then the signal goes.
  await signInOnce(page, second.student);
  await context.setOffline(true);
  for (const who of [first, second]) {
    await page.goto(`/profile/${who.student.userId}`);
    await expect(page.getByText(/offline/i).first()).toBeVisible();
    await expect(page.getByText(first.name)).toHaveCount(0);
    await expect(page.getByText(first.person.email)).toHaveCount(0);
  }
  await context.setOffline(false);
  // Her first read dropped what the previous account had kept.
  await page.goto(`/profile/${second.student.userId}`);
  await expect(page.getByText(second.name).first()).toBeVisible();
  expect(
    await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('studynest-account-'))),
  ).toHaveLength(1);
});
