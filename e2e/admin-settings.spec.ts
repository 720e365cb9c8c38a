import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@studynest/contracts/constants';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent, logIn } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * Rent reminder settings, the arrears list and a tenant's own message preferences.
 * `E2E_SCREENSHOTS=1` also saves 375 px screenshots into docs/screenshots.
 */

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function logInAdmin(page: Page) {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });
}

async function openFromAdminMenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  // An entry with a figure reads "Arrears, 2 past due".
  await page.getByRole('link', { name: new RegExp(`^${name}(,|$)`) }).click();
}

test('an admin changes the reminder days, they stay after a reload, and bad days save nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInAdmin(page);
  await openFromAdminMenu(page, 'Settings');
  await expect(page).toHaveURL(/\/admin-settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const before = page.getByLabel('Reminder days before the due date');
  const after = page.getByLabel('Overdue notice days after the due date');
  const texts = page.getByRole('switch', { name: 'Also send texts' });
  await expect(before).toHaveValue('30, 7, 1, 0');
  await expect(texts).toHaveAttribute('aria-checked', 'true');

  // Typed in any order, with spaces or commas: the server keeps them furthest ahead first.
  await before.fill('2 45, 0,10');
  await after.fill('3, 21');
  await texts.click();
  await expect(texts).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(before).toHaveValue('45, 10, 2, 0');

  await page.reload();
  await expect(before).toHaveValue('45, 10, 2, 0');
  await expect(after).toHaveValue('3, 21');
  await expect(texts).toHaveAttribute('aria-checked', 'false');
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-settings-375.png'), fullPage: true });

  // A day out of range: the contract's message, naming the value and the range, beside the field
  // (its description), and nothing is sent.
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/admin/settings')) puts += 1;
  });
  await before.fill('400, 7');
  await after.fill('1, 1');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('400 days is too many; use 0–365')).toBeVisible();
  await expect(before).toHaveAccessibleDescription(/400 days is too many; use 0–365/);
  await expect(after).toHaveAccessibleDescription(
    /Overdue notice days: 1 is given twice; give each day once/,
  );
  await expect(before).toHaveAttribute('aria-invalid', 'true');
  await before.fill('seven');
  await after.fill('1');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(before).toHaveAccessibleDescription(/'seven' is not a number of days; use 0–365/);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-settings-375-error.png'), fullPage: true });
  expect(puts).toBe(0);

  // The server checks the same rules: a request that skips the page gets the same words.
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const refused = await page.request.put('/api/admin/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { reminder_days_before: [400], overdue_days_after: [1], reminder_sms: true },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).fields).toEqual({
    'reminder_days_before.0': '400 days is too many; use 0–365',
  });

  await page.reload();
  await expect(before).toHaveValue('45, 10, 2, 0');
  await expect(after).toHaveValue('3, 21');
});

test('the arrears screen lists tenants past due, or says nobody is', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInAdmin(page);
  await openFromAdminMenu(page, 'Arrears');
  await expect(page).toHaveURL(/\/admin-arrears$/);
  await expect(page.getByRole('heading', { name: 'Arrears', level: 1 })).toBeVisible();
  await expect(
    page.getByText('No tenant is behind on rent.').or(page.getByRole('region', { name: 'Arrears table' })),
  ).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-arrears-375-empty.png'), fullPage: true });
});

test('a student turns texts off on her account page (linked from the profile) and it stays off after a reload', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const student = await createStudent(request, 'Quiet');
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  const userId = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);
  await page.goto(`/profile/${userId}`);
  await page.getByRole('link', { name: 'Messages, data saver, password, devices and your data' }).click();
  await expect(page).toHaveURL(/\/account-security$/);

  const email = page.getByRole('switch', { name: 'Rent reminders and notices by e-mail' });
  const sms = page.getByRole('switch', { name: 'Rent reminders and notices by text message' });
  await expect(email).toHaveAttribute('aria-checked', 'true');
  await expect(sms).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/account, its security and your payments always go/)).toBeVisible();
  await sms.click();
  await expect(page.getByText('Texts turned off.')).toBeVisible();
  await expect(sms).toHaveAttribute('aria-checked', 'false');

  await page.reload();
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  await expect(email).toHaveAttribute('aria-checked', 'true');
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) {
    await page.getByRole('heading', { name: 'Messages', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('account-messages-375.png') });
  }
});
