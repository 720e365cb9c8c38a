import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { bookAndPay, createStudent, logIn, login, type Person } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * Admin messages against the real server: two students become tenants of one hostel through the
 * sandbox rent journey (book, pay the agent fee, pay the rent), then the admin e-mails that hostel's
 * tenants from its All Hostels row and texts one tenant from the Tenants table, and both sends show
 * as sent in the message log. `E2E_SCREENSHOTS=1` also saves 375 px screenshots into docs/screenshots.
 */

// No other journey books rooms here, so its tenants are the ones this spec makes.
const HOSTEL = 'Agbowo Scholars Residence';

type Room = {
  _id: string;
  status: string;
  agent_fee: number;
  price: number;
  hostel: { _id: string; hostel_name: string };
};

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A student who books `room`, pays its agent fee and then its rent: a current tenant. */
async function makeTenant(request: APIRequestContext, baseURL: string, room: Room, label: string) {
  const student = await createStudent(request, label);
  const session = await login(request, student.email, student.password);
  await bookAndPay(request, baseURL, session, { hostelId: room.hostel._id, roomId: room._id }, [
    'agent_fee',
    'rent',
  ]);
  return student;
}

test('an admin e-mails a hostel’s tenants and texts one tenant; both show as sent in the message log', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const rooms: Room[] = await (await request.get('/api/rooms')).json();
  const free = rooms.filter((r) => r.status === 'available' && r.hostel.hostel_name === HOSTEL);
  expect(free.length, `two available rooms at ${HOSTEL}`).toBeGreaterThanOrEqual(2);
  const tenants: Person[] = [];
  for (const [i, room] of free.slice(0, 2).entries()) {
    tenants.push(await makeTenant(request, baseURL ?? '', room, `Msg${i}`));
  }
  const [first, second] = tenants as [Person, Person];

  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });

  // The admin menu's Send Email: a labelled modal that Escape closes.
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('link', { name: 'Send Email', exact: true }).click();
  const menuDialog = page.getByRole('dialog', { name: 'Send Email' });
  await expect(menuDialog).toBeVisible();
  await expect(menuDialog.getByRole('radio', { name: 'All current tenants' })).toBeChecked();
  await expect(menuDialog.getByRole('radio', { name: 'Tenants in arrears' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menuDialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin-messages$/);

  // E-mail the hostel's tenants from its All Hostels row.
  await page.goto('/all-hostels');
  await page.getByRole('button', { name: `Send Email to the tenants of ${HOSTEL}` }).click();
  // Named by its heading, which becomes the result once sent.
  const email = page.getByRole('dialog');
  await expect(email).toHaveAccessibleName('Send Email');
  await expect(email).toContainText(`Tenants of ${HOSTEL}`);

  // The contract's checks run before anything is sent.
  await email.getByRole('button', { name: 'Send Email' }).click();
  await expect(email.getByText('An e-mail needs a subject')).toBeVisible();
  await expect(email.getByText('Message is required')).toBeVisible();

  const subject = `Water off on Saturday ${Date.now()}`;
  await email.getByLabel('Subject').fill(subject);
  const body = email.getByLabel('Message', { exact: true });
  await body.fill('Hello , the water will be off on Saturday morning at ');
  // Placeholders go where the cursor is.
  await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 6));
  await email.getByRole('button', { name: /Insert First name/ }).click();
  await body.press('Control+End');
  await email.getByRole('button', { name: /Insert Hostel/ }).click();
  await expect(body).toHaveValue('Hello {first_name}, the water will be off on Saturday morning at {hostel}');
  await expect(email).toContainText('73 / 20,000 characters');

  if (SHOTS) await page.screenshot({ path: shotPath('admin-messages-compose-375.png') });

  await email.getByRole('button', { name: 'Preview' }).click();
  const preview = email.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('E-mail to 2 people');
  await expect(preview).toContainText(`Hello Ada, the water will be off on Saturday morning at ${HOSTEL}`);
  await expect(preview).toContainText(subject);
  if (SHOTS) {
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('admin-messages-preview-375.png') });
  }

  await email.getByRole('button', { name: 'Send Email' }).click();
  await expect(email.getByRole('heading', { name: 'E-mail on its way' })).toBeVisible();
  await expect(email).toContainText('Sending to 2 people');
  await email.getByRole('link', { name: 'Open in the message log' }).click();
  await expect(page).toHaveURL(/\/admin-messages\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  // The page asks again while deliveries are on their way.
  await expect(page.getByText('2 sent', { exact: true })).toBeVisible({ timeout: 60_000 });
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await expect(deliveries.getByRole('row')).toHaveCount(3);
  await expect(deliveries).toContainText(first.email);
  await expect(deliveries).toContainText(second.email);
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-messages-detail-375.png'), fullPage: true });

  // The e-mail itself, as the tenant got it.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(first.email)}`);
      const mails = (await res.json()) as { subject: string; text: string }[];
      return mails.find((m) => m.subject === subject)?.text ?? '';
    })
    .toContain(`Hello Ada, the water will be off on Saturday morning at ${HOSTEL}`);

  // Text one tenant from the Tenants table.
  await page.goto('/admin-tenants');
  await page.getByLabel('Search tenants').fill(first.email);
  const name = `${first.first_name} ${first.last_name}`;
  await page.getByRole('button', { name: `Send SMS to ${name}` }).click();
  const sms = page.getByRole('dialog');
  await expect(sms).toHaveAccessibleName('Send SMS');
  await expect(sms).toContainText(name);
  await expect(sms.getByLabel('Subject')).toHaveCount(0);
  const text = `Hi {first_name}, rent receipts are ready at the office. ${Date.now()}`;
  await sms.getByLabel('Message', { exact: true }).fill(text);
  await expect(sms).toContainText('1 SMS');
  await sms.getByRole('button', { name: 'Send SMS' }).click();
  await expect(sms.getByRole('heading', { name: 'Text message on its way' })).toBeVisible();
  await expect(sms).toContainText('Sending to 1 person');
  await sms.getByRole('link', { name: 'Open in the message log' }).click();
  await expect(page.getByText('1 sent', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/sms-outbox?to=${encodeURIComponent(first.phone_number)}`);
      return ((await res.json()) as { text: string }[]).map((m) => m.text).join('\n');
    })
    .toContain(text.replace('{first_name}', 'Ada'));

  // Both in the log, newest first, with their counts.
  await page.getByRole('link', { name: '← Message log' }).click();
  await expect(page).toHaveURL(/\/admin-messages$/);
  const log = page.getByRole('region', { name: 'Message log' });
  const smsRow = log.getByRole('row').filter({ hasText: text.split('\n')[0] as string });
  const emailRow = log.getByRole('row').filter({ hasText: subject });
  await expect(smsRow).toContainText('SMS');
  await expect(smsRow).toContainText('One tenant');
  await expect(smsRow).toContainText('1 sent');
  await expect(emailRow).toContainText('E-mail');
  await expect(emailRow).toContainText(`Tenants of ${HOSTEL}`);
  await expect(emailRow).toContainText('2 sent');
  await expect(emailRow).toContainText('0 failed');
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-messages-log-375.png'), fullPage: true });
});
