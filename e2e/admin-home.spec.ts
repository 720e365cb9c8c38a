import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminOverview } from '@studynest/contracts/admin-overview';
import { addDays, todayInLagos } from '@studynest/contracts/calendar';
import { formatLagosLongDate, formatNaira } from '@studynest/contracts/format';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { bookAndPay, createStudent, hostelWithRoom, login, type Session, signIn } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * The admin home (docs/domain.md, "The admin home"), at 1280 and at 375 px: each card's figure is
 * the API's, and clicking through shows the same figure on the list it links to. The day's work is
 * made through the real endpoints first: an inspection today, a tenant (inspected tomorrow) who has
 * given notice and reported an emergency, and a cancelled inspection whose fee is owed back.
 */
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function makeTheDaysWork(request: APIRequestContext, baseURL: string, admin: Session) {
  const room = (n: string) =>
    hostelWithRoom(
      request,
      admin,
      { hostel_name: `Home Card Lodge ${n}`, address: `${n} Herbert Macaulay Way, Yaba`, hostel_details: '' },
      { room_number: `room 0${n}`, price: 250_000, agent_fee: 15_000, caution_fee: 0, commission_fee: 0 },
    );
  const student = async (label: string) => {
    const person = await createStudent(request, label);
    return login(request, person.email, person.password);
  };
  const auth = (s: Session) => ({ authorization: `Bearer ${s.token}` });

  await bookAndPay(request, baseURL, await student('Today'), await room('1'), ['agent_fee'], {
    daysAhead: 0,
    slot: '05:00pm - 05:30pm',
  });

  const tenant = await student('Tenant');
  await bookAndPay(request, baseURL, tenant, await room('2'), ['agent_fee', 'rent']);
  const notice = await request.post('/api/tenancy/notice', {
    headers: auth(tenant),
    data: { move_out_on: addDays(todayInLagos(), 60) },
  });
  expect(notice.status(), await notice.text()).toBe(200);
  const repair = await request.post('/api/maintenance', {
    headers: auth(tenant),
    data: { category: 'electrical', description: 'Sparks from the socket by the bed.', urgency: 'emergency' },
  });
  expect(repair.status(), await repair.text()).toBe(201);

  const cancelling = await student('Cancels');
  const { bookingId } = await bookAndPay(request, baseURL, cancelling, await room('3'), ['agent_fee'], {
    daysAhead: 3,
  });
  const cancelled = await request.post(`/api/bookings/${bookingId}/cancel`, { headers: auth(cancelling) });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

async function overviewFromApi(request: APIRequestContext, admin: Session): Promise<AdminOverview> {
  const res = await request.get('/api/admin/overview', {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The card named `title` on the home, and its big figure. */
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const figureOf = (page: Page, title: string) => card(page, title).locator('[data-figure]');

async function goHome(page: Page) {
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(figureOf(page, 'Income')).toBeVisible();
}

async function checkEveryCard(page: Page, o: AdminOverview) {
  await goHome(page);
  const unfinished = o.maintenance.open + o.maintenance.in_progress;
  await expect(figureOf(page, 'Maintenance')).toHaveText(String(unfinished));
  await expect(figureOf(page, 'Refunds due')).toHaveText(String(o.refunds_due.payments));
  await expect(figureOf(page, 'Arrears')).toHaveText(String(o.arrears.tenants));
  await expect(figureOf(page, 'Inspections')).toHaveText(String(o.inspections.today));
  await expect(figureOf(page, 'Notices given')).toHaveText(String(o.tenants.given_notice));
  await expect(figureOf(page, 'Income')).toHaveText(formatNaira(o.income.this_month.total));
  // The emergency heads the card's list, with its time left.
  await expect(
    card(page, 'Maintenance')
      .getByRole('list', { name: 'Next repairs, emergencies first' })
      .getByRole('listitem')
      .first(),
  ).toContainText(/Emergency.*h left/);

  // Maintenance: the queue filtered to open, then to in progress, shows the same totals.
  await card(page, 'Maintenance')
    .getByRole('link', { name: `${o.maintenance.open} open` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('open');
  await expect(page.getByText(new RegExp(`^Showing 1–\\d+ of ${o.maintenance.open}\\b`))).toBeVisible();
  await goHome(page);
  await card(page, 'Maintenance')
    .getByRole('link', { name: `${o.maintenance.in_progress} in progress` })
    .click();
  await expect(page.getByLabel('Status')).toHaveValue('in_progress');
  await expect(
    page.getByText(
      o.maintenance.in_progress === 0
        ? 'No maintenance requests.'
        : new RegExp(`^Showing 1–\\d+ of ${o.maintenance.in_progress}\\b`),
    ),
  ).toBeVisible();

  // Refunds due: the Refunds screen's count and amount.
  await goHome(page);
  await card(page, 'Refunds due').getByRole('link', { name: 'Open refunds' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
  await expect(
    page.getByText(
      `${o.refunds_due.payments} ${o.refunds_due.payments === 1 ? 'payment' : 'payments'}, ${formatNaira(o.refunds_due.amount)} in all.`,
    ),
  ).toBeVisible();

  // Arrears: the list's tenants (none past due on a fresh server: the list says so).
  await goHome(page);
  await card(page, 'Arrears').getByRole('link', { name: 'Open arrears' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Arrears' })).toBeVisible();
  if (o.arrears.tenants === 0) {
    await expect(page.getByText(/owes? .* in all\./)).toHaveCount(0);
  } else {
    await expect(
      page.getByText(
        `${o.arrears.tenants} ${o.arrears.tenants === 1 ? 'tenant owes' : 'tenants owe'} ${formatNaira(o.arrears.amount_owed)} in all.`,
      ),
    ).toBeVisible();
  }

  // Inspections: the upcoming list's inspections dated today and tomorrow.
  await goHome(page);
  await card(page, 'Inspections').getByRole('link', { name: 'Open upcoming inspections' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  const onDay = (day: string) =>
    page.getByText(formatLagosLongDate(day), { exact: true }).locator('visible=true');
  await expect(onDay(o.today)).toHaveCount(o.inspections.today);
  await expect(onDay(o.tomorrow)).toHaveCount(o.inspections.tomorrow);

  // Notices given: the Tenants screen's count.
  await goHome(page);
  await card(page, 'Notices given').getByRole('link', { name: 'Open tenants' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
  await expect(
    page.getByText(`Total Tenants: ${o.tenants.current}, ${o.tenants.given_notice} given notice to move out`),
  ).toBeVisible();

  // Income: the revenue report's row for this month, on the two months the card compares.
  await goHome(page);
  await card(page, 'Income').getByRole('link', { name: 'Open reports' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${o.income.last_month.month}-01&to=${o.today}`));
  const monthRows = page.getByRole('region', { name: 'Revenue by month' }).getByRole('row');
  await expect(monthRows.nth(1)).toContainText(formatNaira(o.income.last_month.total));
  await expect(monthRows.nth(2)).toContainText(formatNaira(o.income.this_month.total));
}

test('the admin home: each card matches the API and the list it links to, at 1280 and 375 px', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await makeTheDaysWork(request, baseURL ?? '', admin);
  const o = await overviewFromApi(request, admin);
  expect(o.inspections.today).toBeGreaterThanOrEqual(1);
  expect(o.tenants.given_notice).toBeGreaterThanOrEqual(1);
  expect(o.maintenance.emergencies).toBeGreaterThanOrEqual(1);
  expect(o.refunds_due.payments).toBeGreaterThanOrEqual(1);
  await signIn(page, admin);

  // One read fills the home: the cards, the menu's counts, Booking(N) and the reconciliation notice.
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && r.method() === 'GET') reads.push(url.pathname);
  });
  await goHome(page);
  await expect(
    page.getByRole('link', { name: `Bookings: ${o.inspections.upcoming} upcoming paid inspections` }),
  ).toBeVisible();
  expect(reads.filter((p) => p === '/api/admin/overview')).toHaveLength(1);
  expect(reads.filter((p) => p !== '/api/admin/overview' && p.startsWith('/api/admin/'))).toEqual([]);
  expect(reads).not.toContain('/api/bookings/count');

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await checkEveryCard(page, o);

    // The menu: grouped, with the same figures beside Maintenance, Refunds and Arrears.
    await goHome(page);
    expect(await noSidewaysScroll(page)).toBe(true);
    if (SHOTS) await page.screenshot({ path: shotPath(`admin-dashboard-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    for (const heading of ['People', 'Hostels and rooms', 'Money', 'Messages', 'Settings']) {
      await expect(menu.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: /^Maintenance/ })).toHaveAccessibleName(
      `Maintenance, ${o.maintenance.open + o.maintenance.in_progress} unfinished`,
    );
    await expect(menu.getByRole('link', { name: /^Refunds/ })).toHaveAccessibleName(
      `Refunds, ${o.refunds_due.payments} due`,
    );
    await expect(menu.getByRole('link', { name: /^Arrears/ })).toHaveAccessibleName(
      `Arrears, ${o.arrears.tenants} past due`,
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    if (SHOTS) await page.screenshot({ path: shotPath(`admin-menu-${width}.png`), fullPage: true });
    await menu.getByRole('link', { name: 'Tenants', exact: true }).click();
    await expect(page).toHaveURL(/\/admin-tenants$/);

    // The top links wrap on a phone: every one is wholly on screen, none cut off at the edge.
    const top = page.getByRole('navigation', { name: 'Admin', exact: true });
    for (const link of await top.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
  }
});
