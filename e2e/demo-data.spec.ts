import { todayInLagos } from '@studynest/contracts/calendar';
import { formatNaira } from '@studynest/contracts/format';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { logIn, login } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * What a newcomer's admin sees on a fresh start with the demo data (SEED_DEMO), at 1280 px: its
 * tenants, the two in arrears, the repairs, and a year of reports. Other journeys share the server
 * and add their own people, so the demo's are looked for by name, never counted.
 * `E2E_SCREENSHOTS=1` also saves the Tenants and Reports pages into docs/screenshots.
 */
test('a fresh start shows the demo tenants, arrears, repairs and a year of reports', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });

  await page.goto('/admin-tenants');
  await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
  for (const name of ['Adaeze Okafor', 'Tunde Bakare', 'Chioma Okeke', 'Ibrahim Musa', 'Funke Adeyemi']) {
    await expect(page.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
  }
  // She moved out: her statement is kept, but she is no longer a tenant.
  await expect(page.getByRole('row').filter({ hasText: 'Bola Adebayo' })).toHaveCount(0);
  await expect(page.getByText(/Total Tenants: \d+, [1-9]\d* given notice to move out/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: shotPath('demo-tenants-1280.png'), fullPage: true });

  await page.goto('/admin-arrears');
  for (const [name, owed] of [
    ['Tunde Bakare', 1_850_000],
    ['Adaeze Okafor', 280_000],
  ] as const) {
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(formatNaira(owed));
  }

  await page.goto('/admin-maintenance');
  const repair = (tenant: string) => page.getByRole('row').filter({ hasText: tenant }).first();
  await expect(repair('Ibrahim Musa')).toContainText(/Electrical\s*Emergency/);
  await expect(repair('Ibrahim Musa')).toContainText('Open');
  await expect(repair('Adaeze Okafor')).toContainText('Overdue');
  await expect(repair('Funke Adeyemi')).toContainText('In progress');
  await expect(repair('Chioma Okeke')).toContainText('Done');

  // Reports open on the last 12 months (this one and the 11 before): the revenue the API counts.
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const today = todayInLagos();
  const back = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - 11;
  const from = `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}-01`;
  const period = `from=${from}&to=${today}`;
  const revenue = await (
    await request.get(`/api/admin/reports/revenue?${period}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json();
  expect(revenue.months.filter((m: { total: number }) => m.total > 0).length).toBeGreaterThanOrEqual(5);
  await page.goto('/admin-reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const revenueSection = page.getByRole('region', { name: 'Revenue', exact: true });
  await expect(revenueSection.getByText(formatNaira(revenue.totals.total)).first()).toBeVisible();
  // The moved-out tenant's deductions are kept from her deposit, not counted as revenue.
  await expect(revenueSection).toContainText(`${formatNaira(25_000)} kept as move-out deductions`);
  await expect(revenueSection.locator('canvas')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Occupancy' }).locator('canvas')).toHaveCount(1);
  if (SHOTS) await page.screenshot({ path: shotPath('demo-reports-1280.png'), fullPage: true });
});
