import { formatNaira } from '@studynest/contracts/format';
import sharp from 'sharp';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { login, signIn, tenantWithDeposit } from './people.ts';
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

test('an admin records the room at move-in with a photo; at move-out a deduction names the damaged wardrobe', async ({
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const { person, student } = await tenantWithDeposit(request, admin, baseURL!, {
    label: 'Mover',
    hostel: 'Condition Lodge',
    deposit: DEPOSIT,
  });
  const who = `${person.first_name} ${person.last_name}`;

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await signIn(page, admin);
  await page.goto('/admin-tenants');
  await page.getByLabel('Search tenants').fill(person.email);
  const row = page.getByRole('row').filter({ hasText: person.email });
  await row.getByRole('button', { name: `Room condition of ${who}` }).click();

  // No report yet: the form starts from the default items.
  const dialog = page.getByRole('dialog', { name: 'Room condition' });
  await expect(dialog.getByLabel('Item 1', { exact: true })).toHaveValue('Bed');
  await expect(dialog.getByLabel('Item 3', { exact: true })).toHaveValue('Wardrobe');
  await dialog.getByLabel('Item 3: state').selectOption('damaged');
  await dialog.getByLabel('Item 3: note (optional)').fill('Left door hinge loose');
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 80, b: 40 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  await dialog
    .getByLabel('Item 3: add photos')
    .setInputFiles({ name: 'wardrobe.jpg', mimeType: 'image/jpeg', buffer: photo });
  // The photo is uploaded at once and shown from its signed link (never a public upload).
  const thumb = dialog.getByRole('img', { name: 'Wardrobe, photo 1' });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('/api/condition-photos/');
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
  const tenantContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const tenantPage = await tenantContext.newPage();
  await signIn(tenantPage, student);
  const opened = await tenantPage.goto(link!);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['content-type']).toBe('image/jpeg');
  await tenantContext.close();
});
