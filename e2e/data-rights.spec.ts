import { expect, test } from './fixtures.ts';
import { createStudent, logIn } from './people.ts';

/**
 * People's rights over their data at 375 px (docs/domain.md): correct her name, download her data,
 * delete her account. The ZIP is built in the request for now, so the download is the browser's.
 */
test('a student corrects her name, downloads her data and deletes her account', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const student = await createStudent(request, 'Rights');
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  await page.getByRole('link', { name: 'Your profile' }).click();

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
