import type { APIRequestContext, Page } from '@playwright/test';
import { totpAt } from '../apps/api/src/modules/auth/totp.ts';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent, expectOnlyNewPasswordWorks, logIn, newPerson } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * Account security journeys: change password, signed-in sessions, two-step sign-in for admins and
 * the admin activity log. `E2E_SCREENSHOTS=1` also saves 375 px screenshots into docs/screenshots.
 */

/** Another phone, so the second session is easy to tell apart in the list. */
const OTHER_DEVICE_UA = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';

/** A session on "another device": a login through the API with its own User-Agent. */
async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'user-agent': OTHER_DEVICE_UA },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { token: string; user: { _id: string } };
}

const profileStatus = async (request: APIRequestContext, userId: string, token: string) =>
  (await request.get(`/api/user/${userId}`, { headers: { authorization: `Bearer ${token}` } })).status();

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a student signs another device out and changes the password; only the new one logs in', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const student = await createStudent(request, 'Secure');
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  const other = await apiLogin(request, student.email, student.password);
  const userId = other.user._id;

  await page.getByRole('link', { name: 'Your profile' }).click();
  // The profile's Account section links to the page with the password and devices.
  await page.getByRole('link', { name: 'Messages, data saver, password, devices and your data' }).click();
  await expect(page).toHaveURL(/\/account-security$/);
  const security = page.getByRole('region', { name: 'Account security' });
  await expect(security).toBeVisible();
  const sessions = security.getByRole('region', { name: "Where you're signed in" });
  const items = sessions.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'This device' })).toHaveCount(1);
  const otherItem = items.filter({ hasText: 'Firefox on Android' });
  await expect(otherItem).toContainText('Last active');
  await expect(otherItem).not.toContainText('This device');
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) {
    // The sticky site header would sit over the section in an element screenshot.
    await security.screenshot({
      path: shotPath('profile-security-375.png'),
      style: 'header { position: static !important; }',
    });
  }

  // Sign the other device out: its token stops working at once; this one carries on.
  expect(await profileStatus(request, userId, other.token)).toBe(200);
  await otherItem.getByRole('button', { name: /^Sign out Firefox on Android/ }).click();
  await expect(sessions.getByText('Signed out Firefox on Android.')).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(sessions.getByText("You're not signed in anywhere else.")).toBeVisible();
  expect(await profileStatus(request, userId, other.token)).toBe(401);

  // A third device; then a password change signs it out too.
  const third = await apiLogin(request, student.email, student.password);
  await page.reload();
  await expect(items).toHaveCount(2);

  const change = security.getByRole('form', { name: 'Change password' });
  const newPassword = `${student.password}-changed`;
  await change.getByLabel('Current password').fill('not-my-password');
  await change.getByLabel('New password').fill(newPassword);
  await expect(change.getByText(/Password strength: (Fair|Strong)/)).toBeVisible();
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.locator('.field-error')).toBeVisible();

  await change.getByLabel('Current password').fill(student.password);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByRole('status').filter({ hasText: /password has been changed/i })).toBeVisible();
  await expect(change.getByLabel('Current password')).toHaveValue('');
  expect(await profileStatus(request, userId, third.token)).toBe(401);
  await expect(items).toHaveCount(1);

  // This device is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Messages, data saver, password, devices and your data',
  );
  await page.getByRole('link', { name: 'Back to my profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${student.first_name} ${student.last_name}`,
  );

  // Log out; the old password is refused, the new one works.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectOnlyNewPasswordWorks(page, student.email, student.password, newPassword);
});

test('an admin sets up two-step sign-in, logs in with a code, and sees it in the activity log', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // A fresh admin, never the shared E2E admin: other journeys log in as that one without a code.
  const e2eAdmin = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(e2eAdmin.status()).toBe(200);
  const { token } = (await e2eAdmin.json()) as { token: string };
  const admin = newPerson('TwoStep');
  const created = await request.post('/api/auth/admin/signup', {
    data: admin,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 8000 });

  // From the admin menu.
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('link', { name: 'Two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/admin-security$/);
  await expect(page).toHaveTitle(/Two-step sign-in/);
  await expect(page.locator('p', { hasText: 'Status:' })).toContainText('Off');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();

  const key = page.locator('code');
  await expect(key).toHaveText(/^([A-Z2-7]{1,4} )*[A-Z2-7]{1,4}$/);
  const grouped = (await key.textContent()) ?? '';
  expect(
    grouped
      .split(' ')
      .slice(0, -1)
      .every((block) => block.length === 4),
  ).toBe(true);
  const secret = grouped.replaceAll(' ', '');
  const open = page.getByRole('link', { name: 'Open in authenticator app' });
  await expect(open).toHaveAttribute('href', new RegExp(`^otpauth://totp/.*secret=${secret}`));
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-security-setup-375.png'), fullPage: true });

  const code = page.getByLabel('Authenticator code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(totpAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.locator('p', { hasText: 'Status:' })).toContainText('On');
  await expect(page.getByRole('heading', { name: 'Turn off two-step sign-in' })).toBeVisible();

  // Log out (from the profile), then in again: password first, then the code.
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  await page.goto(`/profile/${userId}`);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, admin.email, admin.password);
  const loginCode = page.getByLabel('Authenticator code');
  await expect(loginCode).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  const wrong = totpAt(secret, Date.now()) === '000000' ? '111111' : '000000';
  await loginCode.fill(wrong);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.locator('.field-error')).toBeVisible();
  // The code of the next 30-second step: the server accepts one step either side, and refuses the
  // step that turned two-step sign-in on a moment ago (a code is good once).
  await loginCode.fill(totpAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 1000 });
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back' })).toBeVisible();

  // The activity log lists what this admin did, newest first.
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('link', { name: 'Activity log' }).click();
  await expect(page).toHaveURL(/\/admin-activity$/);
  // On a phone each entry is a card naming the admin who acted.
  const entries = page.getByRole('list', { name: 'Activity log' }).getByRole('listitem');
  const mine = entries.filter({ hasText: `by ${admin.first_name} ${admin.last_name}` });
  await expect(mine.filter({ hasText: 'Turned on two-step sign-in' })).toHaveCount(1);
  await expect(mine.filter({ hasText: 'Started setting up two-step sign-in' })).toHaveCount(1);
  await expect(entries.filter({ hasText: `Created admin` }).filter({ hasText: admin.email })).toHaveCount(1);
  await expect(page.getByText(/Showing 1–\d+ of \d+/)).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);

  // The phone is lost: another admin resets two-step sign-in from All Users.
  await page.goto(`/profile/${userId}`);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 8000 });
  await page.goto('/all-users');
  await page.getByPlaceholder('Search by user email or phone_number only!').fill(admin.email);
  const row = page.getByRole('row').filter({ hasText: admin.email });
  await expect(row).toContainText('On');
  await row.getByRole('button', { name: /Reset two-step sign-in for/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset two-step sign-in' }).click();
  await expect(page.getByText(`Two-step sign-in is reset for ${admin.email}`)).toBeVisible();
  await expect(row).toContainText('Off');
  // Their password alone logs in again, to set two-step sign-in up on the new phone.
  const again = await request.post('/api/auth/login', {
    data: { email: admin.email, password: admin.password },
  });
  expect(again.status()).toBe(200);
});
