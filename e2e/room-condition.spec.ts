import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { todayInLagos } from '@studynest/contracts/calendar';
import { formatLagosDate, formatNaira } from '@studynest/contracts/format';
import sharp from 'sharp';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { login, type Session, signIn, tenantWithDeposit } from './people.ts';
import { SHOTS, STATIC_HEADER, shotPath } from './screenshots.ts';

/**
 * On a 375 px phone an admin records a new tenant's room at move-in (the default items, the
 * wardrobe damaged, with a photo), then moves her out with a deduction that names the wardrobe: the
 * dialog shows the report beside the deductions, and the statement e-mailed to her lists the item
 * with its photo's link, which opens for her. `E2E_SCREENSHOTS=1` saves the condition form and the
 * move-out dialog (docs/screenshots/room-condition-form-375.png, move-out-with-condition-375.png).
 */
const DEPOSIT = 20_000;
const DEDUCTION = 6_000;

/** A brown 800×600 JPEG, as a phone's camera gives one. */
const cameraPhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** The photo shows from its signed link (never a public upload), loaded for real. */
async function expectPhotoShown(page: Page, name: string) {
  const thumb = page.getByRole('img', { name });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('/api/condition-photos/');
}

/** A new tenant of a new hostel, with her deposit paid, and the admin who sees her. */
async function newTenant(request: APIRequestContext, baseURL: string, label: string, hostel: string) {
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const { person, student } = await tenantWithDeposit(request, admin, baseURL, {
    label,
    hostel,
    deposit: DEPOSIT,
  });
  return { admin, person, student, who: `${person.first_name} ${person.last_name}` };
}

/** Someone signed in on a 375 px phone. */
async function onPhone(browser: Browser, baseURL: string | undefined, session: Session) {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await signIn(page, session);
  return { context, page };
}

/** Admin → Tenants, searched down to her row. */
async function tenantRow(page: Page, email: string) {
  await page.goto('/admin-tenants');
  await page.getByLabel('Search tenants').fill(email);
  return page.getByRole('row').filter({ hasText: email });
}

