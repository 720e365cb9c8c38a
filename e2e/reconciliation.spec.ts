import { test as base } from '@playwright/test';
import { addDays, lagosInstant, todayInLagos } from '@studynest/contracts/calendar';
import { formatLagosDate, formatNaira } from '@studynest/contracts/format';
import { type FakePaystack, startFakePaystack } from '../apps/api/test/fake-paystack.ts';
import { E2E_ADMIN, expect } from './fixtures.ts';
import { startServer } from './global-setup.ts';
import { createStudent, hostelWithRoom, logIn, login } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * The daily reconciliation seen by an admin. The shared journeys' server pays through the sandbox,
 * whose book is the ledger's own: nothing outside StudyNest can pay there, so it always agrees.
 * This journey starts a server of its own that pays through Paystack's API, answered by the local
 * fake Paystack the API and cluster suites use (no test-only route in the app): there, money can
 * arrive that StudyNest never heard of, as it does at the real provider.
 *
 * Yesterday (Lagos), the provider took an agent fee whose webhook and callback were lost, and money
 * with a reference StudyNest never started. The admin logs in, finds Reconciliation in the admin
 * menu (no run yet), runs a quiet day (no differences), runs yesterday (one difference settled
 * automatically, one to do), sees a run fail while the provider is down, then the dashboard's
 * notice, which leads back to yesterday's run; the lost payment has been applied.
 * `E2E_SCREENSHOTS=1` also saves the page at 390 px and 1280 px and the dashboard notice.
 */
type Provider = { fake: FakePaystack; server: Awaited<ReturnType<typeof startServer>> };

const test = base.extend<{ fake: FakePaystack }, { provider: Provider }>({
  provider: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
    async ({}, use) => {
      const fake = await startFakePaystack('sk_test_e2e_reconciliation');
      const server = await startServer({
        PAYMENT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: fake.secretKey,
        PAYSTACK_BASE_URL: fake.url,
        SEED_DEMO: '0',
      });
      await use({ fake, server });
      await server.stop();
      await fake.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ provider }, use) => use(provider.server.baseURL),
  fake: async ({ provider }, use) => use(provider.fake),
});

const AGENT_FEE = 25_000;
const NOT_OURS = 'SN-AF-E2E-NOT-OURS';

