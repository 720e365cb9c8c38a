import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { todayInLagos } from '@studynest/contracts/calendar';
import { formatNaira } from '@studynest/contracts/format';
import { parse } from 'csv-parse/sync';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { bookAndPay, createStudent, logIn, login } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * The admin Reports page on the real server: a student books a demo room and pays its agent fee in
 * the sandbox, then the admin opens Reports at 375 px and 1280 px, reads the figures the API gives
 * for this month, and downloads the payments CSV, which opens as a table holding that payment.
 * `E2E_SCREENSHOTS=1` also saves the screenshots into docs/screenshots.
 */
const SLOT = '12:00pm - 12:30pm';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the reports page shows the period figures at 375 px and 1280 px, and a CSV downloads and parses', async ({
  page,
  request,
  baseURL,
}) => {
  // A payment this month: a student books the last free demo room and pays its agent fee.
  const student = await createStudent(request, 'reports');
  const session = await login(request, student.email, student.password);
  const rooms = (await (await request.get('/api/rooms')).json()) as {
    _id: string;
    status: string;
    agent_fee: number;
    hostel: { _id: string };
  }[];
  const room = rooms.filter((r) => r.status === 'available').at(-1);
  if (!room) throw new Error('no free demo room');
  const {
    references: [reference = ''],
  } = await bookAndPay(
    request,
    baseURL!,
    session,
    { hostelId: room.hostel._id, roomId: room._id },
    ['agent_fee'],
    {
      slot: SLOT,
    },
  );

  // What the API says about this month, to compare with the page.
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const period = `from=${todayInLagos().slice(0, 8)}01&to=${todayInLagos()}`;
  const revenue = await (
    await request.get(`/api/admin/reports/revenue?${period}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json();
  expect(revenue.totals.agent_fees).toBeGreaterThanOrEqual(room.agent_fee);
  const stages = await (
    await request.get(`/api/admin/reports/funnel?${period}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json();
  expect(stages.stages[1].count).toBeGreaterThanOrEqual(1);
  const refunds = await (
    await request.get(`/api/admin/reports/refunds?${period}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json();

  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'This month' }).click();
  await expect(page).toHaveURL(/period=this-month/);

  const revenueSection = page.getByRole('region', { name: 'Revenue' });
  await expect(revenueSection.getByText(formatNaira(revenue.totals.total)).first()).toBeVisible();
  await expect(revenueSection.getByText(formatNaira(revenue.totals.agent_fees)).first()).toBeVisible();
  // The chart is drawn (uPlot's canvas), and the same numbers are in a table for screen readers.
  await expect(revenueSection.locator('canvas')).toHaveCount(1);
  const monthRow = page.getByRole('region', { name: 'Revenue by month' }).getByRole('row').nth(1);
  await expect(monthRow).toContainText(formatNaira(revenue.totals.total));
  const funnel = page.getByRole('region', { name: 'Booking funnel' });
  const booked = funnel.getByRole('listitem').filter({ hasText: 'Inspections booked' });
  await expect(booked).toContainText(String(stages.stages[0].count));
  await expect(page.getByRole('region', { name: 'Occupancy' }).locator('canvas')).toHaveCount(1);
  // Refunds: the processed total, and a row per reason in the table a screen reader reads.
  const refundsSection = page.getByRole('region', { name: 'Refunds', exact: true });
  await expect(refundsSection).toContainText(formatNaira(refunds.processed.amount));
  await expect(refundsSection.getByRole('row')).toHaveCount(1 + refunds.by_reason.length);
  // The two reports agree: refunds of fees and rent in the revenue, deposits given back beside it.
  expect(revenue.totals.refunds + revenue.deposits.returned).toBe(refunds.processed.amount);
  await expect(revenueSection.getByTestId('deposits-line')).toContainText(
    `${formatNaira(revenue.deposits.returned)} given back`,
  );
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-reports-375.png'), fullPage: true });

  // The payments CSV of the period: a BOM, a header row, this payment with its amount as a plain number.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Payments CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^studynest-payments-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.find((r) => r.reference === reference)).toMatchObject({
    kind: 'agent_fee',
    status: 'success',
    amount: String(room.agent_fee),
    email: student.email,
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(revenueSection.getByText(formatNaira(revenue.totals.total)).first()).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: shotPath('admin-reports-1280.png'), fullPage: true });
});
