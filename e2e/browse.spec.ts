import { expect, test } from './fixtures.ts';

test('home → header menu → pick a hostel → its rooms are listed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('list', { name: 'Hostels', exact: true });
  await expect(menu.getByRole('link').first()).toBeVisible();
  const first = menu.getByRole('link', { name: /Akoka Royal Lodge/ });
  await expect(first).toContainText('Yaba, Lagos');
  await first.click();

  await expect(page).toHaveURL(/\/hostel\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Akoka Royal Lodge' })).toBeVisible();
  const rooms = page.getByTestId('room-card');
  await expect(rooms).toHaveCount(7);
  await expect(rooms.first()).toContainText('room 01');
  await expect(rooms.first()).toContainText('₦');
  // The menu closed when the page changed.
  await expect(page.getByRole('list', { name: 'Hostels', exact: true })).toHaveCount(0);
});

test('unknown pages show the 404 screen, unknown API paths answer JSON', async ({ page, request }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const res = await request.get('/api/no-such-thing');
  expect(res.status()).toBe(404);
  expect((await res.json()).statusCode).toBe(404);
});

test('the hostel page arrives as HTML with its rooms; an unknown hostel is a 404 page saying so', async ({
  request,
}) => {
  const hostels = await (await request.get('/api/hostels')).json();
  const akoka = hostels.find((h: { hostel_name: string }) => h.hostel_name === 'Akoka Royal Lodge');
  const page = await request.get(`/hostel/${akoka._id}`, {
    headers: { accept: 'text/html', 'accept-encoding': 'br' },
  });
  expect(page.status()).toBe(200);
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text(); // Playwright decodes it
  expect(html).toContain('Akoka Royal Lodge</h1>');
  expect(html).toContain('room 01');

  const unknown = await request.get('/hostel/00000000-0000-4000-8000-000000000000', {
    headers: { accept: 'text/html' },
  });
  expect(unknown.status()).toBe(404);
  const gone = await unknown.text();
  expect(gone).toContain('<div id="root" data-render="fresh">');
  expect(gone).toContain('This hostel is no longer listed</h1>');
  expect(gone).not.toContain('room 01');
});