test('an admin runs the reconciliation for a past day and sees each difference, settled or to do', async ({
  page,
  request,
  baseURL,
  fake,
}) => {
  test.setTimeout(120_000);
  const today = todayInLagos();
  const yesterday = addDays(today, -1);
  const quietDay = addDays(today, -3);
  const yesterdayNoon = lagosInstant(yesterday, '12:00').toISOString();

  // A student books a room and starts paying its agent fee at "Paystack".
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const person = await createStudent(request, 'Reconciled');
  const student = await login(request, person.email, person.password);
  const { hostelId, roomId } = await hostelWithRoom(
    request,
    admin,
    {
      hostel_name: `Ledger Lodge ${Date.now()}`,
      address: '4 Balance Close, Yaba',
      hostel_details: 'Near the gate',
    },
    {
      room_number: 'room 07',
      price: 320_000,
      agent_fee: AGENT_FEE,
      caution_fee: 20_000,
      commission_fee: 10_000,
    },
  );
  const headers = { authorization: `Bearer ${student.token}` };
  const booked = await request.post('/api/bookings', {
    headers,
    data: {
      hostel_id: hostelId,
      room_id: roomId,
      inspection_date_time: `${addDays(today, 2)}_10:00am - 10:30am`,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const started = await request.post('/api/payments/agent-fee/initiate', {
    headers,
    data: {
      booking_id: ((await booked.json()) as { _id: string })._id,
      callback_url: `${baseURL}/receipt-page`,
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { reference } = (await started.json()) as { reference: string };

  // Yesterday at the provider: that fee was paid, and its webhook and callback never came; and
  // someone paid with a reference StudyNest never started.
  fake.settle(reference, 'success');
  fake.transactions.get(reference)!.paidAt = yesterdayNoon;
  fake.transactions.set(NOT_OURS, {
    reference: NOT_OURS,
    amount: 1_500_000,
    email: 'stranger@example.com',
    currency: 'NGN',
    callbackUrl: '',
    metadata: {},
    status: 'success',
    paidAt: yesterdayNoon,
  });

  // The admin logs in, on a phone; nothing has been reconciled yet, so the dashboard says nothing.
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByText('with the payment provider')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await expect(page.getByText(/No reconciliation has run yet/)).toBeVisible();

  // A quiet day: both sides agree.
  const day = page.getByLabel('Day (Lagos)');
  await expect(day).toHaveValue(yesterday);
  await day.fill(quietDay);
  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 2, name: formatLagosDate(quietDay) })).toBeVisible();
  await expect(page.getByText(`No differences on ${formatLagosDate(quietDay)}.`)).toBeVisible();

  // Yesterday: the lost payment is applied by the run (settled), the stranger's money is to do.
  await day.fill(yesterday);
  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 2, name: formatLagosDate(yesterday) })).toBeVisible();
  const cards = page.getByRole('list', { name: `Differences on ${formatLagosDate(yesterday)}` });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  const lost = cards.getByRole('listitem').filter({ hasText: reference });
  await expect(lost).toContainText('Paid at the provider, not recorded as paid here');
  await expect(lost).toContainText('Settled automatically');
  await expect(lost).toContainText(formatNaira(AGENT_FEE));
  const stranger = cards.getByRole('listitem').filter({ hasText: NOT_OURS });
  await expect(stranger).toContainText('Paid at the provider, unknown to StudyNest');
  await expect(stranger).toContainText('To do');
  await expect(stranger).toContainText('No record');
  await expect(stranger).toContainText(formatNaira(15_000));
  await expect(stranger).toContainText('refund it there');
  const runs = page.getByRole('region', { name: 'Latest reconciliation runs' });
  await expect(runs.getByRole('row')).toHaveCount(3);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-reconciliation-390.png'), fullPage: true });

  // On a desktop the same run is a table, each row named by its kind.
  await page.setViewportSize({ width: 1280, height: 900 });
  const table = page.getByRole('region', { name: `Differences on ${formatLagosDate(yesterday)}` });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(
    table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Paid at the provider, unknown to StudyNest' }) }),
  ).toContainText(NOT_OURS);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-reconciliation-1280.png'), fullPage: true });

  // The provider does not answer: the run is kept, failed, and says why.
  fake.down = true;
  try {
    await day.fill(addDays(today, -2));
    await page.getByRole('button', { name: 'Run reconciliation' }).click();
    await expect(page.getByRole('alert')).toContainText('Nothing was compared');
  } finally {
    fake.down = false;
  }

  // The dashboard says what is left to do, and leads to yesterday's run.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin-dashboard');
  const notice = page.getByRole('status').filter({ hasText: 'with the payment provider' });
  await expect(notice).toContainText(
    `1 difference with the payment provider to look at (${formatLagosDate(yesterday)})`,
  );
  // Above the day's cards (the admin home), once they are in.
  await expect(page.getByRole('region', { name: 'Income' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: shotPath('admin-dashboard-reconciliation-390.png') });
  await notice.getByRole('link', { name: 'Review reconciliation' }).click();
  await expect(page).toHaveURL(/\/admin-reconciliation\?run=/);
  await expect(page.getByRole('heading', { level: 2, name: formatLagosDate(yesterday) })).toBeVisible();

  // The payment the run applied is the student's now: paid, on yesterday's date.
  const verified = await request.get(`/api/payments/verify?reference=${reference}`, { headers });
  expect(verified.status()).toBe(200);
  expect(await verified.json()).toMatchObject({ status: 'success' });
});
