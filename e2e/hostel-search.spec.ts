import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { login } from './people.ts';

// A visitor on a phone searches the demo hostels on the real server: the filters live in the URL,
// so going back and opening the same link elsewhere show the same search.
test.use({ viewport: { width: 375, height: 812 } });

/** On a phone the filters are a sheet from the bottom, behind a "Filters" button. */
async function openFilters(page: Page) {
  await page.locator('summary', { hasText: 'Filters' }).click();
  const sheet = page.getByRole('button', { name: 'Show results' });
  await expect(sheet).toBeInViewport();
}

const resultNames = (page: Page) =>
  page.getByRole('list', { name: 'Search results' }).getByRole('link').locator('span.text-lg');

test('search by university, filter by who it takes, open a result, go back, share the link', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/hostels');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a hostel' })).toBeVisible();

  // A typo still finds the UNILAG hostel.
  const searchBox = page.getByRole('combobox', { name: 'Search hostels' });
  await searchBox.fill('unilagg');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/hostels\?q=unilagg$/);
  const akoka = page.getByRole('link', { name: /Akoka Royal Lodge/ });
  await expect(akoka).toBeVisible();
  await expect(akoka).toContainText('₦');

  // Female students and a rent ceiling typed as people write it, on the filters' bottom sheet: the
  // female-only Akoka hostel stays.
  await openFilters(page);
  await page.getByLabel('Who it takes').selectOption('female');
  await page.getByLabel('Rent up to (₦ per year)').fill('₦1,000,000');
  await page.getByRole('button', { name: 'Show results' }).click();
  await expect(page.getByRole('button', { name: 'Show results' })).toBeHidden();
  await expect(page).toHaveURL(/q=unilagg/);
  await expect(page).toHaveURL(/gender=female/);
  await expect(page).toHaveURL(/max_price=1000000/);
  await expect(akoka).toBeVisible();
  await expect(akoka).toContainText('Female only');
  const shown = await resultNames(page).allInnerTexts();
  expect(shown.length).toBeGreaterThan(0);
  // Nobody male-only survives the filter.
  await expect(page.getByText('Nsukka Heights Hostel')).toHaveCount(0);

  await page.screenshot({ path: 'docs/screenshots/hostels-search-375.png', fullPage: true });

  const searchUrl = page.url();
  await akoka.click();
  await expect(page).toHaveURL(/\/hostel\/[0-9a-f-]{36}\?max_price=1000000$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Akoka Royal Lodge' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(searchUrl);
  await expect(searchBox).toHaveValue('unilagg');
  await expect(page.getByLabel('Who it takes')).toHaveValue('female');
  await expect(page.getByLabel('Rent up to (₦ per year)')).toHaveValue('1000000');
  await expect(akoka).toBeVisible();
  expect(await resultNames(page).allInnerTexts()).toEqual(shown);

  // The same link in a fresh browser shows the same search.
  const other = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const fresh = await other.newPage();
  await fresh.goto(searchUrl);
  await expect(fresh.getByRole('combobox', { name: 'Search hostels' })).toHaveValue('unilagg');
  await expect(fresh.getByRole('link', { name: /Akoka Royal Lodge/ })).toBeVisible();
  expect(await resultNames(fresh).allInnerTexts()).toEqual(shown);
  await other.close();
});

/**
 * Ibadan hostels for the journey below, added through the admin API: six female-only ones with a
 * room under ₦250,000 free now (the results), and three that each miss one filter.
 */
