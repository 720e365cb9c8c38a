import { expect, test } from './fixtures.ts';

// A phone with JavaScript off (or not yet run): the landing page's search and the search page are
// plain forms and links the server answers with HTML.
test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

test('without JavaScript: search from the landing page, page through the results, open a hostel, reach Log in with the room remembered', async ({
  page,
}) => {
  await page.goto('/');
  // The landing page's live cards are in its HTML: hostels with a room free now.
  const cards = page.locator('ul[aria-label="Hostels with a room free"] > li');
  await expect(cards.first()).toContainText(/from ₦[\d,]+ \/ year/);
  await expect(cards.first()).toContainText(/\d+ rooms? free/);
  const search = page.getByRole('form', { name: 'Find a room' });
  await search.getByLabel('Where do you study?').fill('unilag');
  // Typed as people write it: the browser sends it as typed, and the server reads it.
  await search.getByLabel('Budget (₦ per year)').fill('₦1,000,000');
  await search.getByRole('button', { name: 'Find a room' }).click();

  // The browser sent the form itself: every field named, the empty ones too.
  await expect(page).toHaveURL(/\/hostels\?q=unilag&max_price=%E2%82%A61%2C000%2C000$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find a hostel' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(results.first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Akoka Royal Lodge/ })).toContainText('₦');
  // The filters on screen are the ones searched for.
  await expect(page.getByRole('combobox', { name: 'Search hostels' })).toHaveValue('unilag');
  await expect(page.getByLabel('Rent up to (₦ per year)')).toHaveValue('₦1,000,000');

  // Pages by cursor, one hostel at a time: each page is a link to the next, and none repeats.
  await page.goto('/hostels?limit=1');
  const seen: string[] = [];
  for (;;) {
    await expect(results).toHaveCount(1);
    const name = await results.first().locator('span.text-lg').innerText();
    expect(seen).not.toContain(name);
    seen.push(name);
    const more = page.getByRole('link', { name: 'Show more hostels' });
    if ((await more.count()) === 0) break;
    await more.click();
    await expect(page).toHaveURL(/cursor=/);
  }
  // Every hostel, once: the same as the whole list in one page (other journeys add hostels of their
  // own, more than the first page's 20).
  await page.goto('/hostels?limit=50');
  const all = await results.locator('span.text-lg').allInnerTexts();
  expect([...seen].sort()).toEqual([...all].sort());
  expect(seen.length).toBeGreaterThan(1);

  // A result opens its server-rendered hostel page.
  await page.getByRole('link', { name: /Akoka Royal Lodge/ }).click();
  await expect(page).toHaveURL(/\/hostel\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Akoka Royal Lodge' })).toBeVisible();

  // Book Inspection on a room it has free, signed out: Log in, with that room remembered.
  const book = page.getByTestId('room-card').getByRole('link', { name: 'Book Inspection' }).first();
  const bookingForm = await book.getAttribute('href');
  expect(bookingForm).toMatch(/^\/book-inspection\/[0-9a-f-]{36}$/);
  await book.click();
  await expect(page).toHaveURL(bookingForm as string);
  await page.getByRole('link', { name: 'Log in or create an account to book this room' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(bookingForm as string)}`);
  // Log in needs JavaScript; the page says so, and its reload link keeps the room.
  await expect(page.getByRole('link', { name: 'Reload this page' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(bookingForm as string)}`,
  );
});