test('an admin records the room at move-in with a photo; at move-out a deduction names the damaged wardrobe', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { admin, person, student, who } = await newTenant(request, baseURL!, 'Mover', 'Condition Lodge');
  const { context, page } = await onPhone(browser, baseURL, admin);
  const row = await tenantRow(page, person.email);
  await row.getByRole('button', { name: `Room condition of ${who}` }).click();

  // No report yet: the form starts from the default items.
  const dialog = page.getByRole('dialog', { name: 'Room condition' });
  await expect(dialog.getByLabel('Item 1', { exact: true })).toHaveValue('Bed');
  await expect(dialog.getByLabel('Item 3', { exact: true })).toHaveValue('Wardrobe');
  await dialog.getByLabel('Item 3: state').selectOption('damaged');
  await dialog.getByLabel('Item 3: note (optional)').fill('Left door hinge loose');
  await dialog
    .getByLabel('Item 3: add photos')
    .setInputFiles({ name: 'wardrobe.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
  // The photo is uploaded at once.
  await expectPhotoShown(page, 'Wardrobe, photo 1');
  // Another item the room has.
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByLabel('Item 10', { exact: true }).fill('Reading lamp');
  await dialog.getByLabel('Item 10: state').selectOption('fair');
  if (SHOTS) {
    await page.addStyleTag({ content: STATIC_HEADER });
    await dialog.screenshot({ path: shotPath('room-condition-form-375.png') });
  }
  await dialog.getByRole('button', { name: 'Save condition report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Version 1 saved and confirmed.');
  await expect(dialog).toContainText(/Version 1, recorded by an admin on .* · confirmed/);
  await expect(dialog).toContainText('Wardrobe: Damaged — Left door hinge loose');
  await expect(dialog).toContainText('Reading lamp: Fair');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // At move-out the report stands beside the deductions; the deduction names the wardrobe.
  await row.getByRole('button', { name: `Move out ${who}` }).click();
  const moveOut = page.getByRole('dialog', { name: 'Move tenant out' });
  const report = moveOut.getByRole('region', { name: 'Room condition at move-in' });
  await expect(report).toContainText('Wardrobe: Damaged — Left door hinge loose');
  await expect(report.getByRole('img', { name: 'Wardrobe, photo 1' })).toBeVisible();
  await moveOut.getByLabel('Reason').selectOption('breach');
  await moveOut.getByRole('button', { name: 'Add deduction' }).click();
  await moveOut.getByLabel('Deduction 1: what for').fill('Wardrobe door rehung');
  await moveOut.getByLabel('Deduction 1: amount (₦)').fill(String(DEDUCTION));
  await moveOut
    .getByLabel('Deduction 1: for item (optional)')
    .selectOption({ label: 'Wardrobe (damaged at move-in)' });
  await expect(moveOut).toContainText(`back to the tenant ${formatNaira(DEPOSIT - DEDUCTION)}`);
  if (SHOTS) {
    await moveOut.screenshot({ path: shotPath('move-out-with-condition-375.png') });
  }
  await moveOut.getByRole('button', { name: 'Move out' }).click();
  await expect(page.getByRole('dialog', { name: 'Tenant moved out' })).toContainText(
    `${formatNaira(DEPOSIT - DEDUCTION)} of the deposit is being refunded`,
  );
  await context.close();

  // Her statement lists the item with its photo's link, and the link opens for her.
  let text = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(person.email)}`);
      const mails = (await res.json()) as { subject: string; text: string }[];
      text = mails.find((m) => m.subject.includes('move-out statement'))?.text ?? '';
      return text;
    })
    .toContain(`Less Wardrobe door rehung: ${formatNaira(DEDUCTION)}`);
  expect(text).toContain('For: Wardrobe, damaged at move-in (Left door hinge loose)');
  const link = /Move-in photo 1: (\S+)/.exec(text)?.[1];
  expect(link).toContain('/api/condition-photos/');
  const { context: tenantContext, page: tenantPage } = await onPhone(browser, baseURL, student);
  const opened = await tenantPage.goto(link!);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['content-type']).toBe('image/jpeg');
  await tenantContext.close();
});

/**
 * On a 375 px phone a new tenant records her own room from her profile (the wardrobe damaged, with a
 * photo from her camera) and sends it; an admin confirms it; then her profile says when, and her
 * report is read-only. `E2E_SCREENSHOTS=1` saves her confirmed report
 * (docs/screenshots/room-condition-tenant-375.png).
 */
test('a tenant records her room with a photo, an admin confirms it, and she sees it confirmed and read-only', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { admin, person, student, who } = await newTenant(request, baseURL!, 'Recorder', 'Own Record Lodge');
  const { context, page } = await onPhone(browser, baseURL, student);
  await page.goto(`/profile/${student.userId}`);
  const line = page.getByRole('region', { name: 'Room condition' });
  await expect(line).toContainText('Room condition: not recorded');
  await line.getByRole('link', { name: "Record your room's condition" }).click();

  await expect(page.getByRole('heading', { name: "Your room's condition" })).toBeVisible();
  await expect(page.getByLabel('Item 3', { exact: true })).toHaveValue('Wardrobe');
  await page.getByLabel('Item 3: state').selectOption('damaged');
  await page.getByLabel('Item 3: note (optional)').fill('Left door hinge loose');
  await page
    .getByLabel('Item 3: add photos')
    .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
  await expectPhotoShown(page, 'Wardrobe, photo 1');
  await page.getByRole('button', { name: 'Send for confirmation' }).click();
  await expect(page.getByText('Sent. An admin of your hostel will check it and confirm it.')).toBeVisible();
  await expect(page.getByText('Waiting for an admin to confirm.')).toBeVisible();
  await expect(page.getByText(/Version 1, recorded by you on .* · awaiting confirmation/)).toBeVisible();

  await page.getByRole('link', { name: 'Back to my profile' }).click();
  await expect(line).toContainText('Room condition: waiting for an admin to confirm');

  // An admin confirms what she sent.
  const { context: adminContext, page: adminPage } = await onPhone(browser, baseURL, admin);
  await (await tenantRow(adminPage, person.email))
    .getByRole('button', { name: `Room condition of ${who}` })
    .click();
  const dialog = adminPage.getByRole('dialog', { name: 'Room condition' });
  await expect(dialog).toContainText(/Version 1, recorded by the tenant on .* · awaiting confirmation/);
  await expect(dialog).toContainText('Wardrobe: Damaged — Left door hinge loose');
  await dialog.getByRole('button', { name: 'Confirm version 1' }).click();
  await expect(dialog).toContainText(/Version 1, recorded by the tenant on .* · confirmed/);
  await adminContext.close();

  // Her profile says when; her report is read-only, with its photo.
  await page.reload();
  const confirmedOn = `confirmed on ${formatLagosDate(todayInLagos())}`;
  await expect(line).toContainText(`Room condition: ${confirmedOn}`);
  await line.getByRole('link', { name: "See your room's condition report" }).click();
  await expect(page.getByText(`Confirmed on ${formatLagosDate(todayInLagos())}.`)).toBeVisible();
  await expect(page.getByText(/ask your hostel's admin to record a correction/)).toBeVisible();
  await expect(page.getByText('Wardrobe: Damaged — Left door hinge loose')).toBeVisible();
  await expectPhotoShown(page, 'Wardrobe, photo 1');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Send for confirmation|Change your report/ })).toHaveCount(0);
  if (SHOTS) {
    await page.addStyleTag({ content: STATIC_HEADER });
    await page.screenshot({ path: shotPath('room-condition-tenant-375.png'), fullPage: true });
  }
  await context.close();
});