async function seedIbadan(request: APIRequestContext) {
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${admin.token}` };
  const hostel = async (name: string, gender: string, room: { price: number; status: string }) => {
    const res = await request.post('/api/hostels', {
      headers,
      data: {
        hostel_name: name,
        address: `${name.length} Agbowo Road, Ibadan`,
        hostel_details: 'Quiet rooms, borehole water and a study room.',
        state: 'Oyo',
        city: 'Ibadan',
        university: 'UI',
        walking_minutes: 8,
        gender_policy: gender,
        amenities: 'water,study_room',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = await res.json();
    const roomRes = await request.post('/api/rooms', {
      headers,
      data: {
        hostel: id,
        room_number: 'room 01',
        unit: 'single room (share facilities)',
        status: room.status,
        price: room.price,
        agent_fee: 20_000,
        caution_fee: 30_000,
        commission_fee: 10_000,
      },
    });
    expect(roomRes.status(), await roomRes.text()).toBe(201);
  };
  const results = ['Pearl', 'Coral', 'Ivory', 'Amber', 'Jade', 'Opal'].map((n) => `Agbowo ${n} Hall`);
  for (const [i, name] of results.entries()) {
    await hostel(name, 'female_only', { price: 180_000 + i * 10_000, status: 'available' });
  }
  await hostel('Agbowo Dear Hall', 'female_only', { price: 300_000, status: 'available' });
  await hostel('Agbowo Full Hall', 'female_only', { price: 200_000, status: 'rented' });
  await hostel('Agbowo Brothers Hall', 'male_only', { price: 200_000, status: 'available' });
  return results;
}

test('a student on a phone searches "ibadan", filters, opens a result, comes back to the same place, shares the link', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const expected = await seedIbadan(request);

  await page.goto('/hostels');
  await page.getByRole('combobox', { name: 'Search hostels' }).fill('ibadan');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/hostels\?q=ibadan$/);
  await expect(page.getByRole('link', { name: /Agbowo Brothers Hall/ })).toBeVisible();

  await openFilters(page);
  await page.getByLabel('Who it takes').selectOption('female_only');
  await page.getByLabel('Rent up to (₦ per year)').fill('250000');
  await page.getByLabel('Rooms free now').check();
  await page.getByRole('button', { name: 'Show results' }).click();
  await expect(page).toHaveURL(/q=ibadan/);
  await expect(page).toHaveURL(/gender=female_only/);
  await expect(page).toHaveURL(/max_price=250000/);
  await expect(page).toHaveURL(/available=true/);
  await expect(resultNames(page)).toHaveCount(expected.length);
  await expect(page.getByText(`${expected.length} hostels match`)).toBeVisible();
  await expect(page.getByText('Filters (3)')).toBeVisible();
  const shown = await resultNames(page).allInnerTexts();
  expect([...shown].sort()).toEqual([...expected].sort());
  for (const card of await page.getByRole('list', { name: 'Search results' }).getByRole('link').all()) {
    await expect(card).toContainText('Female only');
    await expect(card).toContainText('1 room free');
  }

  // Far down the list on a 375 px screen: the fifth result.
  const searchUrl = page.url();
  const target = page.getByRole('link', { name: new RegExp(shown[4] as string) });
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 40));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(800);
  await target.click();
  await expect(page.getByRole('heading', { level: 1, name: shown[4] })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(searchUrl);
  await expect(page.getByRole('combobox', { name: 'Search hostels' })).toHaveValue('ibadan');
  await expect(page.getByLabel('Who it takes')).toHaveValue('female_only');
  await expect(page.getByLabel('Rent up to (₦ per year)')).toHaveValue('250000');
  await expect(page.getByLabel('Rooms free now')).toBeChecked();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(target).toBeInViewport();
  expect(await resultNames(page).allInnerTexts()).toEqual(shown);

  // The link in a fresh browser: the same filters and the same results, in the same order.
  const other = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const fresh = await other.newPage();
  await fresh.goto(searchUrl);
  await expect(fresh.getByLabel('Who it takes')).toHaveValue('female_only');
  await expect(resultNames(fresh)).toHaveCount(expected.length);
  expect(await resultNames(fresh).allInnerTexts()).toEqual(shown);
  await other.close();
});

test('on a wide screen the filters are a side panel; suggestions come as you type; every filter goes in the URL', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/hostels');
  // No "Filters" button: the panel is open beside the results.
  await expect(page.locator('summary', { hasText: 'Filters' })).toBeHidden();
  await expect(page.locator('select[name="university"]')).toBeVisible();

  const searchBox = page.getByRole('combobox', { name: 'Search hostels' });
  await searchBox.pressSequentially('akok', { delay: 50 });
  // Hostel names whose words begin so, once typing pauses; universities are there from the start.
  await expect(page.locator('datalist option[value="Akoka Royal Lodge"]')).toHaveCount(1);
  await expect(page.locator('datalist option[value="University of Lagos"]')).toHaveCount(1);
  await searchBox.fill('');

  await page.locator('select[name="university"]').selectOption('UNILAG');
  await page.locator('select[name="state"]').selectOption('Lagos');
  await page.getByLabel('City or area').fill('Akoka');
  await page.locator('select[name="unit"]').selectOption('one bedroom flat');
  await page.getByLabel('Rent from (₦ per year)').fill('100000');
  await page.getByLabel('Rent up to (₦ per year)').fill('3000000');
  await page.getByLabel('Wi-Fi').check();
  await page.getByLabel('Study room').check();
  await page.locator('select[name="sort"]').selectOption('nearest');
  await page.getByRole('button', { name: 'Show results' }).click();
  await expect(page).toHaveURL(
    /\/hostels\?university=UNILAG&state=Lagos&city=Akoka&unit=one\+bedroom\+flat&min_price=100000&max_price=3000000&amenities=wifi&amenities=study_room&sort=nearest$/,
  );
  await expect(page.getByText('1 hostel matches')).toBeVisible();
  const akoka = page.getByRole('link', { name: /Akoka Royal Lodge/ });
  await expect(akoka).toBeVisible();
  // The budget goes with the result, for the hostel page to show the rooms within it first.
  await expect(akoka).toHaveAttribute('href', /\/hostel\/[0-9a-f-]{36}\?max_price=3000000$/);
  await page.screenshot({ path: 'docs/screenshots/hostels-search-1280.png' });
});
