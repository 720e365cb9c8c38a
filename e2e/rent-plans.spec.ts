import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { addMonths, todayInLagos } from '@studynest/contracts/calendar';
import { formatLagosDate, formatNaira } from '@studynest/contracts/format';
import { RENT_PLAN_LABEL, splitRent } from '@studynest/contracts/rent-plan-terms';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { bookAndPay, createStudent, hostelWithRoom, login, type Session, signIn } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/*
 * Rent in parts (docs/domain.md, "Rent plans") on a phone: an admin gives a hostel a plan and a room
 * its own; a student chooses the 2-part plan, pays the first part at the sandbox checkout, later the
 * second, and both receipts are hers.
 */

const PRICE = 400_001; // odd, so the split's rounding shows: 240,001 now, 160,000 later
const ROOM = { price: PRICE, agent_fee: 40_000, caution_fee: 0, commission_fee: 5_000 };

async function adminSession(request: APIRequestContext) {
  return login(request, E2E_ADMIN.email, E2E_ADMIN.password);
}

async function setHostelPlan(request: APIRequestContext, admin: Session, hostelId: string, plan: string) {
  const res = await request.patch(`/api/hostels/${hostelId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { rent_plan: plan },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('at 375 px an admin gives a hostel the 2-part plan and one room the 3-part plan; the room cards say so', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const admin = await adminSession(request);
  const name = `Plan Court ${Date.now()}`;
  const { hostelId, roomId: sameRoom } = await hostelWithRoom(
    request,
    admin,
    { hostel_name: name, address: '2 Sokoto Road, Zaria', hostel_details: 'Near the library' },
    { room_number: 'room 01', ...ROOM },
  );
  const other = await request.post('/api/rooms', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      room_number: 'room 02',
      unit: 'one bedroom flat',
      status: 'available',
      hostel: hostelId,
      ...ROOM,
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  const ownRoom = ((await other.json()) as { _id: string })._id;
  await signIn(page, admin);

  // The hostel: full year until the admin says otherwise.
  await page.goto(`/update-hostel/${hostelId}`);
  const hostelPlan = page.getByLabel('Rent plan');
  await expect(hostelPlan).toHaveValue('full');
  await hostelPlan.selectOption({ label: RENT_PLAN_LABEL.two_parts });
  await page.getByRole('button', { name: 'Update Hostel' }).click();
  await expect(page.getByText('Hostel Updated Successfully')).toBeVisible();

  // A room follows its hostel unless it says otherwise, and the choice names the hostel's plan.
  await page.goto(`/update-room/${ownRoom}`);
  const roomPlan = page.getByLabel('Rent plan');
  await expect(roomPlan).toHaveValue('');
  await expect(roomPlan.locator('option:checked')).toHaveText(
    `Same as the hostel (${RENT_PLAN_LABEL.two_parts})`,
  );
  await roomPlan.selectOption({ label: RENT_PLAN_LABEL.three_parts });
  if (SHOTS) await page.screenshot({ path: shotPath('rent-plan-room-form-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Update Room' }).click();
  await expect(page.getByText('Room Updated Successfully')).toBeVisible();

  const saved = await (await request.get(`/api/rooms/room/${ownRoom}`)).json();
  expect([saved.rent_plan, saved.rent_plan_override]).toEqual(['three_parts', 'three_parts']);
  const follows = await (await request.get(`/api/rooms/room/${sameRoom}`)).json();
  expect([follows.rent_plan, follows.rent_plan_override]).toEqual(['two_parts', null]);

  // The hostel page's room cards, before anyone pays, with the late-part terms a tap away.
  await page.goto(`/hostel/${hostelId}`);
  const card = (n: string) => page.getByTestId('room-card').filter({ hasText: n });
  await expect(card('room 01').getByTestId('rent-plan')).toContainText(
    `Rent: full year, or ${RENT_PLAN_LABEL.two_parts}`,
  );
  await expect(card('room 02').getByTestId('rent-plan')).toContainText(
    `Rent: full year, or ${RENT_PLAN_LABEL.three_parts}`,
  );
  const late = card('room 01').getByText('If a part is paid late');
  await late.click();
  await expect(card('room 01').getByText(/A part not paid by its due date is rent in arrears/)).toBeVisible();
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(sideways).toBe(false);
  if (SHOTS) {
    await card('room 01').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('rent-plan-room-card-375.png') });
  }
});

/** From the profile at the sandbox checkout, back on the rent receipt: the receipt says which part. */
async function payAtSandbox(page: Page, words: string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/rent-receipt\?reference=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your payment!' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('region', { name: 'Payment Summary' })).toContainText(words);
}

/**
 * The second part, the way many parents pay: a bank transfer of its exact balance to her own account
 * number (the sandbox's test transfer), matched to the part she owes (docs/domain.md, "Bank transfers").
 */
async function payPartTwo(page: Page, balance: number) {
  await page.getByRole('link', { name: 'Pay by bank transfer to your own account number' }).click();
  const card = page.getByRole('region', { name: 'Your account number' });
  await card.getByRole('button', { name: 'Get my account number' }).click();
  await expect(card.locator('code')).toHaveText(/^\d{10}$/);
  await card.getByLabel('Send a test transfer of (₦)').fill(String(balance));
  await card.getByRole('button', { name: 'Send test transfer' }).click();
  await expect(card.getByText(`${formatNaira(balance)} paid what you owed.`)).toBeVisible();
}

test('at 375 px a student chooses the 2-part plan, pays part 1 by card at the sandbox checkout, later part 2 by a transfer to her account number, and keeps both receipts', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const admin = await adminSession(request);
  const room = await hostelWithRoom(
    request,
    admin,
    {
      hostel_name: `Instalment Lodge ${Date.now()}`,
      address: '9 Hospital Road, Zaria',
      hostel_details: 'Quiet',
    },
    { room_number: 'room 03', ...ROOM },
  );
  await setHostelPlan(request, admin, room.hostelId, 'two_parts');
  const person = await createStudent(request, 'Parts');
  const student = await login(request, person.email, person.password);
  await signIn(page, student);
  const [part1, part2] = splitRent('two_parts', PRICE, todayInLagos());
  if (!part1 || !part2) throw new Error('two parts expected');
  expect([part1.amount, part2.amount]).toEqual([240_001, 160_000]);

  // The booking page says how the rent may be paid before she pays anything.
  await page.goto(`/book-inspection/${room.roomId}`);
  await expect(page.getByTestId('rent-plan')).toContainText(
    `Rent: full year, or ${RENT_PLAN_LABEL.two_parts}`,
  );
  await bookAndPay(request, baseURL as string, student, room, ['agent_fee']);

  // Profile → Rent Details → Pay Rent leads to the choice.
  await page.goto(`/profile/${student.userId}`);
  const rent = page.getByRole('region', { name: 'Rent Details' });
  await expect(rent).toContainText('Pay the full year or in parts.');
  await rent.getByRole('link', { name: 'Pay Rent' }).click();
  await expect(page).toHaveURL(/\/rent-plan$/);
  const choice = page.getByRole('group', { name: "How do you want to pay this year's rent?" });
  await expect(choice.getByRole('radio', { name: /^Full year/ })).toBeChecked();
  await choice.getByRole('radio', { name: new RegExp(`^${RENT_PLAN_LABEL.two_parts}`) }).check();
  await expect(choice).toContainText(`Part 1: ${formatNaira(part1.amount)} now`);
  await expect(choice).toContainText(
    `Part 2: ${formatNaira(part2.amount)}, due by ${formatLagosDate(part2.due_on)}`,
  );
  await page.getByText('If a part is paid late').click();
  await expect(page.getByText(/the year cannot be renewed until every part is paid/)).toBeVisible();
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(await sideways()).toBe(false);
  if (SHOTS) await page.screenshot({ path: shotPath('rent-plan-choose-375.png'), fullPage: true });
  await page.getByRole('button', { name: `Pay Rent: ${formatNaira(part1.amount)}` }).click();
  await payAtSandbox(page, 'part 1 of 2');
  await expect(page.getByRole('region', { name: 'Payment Summary' })).toContainText(
    formatNaira(part1.amount),
  );

  // Later: the profile shows the plan, what is paid, and part 2 due in 4 months.
  await page.goto(`/profile/${student.userId}`);
  await expect(rent).toContainText(
    `${RENT_PLAN_LABEL.two_parts}. Paid ${formatNaira(part1.amount)} of ${formatNaira(PRICE)}`,
  );
  await expect(rent).toContainText(
    `Part 2 of 2: ${formatNaira(part2.amount)}, due by ${formatLagosDate(addMonths(todayInLagos(), 4))}`,
  );
  await expect(rent.getByRole('button', { name: /Renew Rent/ })).toHaveCount(0);
  if (SHOTS) {
    await rent.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('rent-plan-profile-375.png') });
  }

  // Every part, on its own page.
  await rent.getByRole('link', { name: 'All parts, or another amount' }).click();
  const parts = page.getByRole('table', { name: "This year's rent in parts" });
  await expect(parts.getByRole('row')).toHaveText([
    'PartAmountDue byStatus',
    `1 of 2${formatNaira(part1.amount)}${formatLagosDate(part1.due_on)}Paid`,
    `2 of 2${formatNaira(part2.amount)}${formatLagosDate(part2.due_on)}Due`,
  ]);
  expect(await sideways()).toBe(false);
  if (SHOTS) await page.screenshot({ path: shotPath('rent-plan-parts-375.png'), fullPage: true });

  // The admin's move-out form knows the plan: part 2 is not due yet, so leaving today owes none of it.
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/admin-tenants');
  await adminPage.getByLabel('Search tenants').fill(person.email);
  const who = `${person.first_name} ${person.last_name}`;
  await adminPage
    .getByRole('row')
    .filter({ hasText: person.email })
    .getByRole('button', { name: `Move out ${who}` })
    .click();
  const dialog = adminPage.getByRole('dialog', { name: 'Move tenant out' });
  await expect(dialog).toContainText(
    `Rent paid until ${formatLagosDate(part2.due_on)} (part 2 of 2 unpaid).`,
  );
  await expect(dialog).toContainText(
    `Part 2 of 2 (${formatNaira(part2.amount)}) falls due on ${formatLagosDate(part2.due_on)}, after this day: it is not owed.`,
  );
  await expect(dialog.getByRole('button', { name: /of it from the deposit/ })).toHaveCount(0);
  if (SHOTS) await adminPage.screenshot({ path: shotPath('rent-plan-move-out-375.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await adminContext.close();

  await page.goto(`/profile/${student.userId}`);
  await payPartTwo(page, part2.amount);

  // The year is paid: nothing left to pay, and both receipts are hers.
  await page.goto(`/profile/${student.userId}`);
  await expect(rent).toContainText(`Paid ${formatNaira(PRICE)} of ${formatNaira(PRICE)}`);
  await expect(rent.getByRole('button', { name: /part 2 of 2/ })).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Payment history', exact: true });
  const rows = history.getByTestId('payment-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('part 2 of 2');
  await expect(rows.nth(0)).toContainText(formatNaira(part2.amount));
  await expect(rows.nth(0)).toContainText('· Transfer to your StudyNest account number');
  await expect(rows.nth(1)).toContainText('part 1 of 2');
  await expect(rows.nth(1)).toContainText(formatNaira(part1.amount));
  await expect(rows.nth(1)).toContainText('· Card');
  for (const [i, part] of [
    [0, part2],
    [1, part1],
  ] as const) {
    await expect(rows.nth(i)).toContainText(/Receipt SN-\d{4}-\d{6}/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows
        .nth(i)
        .getByRole('button', { name: /Download receipt/ })
        .click(),
    ]);
    const file = testInfo.outputPath(`part-${part.number}.pdf`);
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain(`part ${part.number} of 2`);
    expect(text).toMatch(part.number === 1 ? /Payment method\s+Card/ : /Payment method\s+Transfer to your/);
    expect(text).toContain(formatNaira(part.amount));
  }
  if (SHOTS) {
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('rent-plan-receipts-375.png') });
  }
});
