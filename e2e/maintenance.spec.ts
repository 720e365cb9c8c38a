import type { Page } from '@playwright/test';
import { addDays, todayInLagos } from '@studynest/contracts/calendar';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent, login, signIn } from './people.ts';
import { drawPhoto, expectLoaded, photoRequests } from './photo-requests.ts';
import { SHOTS, STATIC_HEADER, shotPath } from './screenshots.ts';

/**
 * A tenant reports a problem with a photo on the real server; an admin moves it on to done with a
 * note; the tenant sees both on the profile. `E2E_SCREENSHOTS=1` also saves 375 px screenshots.
 */
// The sticky site header would sit over the section in an element screenshot.
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// Demo hostels the booking journey leaves alone; this one books its rooms.
const OUR_HOSTELS = ['Agbowo Scholars Residence', 'Unity Court Hostel'];
const SLOT = '12:00pm - 12:30pm';

type RoomWithHostel = {
  _id: string;
  room_number: string;
  status: string;
  hostel: { _id: string; hostel_name: string };
};

test('a tenant reports a leak with a photo; the admin marks it done with a note; the tenant sees it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const student = await createStudent(request, 'Tenant');
  const session = await login(request, student.email, student.password);
  const rooms: RoomWithHostel[] = await (await request.get('/api/rooms')).json();
  const room = rooms.find((r) => r.status === 'available' && OUR_HOSTELS.includes(r.hostel.hostel_name));
  if (!room) throw new Error('no available demo room in our hostels');

  // Becoming a tenant: the inspection's agent fee, then the rent, both through the sandbox checkout.
  await signIn(page, session);
  await page.goto(`/book-inspection/${room._id}`);
  await page.getByLabel('Inspection date').fill(addDays(todayInLagos(), 1));
  await page.getByRole('radio', { name: SLOT }).check();
  await page.getByRole('button', { name: 'Pay Agent Fee' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Your room inspection booking has been successfully completed.')).toBeVisible({
    timeout: 15_000,
  });

  // Before the rent is paid there is no tenancy, so no report form either.
  await page.goto(`/profile/${session.userId}`);
  await expect(page.getByRole('heading', { name: 'Rent Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Report a problem' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay Rent' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Your rent payment has been successfully completed.')).toBeVisible({
    timeout: 15_000,
  });

  // The tenant's profile now offers the report form.
  await page.goto(`/profile/${session.userId}`);
  const section = page.getByRole('region', { name: 'Report a problem' });
  await expect(section).toBeVisible();
  await expect(section.getByText('You have not reported any problem yet.')).toBeVisible();

  // The browser's own checks: nothing chosen, and a file that is not a photo.
  await section.getByRole('button', { name: 'Send report' }).click();
  await expect(section.getByText('Choose what kind of problem it is')).toBeVisible();
  await expect(section.getByText('Description is required')).toBeVisible();
  await expect(section.getByLabel('What is the problem?')).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByLabel('What is the problem?')).toBeFocused();
  const photos = section.getByLabel('Photos (optional)');
  await photos.setInputFiles({
    name: 'leak.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(section.getByRole('alert').filter({ hasText: 'Not a photo: leak.pdf' })).toBeVisible();
  // As wide as a phone photo after our 1600 px cap: the lists must fetch its 480 px WebP, not this.
  const jpeg = await drawPhoto(page, { width: 1200, height: 900, type: 'image/jpeg' });
  const four = [1, 2, 3, 4].map((n) => ({ name: `leak-${n}.jpg`, mimeType: 'image/jpeg', buffer: jpeg }));
  await photos.setInputFiles(four);
  await expect(section.getByText('You can send at most 3 photos')).toBeVisible();
  if (SHOTS) {
    await section.screenshot({ path: shotPath('profile-maintenance-375-errors.png'), style: STATIC_HEADER });
  }

  await section.getByLabel('What is the problem?').selectOption('plumbing');
  const description = 'The kitchen sink pipe is leaking under the counter since Monday night.';
  await section.getByLabel('Describe it').fill(description);
  await expect(section.getByText(`${description.length} / 2000 characters`)).toBeVisible();
  await section.getByRole('radio', { name: /Emergency/ }).check();
  await photos.setInputFiles(four.slice(0, 2));
  const chosen = section.getByRole('list', { name: 'Photos to send' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  await section.getByRole('button', { name: 'Remove photo 2 (leak-2.jpg)' }).click();
  await expect(chosen).toHaveCount(1);
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS)
    await section.screenshot({ path: shotPath('profile-maintenance-375.png'), style: STATIC_HEADER });

  const tenantPhotos = photoRequests(page);
  await section.getByRole('button', { name: 'Send report' }).click();
  await expect(section.getByText('Thank you: your report is in.')).toBeVisible({ timeout: 15_000 });
  const mine = section.getByRole('list', { name: 'Your maintenance requests' }).getByRole('listitem').first();
  await expect(mine).toContainText(description);
  await expect(mine).toContainText('Open');
  await expect(mine).toContainText('Due by');
  await expect(mine.getByRole('img')).toHaveCount(1);
  // The 80 px thumbnail is the 480 px WebP on the network, not the 1200 px JPEG.
  await expectLoaded(mine.getByRole('img'));
  expect(tenantPhotos.length).toBeGreaterThan(0);
  for (const url of tenantPhotos) expect(url).toMatch(/-480\.webp$/);

  // The admin's queue: filtered to the hostel, the report opens to its details and is moved on.
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const adminPage = await adminContext.newPage();
  const adminPhotos = photoRequests(adminPage);
  await signIn(adminPage, admin);
  await adminPage.goto('/all-hostels');
  await adminPage.getByRole('button', { name: 'Open admin menu' }).click();
  await adminPage.getByRole('link', { name: /^Maintenance\b/ }).click();
  await expect(adminPage).toHaveURL(/\/admin-maintenance$/);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
  await adminPage.getByLabel('Hostel', { exact: true }).selectOption({ label: room.hostel.hostel_name });
  const table = adminPage.getByRole('region', { name: 'Maintenance table' });
  const row = table
    .getByRole('row')
    .filter({ hasText: student.last_name })
    .filter({ has: adminPage.getByRole('button', { name: /details/i }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Plumbing');
  await expect(row).toContainText('Emergency');
  await expect(row).toContainText('Open');
  await expect(row).toContainText(room.hostel.hostel_name);
  expect(await noSidewaysScroll(adminPage)).toBe(true);
  if (SHOTS) await adminPage.screenshot({ path: shotPath('admin-maintenance-375.png'), fullPage: true });

  await row.getByRole('button', { name: /^Details of the Plumbing request/ }).click();
  await expect(table).toContainText(description);
  await expect(table.getByRole('list', { name: "Tenant's photos" }).getByRole('img')).toHaveCount(1);
  await expectLoaded(table.getByRole('list', { name: "Tenant's photos" }).getByRole('img'));
  expect(adminPhotos.length).toBeGreaterThan(0);
  for (const url of adminPhotos) expect(url).toMatch(/-480\.webp$/);
  // The same status again without a note is refused by the server, and its words are shown.
  await table.getByRole('button', { name: 'Add note only' }).click();
  await expect(table.getByRole('alert')).toBeVisible();
  const noteField = table.getByLabel('Note for the tenant (optional)');
  await noteField.fill('Plumber booked for this afternoon.');
  await table.getByRole('button', { name: 'Start work' }).click();
  await expect(table.getByText('Saved: In progress.')).toBeVisible();
  await expect(row).toContainText('In progress');
  if (SHOTS)
    await adminPage.screenshot({ path: shotPath('admin-maintenance-375-detail.png'), fullPage: true });

  const note = 'Pipe replaced and the cupboard dried out.';
  await noteField.fill(note);
  await table.getByRole('button', { name: 'Mark done' }).click();
  await expect(table.getByText('Saved: Done.')).toBeVisible();
  await expect(row).toContainText('Done');
  // The status filter asks the server again: the request is among the done ones, not the open ones.
  await adminPage.getByLabel('Status', { exact: true }).selectOption('open');
  await expect(row).toHaveCount(0);
  await adminPage.getByLabel('Status', { exact: true }).selectOption('done');
  await expect(row).toHaveCount(1);
  await adminContext.close();

  // The tenant sees the outcome and the notes.
  await page.reload();
  const done = page.getByRole('list', { name: 'Your maintenance requests' }).getByRole('listitem').first();
  await expect(done).toContainText('Done');
  await expect(done).toContainText(note);
  await expect(done).toContainText('Plumber booked for this afternoon.');
  if (SHOTS) {
    await page
      .getByRole('region', { name: 'Report a problem' })
      .screenshot({ path: shotPath('profile-maintenance-375-done.png'), style: STATIC_HEADER });
  }
});
