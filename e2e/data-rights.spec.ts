import type { APIRequestContext, Page } from '@playwright/test';
import { CONSENT_WORDING } from '@studynest/contracts/consent';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { createStudent, latestCode, logIn, newPerson } from './people.ts';

/**
 * "Download my data" as a person does it: the button asks, the page says the link is on its way,
 * a job prepares the ZIP and e-mails the link (read from the dev outbox), and the link downloads
 * it. Answers the ZIP's data.json.
 */
async function downloadMyData(page: Page, request: APIRequestContext, email: string) {
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText("We'll e-mail you a link within a few minutes.").first()).toBeVisible();
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const mails = (await res.json()) as { to: string; subject: string; text: string }[];
        const ready = mails.filter((m) => m.to === email && /data is ready/.test(m.subject)).at(-1);
        link = /https?:\/\/\S+\/api\/user\/data-exports\/\S+/.exec(ready?.text ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .toMatch(/download\?token=/);
  // The page sees it ready too (it looks again while one is being prepared).
  await expect(page.getByRole('list', { name: 'Your data exports' })).toContainText(
    'Ready: we e-mailed you a link',
    {
      timeout: 15_000,
    },
  );
  const url = new URL(link);
  const res = await request.get(url.pathname + url.search);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/zip');
  expect(res.headers()['content-disposition']).toContain('studynest-my-data.zip');
  const files = unzipSync(new Uint8Array(await res.body()));
  // A link with another token is refused with a page that says why.
  const refused = await page.request.get(`${url.pathname}?token=${'x'.repeat(43)}`, {
    headers: { accept: 'text/html' },
  });
  expect(refused.status()).toBe(404);
  expect(await refused.text()).toContain('This link does not open your data');
  return JSON.parse(strFromU8(files['data.json']!)) as Record<string, unknown>;
}

/**
 * People's rights over their data at 375 px (docs/domain.md): on "Messages, data saver, password, devices and your data"
 * (linked from her profile) she corrects her name, downloads her data (through the e-mailed link)
 * and deletes her account.
 */
test('a student corrects her name, downloads her data and deletes her account', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const student = await createStudent(request, 'Rights');
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  await page.getByRole('link', { name: 'Your profile' }).click();
  await page.getByRole('link', { name: 'Messages, data saver, password, devices and your data' }).click();

  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByLabel('First name').fill('Ngozi');
  await details.getByLabel('Phone number').fill('0805 123 4567');
  await details.getByRole('button', { name: 'Save my details' }).click();
  await expect(details).toContainText('Your details are saved.');
  await expect(details.getByLabel('Phone number')).toHaveValue('+2348051234567');

  const mine = await downloadMyData(page, request, student.email);
  expect(mine.account).toMatchObject({
    email: student.email,
    firstName: 'Ngozi',
    phoneNumber: '+2348051234567',
  });
  await page.screenshot({ path: 'docs/screenshots/data-rights-export-ready-375.png', fullPage: true });

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
  await page.getByRole('link', { name: 'Messages, data saver, password, devices and your data' }).click();
  for (const name of [
    'Rent reminders and notices by e-mail',
    'Rent reminders and notices by text message',
    CONSENT_WORDING.marketing_email,
    CONSENT_WORDING.marketing_sms,
  ]) {
    await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'true');
  }
  // She withdraws news by text on her account page; that is kept too.
  await page.getByRole('switch', { name: CONSENT_WORDING.marketing_sms }).click();
  await expect(page.getByText('News by text turned off.')).toBeVisible();

  const data = (await downloadMyData(page, request, p.email)) as unknown as {
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
