import { randomUUID } from 'node:crypto';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent, hostelWithRoom, logIn, login, signIn } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * The student's snags (issue 29): a wrong password keeps the cursor in the password field; pages
 * that need JavaScript say so when it is off; a closed or removed hostel's link says so and offers
 * the search. `E2E_SCREENSHOTS=1` also saves 375 px screenshots into docs/screenshots.
 */

test.use({ viewport: { width: 375, height: 812 } });

for (const width of [375, 1280]) {
  test(`at ${width} px a wrong password is said beside the password field, with the cursor back in it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 812 });
    await logIn(page, E2E_ADMIN.email, 'not-the-right-password');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(/The email or password is incorrect/);
    await expect(password).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'current-password',
    );
    // No dialog takes the page over; the visitor stays on /login and types again.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    if (SHOTS && width === 375) await page.screenshot({ path: shotPath('login-wrong-password-375.png') });

    await page.keyboard.type(E2E_ADMIN.password, { delay: 0 });
    await expect(password).toHaveValue(`not-the-right-password${E2E_ADMIN.password}`);
    await password.fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // On at once: the welcome shows on the dashboard, not on a held login page.
    await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 1000 });
    await expect(page.getByRole('status').filter({ hasText: 'Welcome back' })).toBeVisible();
  });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const [url, task] of [
    ['/login', 'signing in'],
    ['/sign-up', 'creating an account'],
    [`/book-inspection/${randomUUID()}`, 'booking an inspection'],
  ] as const) {
    test(`${url.replace(/[0-9a-f-]{36}$/, '…')} says it needs JavaScript for ${task}, with links that work`, async ({
      page,
    }) => {
      const res = await page.goto(url);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Turn on JavaScript to continue' })).toBeVisible();
      // (Inside <noscript>, which Playwright's text search skips: read the paragraph instead.)
      await expect(page.getByRole('paragraph').first()).toContainText(
        `StudyNest needs JavaScript for ${task}.`,
      );
      await expect(page.getByRole('link', { name: 'Reload this page' })).toHaveAttribute('href', url);
      if (SHOTS && url === '/login') await page.screenshot({ path: shotPath('login-no-javascript-375.png') });
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      // The search is rendered HTML with a plain form: it finds hostels without JavaScript.
      await page.getByRole('link', { name: 'Search hostels' }).click();
      await expect(page).toHaveURL(/\/hostels$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Find a hostel' })).toBeVisible();
      await expect(page.getByText(/\d+ hostels? match/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Turn on JavaScript to continue' })).toHaveCount(0);
    });
  }
});

test.describe('a closed or removed hostel', () => {
  let closedId = '';
  let closedRoomId = '';
  test.beforeAll(async ({ request }) => {
    const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
    const made = await hostelWithRoom(
      request,
      admin,
      {
        hostel_name: `Gone Lodge ${randomUUID().slice(0, 6)}`,
        address: '9 Ekenwan Road, Benin City',
        hostel_details: 'Closed for good.',
      },
      {
        room_number: 'room 01',
        price: 300_000,
        agent_fee: 30_000,
        caution_fee: 20_000,
        commission_fee: 10_000,
      },
    );
    closedId = made.hostelId;
    closedRoomId = made.roomId;
    const closed = await request.post(`/api/hostels/${closedId}/close`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(closed.status(), await closed.text()).toBe(200);
  });

  test('the server answers its link with a 404 page that says so and offers the search', async ({
    request,
  }) => {
    for (const id of [closedId, randomUUID(), 'not-an-id']) {
      const res = await request.get(`/hostel/${id}`, { headers: { accept: 'text/html' } });
      expect(res.status(), id).toBe(404);
      const html = await res.text();
      expect(html).toContain('This hostel is no longer listed');
      expect(html).toContain('<title>Hostel no longer listed · StudyNest</title>');
      expect(html).toContain('href="/hostels"');
      expect(html).not.toContain('Try again');
      expect(html).toContain('<div id="root" data-render="fresh">');
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the rendered page says so, and its links work', async ({ page }) => {
      const res = await page.goto(`/hostel/${closedId}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This hostel is no longer listed');
      await expect(page.getByRole('link', { name: 'Search hostels' })).toHaveAttribute('href', '/hostels');
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test('in the app: the same words, the search one tap away, no "Try again"', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`/hostel/${closedId}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('This hostel is no longer listed');
    await expect(page).toHaveTitle('Hostel no longer listed · StudyNest');
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: shotPath('hostel-no-longer-listed-375.png'), fullPage: true });
    await page.getByRole('link', { name: 'Search hostels' }).click();
    await expect(page).toHaveURL(/\/hostels$/);
    expect(errors).toEqual([]);

    // Followed inside the app (no server page): the browser's own screen says the same.
    await page.goto('/');
    await page.evaluate((id) => {
      history.pushState(null, '', `/hostel/${id}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, randomUUID());
    await expect(heading).toHaveText('This hostel is no longer listed');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  });

  test("its room's booking link says the room is no longer listed and offers the search", async ({
    page,
    request,
  }) => {
    const person = await createStudent(request, 'Late');
    await signIn(page, await login(request, person.email, person.password));
    for (const id of [closedRoomId, randomUUID()]) {
      await page.goto(`/book-inspection/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This room is no longer listed');
      await expect(page).toHaveTitle('Room no longer listed · StudyNest');
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      if (SHOTS && id === closedRoomId)
        await page.screenshot({ path: shotPath('room-no-longer-listed-375.png') });
    }
    await page.getByRole('link', { name: 'Search hostels' }).click();
    await expect(page).toHaveURL(/\/hostels$/);
  });
});
