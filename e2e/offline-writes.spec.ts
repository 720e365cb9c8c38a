import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { controlled, signInOnce, tenant } from './offline.ts';
import type { Session } from './people.ts';

/**
 * Issue 26, writes made offline are not lost (docs/decisions/0027-offline-writes.md): a maintenance
 * report written without a signal waits on the phone, goes once when the signal returns, and the
 * server holds exactly one; pay buttons say why they are off while offline. A 375 px phone.
 */
test.use({ viewport: { width: 375, height: 740 } });

const reportsOf = async (request: APIRequestContext, who: Session) => {
  const res = await request.get('/api/maintenance/mine', {
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { description: string }[];
};

test('a maintenance report written offline waits, is sent once when the signal returns, and shows Sent', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { student } = await tenant(request, baseURL!, 'Outbox');
  await page.goto('/');
  await controlled(page);
  await signInOnce(page, student);
  await page.goto(`/profile/${student.userId}`);
  const section = page.getByRole('region', { name: 'Report a problem' });
  await expect(section.getByText('You have not reported any problem yet.')).toBeVisible();

  await context.setOffline(true);
  const description = 'The ceiling fan stopped turning this morning.';
  await section.getByLabel('What is the problem?').selectOption('electrical');
  await section.getByLabel('Describe it').fill(description);
  await section.getByRole('radio', { name: /Emergency/ }).check();
  await section.getByRole('button', { name: 'Send report' }).click();
  await expect(
    section
      .getByRole('status')
      .filter({ hasText: 'Waiting to send — it goes as soon as you are back online' }),
  ).toBeVisible();
  expect(await reportsOf(request, student)).toHaveLength(0);

  await context.setOffline(false);
  await expect(section.getByRole('status').filter({ hasText: /^Sent$/ })).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(description)).toBeVisible();
  // Once in the database, however many cues to send it (sync, online, a worker start) came.
  await page.reload();
  await expect(section.getByText(description)).toBeVisible();
  const reports = await reportsOf(request, student);
  expect(reports.map((r) => r.description)).toEqual([description]);
});

test('offline, the pay button is off and says why; with the signal back it works again', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // The agent fee paid, the rent not yet: the profile offers "Pay Rent".
  const { student } = await tenant(request, baseURL!, 'Unpaid', ['agent_fee']);
  await page.goto('/');
  await signInOnce(page, student);
  await page.goto(`/profile/${student.userId}`);
  const pay = page.getByRole('button', { name: 'Pay Rent' });
  await expect(pay).toBeEnabled();

  await context.setOffline(true);
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAccessibleDescription('You are offline — payments need a connection');

  await context.setOffline(false);
  await expect(pay).toBeEnabled();
});
