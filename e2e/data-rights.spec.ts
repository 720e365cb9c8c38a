import { readFile } from 'node:fs/promises';
import { CONSENT_WORDING } from '@studynest/contracts/consent';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { createStudent, latestCode, logIn, newPerson } from './people.ts';

/**
 * People's rights over their data at 375 px (docs/domain.md): on "Password, devices and your data"
 * (linked from her profile) she corrects her name, downloads her data and deletes her account. The
 * ZIP is built in the request for now, so the download is the browser's.
 */
test('a student corrects her name, downloads her data and deletes her account', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const student = await createStudent(request, 'Rights');
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  await page.getByRole('link', { name: 'Your profile' }).click();
  await page.getByRole('link', { name: 'Password, devices and your data' }).click();

  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByLabel('First name').fill('Ngozi');
  await details.getByLabel('Phone number').fill('0805 123 4567');
  await details.getByRole('button', { name: 'Save my details' }).click();
  await expect(details).toContainText('Your details are saved.');
  await expect(details.getByLabel('Phone number')).toHaveValue('+2348051234567');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('studynest-my-data.zip');
  const zip = await file.path();
  expect(zip).toBeTruthy();

  const deletion = page.getByRole('region', { name: 'Delete my account' });
  await deletion.getByLabel('Your password').fill(student.password);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });

  const login = await request.post('/api/auth/login', {
    data: { email: student.email, password: student.password },
  });
  expect(login.status()).toBe(401);
});

test('she ticks news and offers at sign-up: the consent is kept with its words, and reminders never needed it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const p = newPerson('Consent');
  await page.goto('/sign-up');
  await page.getByLabel('First Name').fill(p.first_name);
  await page.getByLabel('Last Name').fill(p.last_name);
  await page.getByLabel('Gender').selectOption(p.gender);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Phone Number').fill(p.phone_number);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  const box = page.getByRole('checkbox', { name: CONSENT_WORDING.signup });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-up-otp\?email=/);
  const code = await latestCode(request, p.email, /StudyNest code/);
  await page.getByPlaceholder('Enter four digit pin code sent to your email address').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });

  await page.getByRole('link', { name: 'Your profile' }).click();
  for (const name of [
    'Rent reminders and notices by e-mail',
    'Rent reminders and notices by text message',
    CONSENT_WORDING.marketing_email,
    CONSENT_WORDING.marketing_sms,
  ]) {
    await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'true');
  }
  // She withdraws news by text on the profile; that is kept too.
  await page.getByRole('switch', { name: CONSENT_WORDING.marketing_sms }).click();
  await expect(page.getByText('News by text turned off.')).toBeVisible();

  await page.getByRole('link', { name: 'Password, devices and your data' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const zip = await (await download).path();
  const data = JSON.parse(strFromU8(unzipSync(await readFile(zip))['data.json']!)) as {
    account: { marketingEmail: boolean; marketingSms: boolean; notifySms: boolean };
    consents: { kind: string; granted: boolean; source: string; wording: string; at: string }[];
  };
  expect(data.account).toMatchObject({ marketingEmail: true, marketingSms: false, notifySms: true });
  expect(data.consents.map((c) => [c.kind, c.granted, c.source, c.wording])).toEqual([
    ['marketing_email', true, 'signup', CONSENT_WORDING.signup],
    ['marketing_sms', true, 'signup', CONSENT_WORDING.signup],
    ['marketing_sms', false, 'profile', CONSENT_WORDING.marketing_sms],
  ]);
  expect(Date.parse(data.consents[0]!.at)).toBeGreaterThan(Date.now() - 5 * 60_000);
});
