import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// A visitor on a phone searches the demo hostels on the real server: the filters live in the URL,
// so going back and opening the same link elsewhere show the same search.
test.use({ viewport: { width: 375, height: 812 } });

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
  const searchBox = page.getByRole('searchbox', { name: 'Search hostels' });
  await searchBox.fill('unilagg');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/hostels\?q=unilagg$/);
  const akoka = page.getByRole('link', { name: /Akoka Royal Lodge/ });
  await expect(akoka).toBeVisible();
  await expect(akoka).toContainText('₦');

  // Female students and a rent ceiling: the female-only Akoka hostel stays.
  await page.getByLabel('Who it takes').selectOption('female');
  await page.getByLabel('Rent up to (₦ per year)').fill('1000000');
  await page.getByRole('button', { name: 'Search' }).click();
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
  await expect(page).toHaveURL(/\/hostel\/[0-9a-f-]{36}$/);
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
  await expect(fresh.getByRole('searchbox', { name: 'Search hostels' })).toHaveValue('unilagg');
  await expect(fresh.getByRole('link', { name: /Akoka Royal Lodge/ })).toBeVisible();
  expect(await resultNames(fresh).allInnerTexts()).toEqual(shown);
  await other.close();
});
