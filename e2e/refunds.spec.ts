import { formatNaira } from '@studynest/contracts/format';
import { expect, test } from './fixtures.ts';
import { adminStudentAndRoom, bookAndPay, signIn } from './people.ts';
import { SHOTS, STATIC_HEADER, shotPath } from './screenshots.ts';

/**
 * A student cancels a paid inspection from the profile; its agent fee goes to Refunds; an admin
 * refunds it there (a too-large amount refused first) and the student sees it refunded on the
 * profile. `E2E_SCREENSHOTS=1` also saves the Refunds screen at 375 px.
 */
const SLOT = '04:00pm - 04:30pm';
const AGENT_FEE = 45_000;

test('a student cancels a paid inspection; an admin refunds the agent fee; the student sees it refunded', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { admin, person, student, hostelId, roomId } = await adminStudentAndRoom(
    request,
    'Refundee',
    { hostel_name: `Refund Court ${Date.now()}`, address: '2 Refund Road, Nsukka', hostel_details: 'Quiet' },
    {
      room_number: 'room 03',
      price: 300_000,
      agent_fee: AGENT_FEE,
      caution_fee: 20_000,
      commission_fee: 10_000,
    },
  );

  // Book three days ahead and pay the agent fee at the sandbox checkout.
  const {
    references: [reference = ''],
  } = await bookAndPay(request, baseURL!, student, { hostelId, roomId }, ['agent_fee'], {
    slot: SLOT,
    daysAhead: 3,
  });

  // The student calls the inspection off from the profile.
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, student);
  await page.goto(`/profile/${student.userId}`);
  const inspection = page.getByRole('region', { name: 'Your inspection' });
  await expect(inspection).toContainText(SLOT);
  await expect(inspection).toContainText(`your agent fee of ${formatNaira(AGENT_FEE)} will then be refunded`);
  await inspection.getByRole('button', { name: 'Cancel inspection' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this inspection?' });
  await confirm.getByRole('button', { name: 'Cancel inspection' }).click();
  await expect(
    page.getByText(`Inspection cancelled. ${formatNaira(AGENT_FEE)} will be refunded to you.`),
  ).toBeVisible();
  const row = page.getByTestId('payment-row').filter({ hasText: 'Agent fee' }).first();
  await expect(row).toContainText('To be refunded');

  // The admin finds it under Refunds, on a phone.
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/admin-refunds');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
  const due = adminPage.getByRole('region', { name: 'Payments to refund' });
  const who = `${person.first_name} ${person.last_name}`;
  await expect(due).toContainText(person.last_name);
  await expect(due).toContainText('Inspection cancelled');
  if (SHOTS) {
    await adminPage.addStyleTag({ content: STATIC_HEADER });
    await adminPage.screenshot({ path: shotPath('admin-refunds-375.png'), fullPage: true });
  }
  await due.getByRole('button', { name: `Refund ${who} (${formatNaira(AGENT_FEE)})` }).click();

  const dialog = adminPage.getByRole('dialog', { name: 'Refund payment' });
  const amount = dialog.getByLabel('Amount (₦)');
  await expect(amount).toHaveValue(String(AGENT_FEE));
  await amount.fill(String(AGENT_FEE + 1));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText(`At most ${formatNaira(AGENT_FEE)} is left to refund`)).toBeVisible();
  await dialog.getByRole('button', { name: `Refund the full ${formatNaira(AGENT_FEE)}` }).click();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();

  const made = adminPage.getByRole('region', { name: 'Refunds made' });
  await expect(made.getByRole('row').filter({ hasText: reference })).toContainText('Processed', {
    timeout: 15_000,
  });
  await expect(adminPage.getByText('Nothing is owed back to anyone.').or(due)).toBeVisible();
  await adminContext.close();

  // The student sees it refunded on the profile.
  await page.reload();
  await expect(page.getByTestId('payment-row').filter({ hasText: 'Agent fee' }).first()).toContainText(
    'Refunded',
  );
});
