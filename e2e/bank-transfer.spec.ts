import { formatNaira } from '@studynest/contracts/format';
import { expect, test } from './fixtures.ts';
import { adminStudentAndRoom, bookAndPay, signIn } from './people.ts';
import { SHOTS, STATIC_HEADER, shotPath } from './screenshots.ts';

/**
 * Paying by bank transfer (docs/domain.md, "Bank transfers") at 375 px: a student who has booked
 * gets her own account number from her profile, sends the sandbox a transfer of exactly what she owes
 * and sees its receipt; transfers that match nothing are held as her credit; an admin allocates one
 * held credit to what she owes and refunds another. `E2E_SCREENSHOTS=1` also saves the account card
 * and the admin's Credits screen.
 */
const DEPOSIT = 30_000;
const RENT = 200_000;
const TOO_MUCH = RENT + 5_000;
const STRAY = 7_000;

test('a student pays by transfer to her own account number; an admin allocates and refunds held credit', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { admin, person, student, hostelId, roomId } = await adminStudentAndRoom(
    request,
    'Transferer',
    {
      hostel_name: `Transfer Court ${Date.now()}`,
      address: '9 Bank Road, Enugu',
      hostel_details: 'Near the gate',
    },
    { room_number: 'room 05', price: RENT, agent_fee: 20_000, caution_fee: DEPOSIT, commission_fee: 5_000 },
  );
  await bookAndPay(request, baseURL!, student, { hostelId, roomId }, ['agent_fee']);

  // From her profile to her account number.
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, student);
  await page.goto(`/profile/${student.userId}`);
  await page.getByRole('link', { name: 'Pay by bank transfer to your own account number' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Your account number' });
  await card.getByRole('button', { name: 'Get my account number' }).click();
  const number = card.locator('code');
  await expect(number).toHaveText(/^\d{10}$/);
  await expect(card).toContainText('oldest first');

  // Exactly what she owes first (the caution deposit, then the rent): paid, with a receipt.
  const amount = card.getByLabel('Send a test transfer of (₦)');
  const send = card.getByRole('button', { name: 'Send test transfer' });
  await amount.fill(String(DEPOSIT));
  await send.click();
  await expect(card.getByText(`${formatNaira(DEPOSIT)} paid what you owed.`)).toBeVisible();
  await expect(card.getByRole('list', { name: 'Credits held' })).toBeHidden();

  // Two that match nothing: held as her credit, each with why.
  await amount.fill(String(TOO_MUCH));
  await send.click();
  await expect(card.getByText(`${formatNaira(TOO_MUCH)} matched nothing you owe exactly`)).toBeVisible();
  const held = card.getByRole('list', { name: 'Credits held' });
  await expect(held).toContainText(`${formatNaira(TOO_MUCH)} held`);
  await amount.fill(String(STRAY));
  await send.click();
  await expect(held).toContainText(`${formatNaira(STRAY)} held`);
  if (SHOTS) {
    await page.addStyleTag({ content: STATIC_HEADER });
    await card.screenshot({ path: shotPath('transfer-account-375.png') });
  }

  // The receipt of the deposit paid by transfer, in her payment history.
  await page.getByRole('link', { name: 'Back to my profile' }).click();
  const history = page.getByRole('region', { name: 'Payment history', exact: true });
  const deposit = history.getByTestId('payment-row').filter({ hasText: formatNaira(DEPOSIT) });
  await expect(deposit).toContainText('Paid');
  await expect(deposit).toContainText(/Receipt SN-\d{4}-\d+/);
  await expect(deposit.getByRole('button', { name: /^Download receipt/ })).toBeVisible();

  // An admin, on a phone: allocates the large credit to the rent, refunds the stray one.
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/admin-dashboard');
  await adminPage.getByRole('button', { name: 'Open admin menu' }).click();
  await adminPage.getByRole('link', { name: 'Credits' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
  const who = `${person.first_name} ${person.last_name}`;
  // On a phone each credit is a card.
  const list = adminPage.getByRole('list', { name: 'Credits' });
  await expect(list).toContainText(person.last_name);
  if (SHOTS) {
    await adminPage.addStyleTag({ content: STATIC_HEADER });
    await adminPage.screenshot({ path: shotPath('credits-admin-375.png'), fullPage: true });
  }

  await list.getByRole('button', { name: `Allocate ${who}'s credit (${formatNaira(TOO_MUCH)})` }).click();
  const allocate = adminPage.getByRole('dialog', { name: 'Allocate credit' });
  await allocate.getByRole('button', { name: 'Allocate' }).click();
  await expect(allocate.getByText('Choose what the credit pays for')).toBeVisible();
  await allocate.getByRole('radio', { name: new RegExp(formatNaira(RENT)) }).check();
  if (SHOTS) await allocate.screenshot({ path: shotPath('credits-allocate-375.png') });
  await allocate.getByRole('button', { name: 'Allocate' }).click();
  await expect(allocate).toBeHidden();
  // What the rent did not use stays held, with the receipt of what it paid.
  const rest = list.getByRole('listitem').filter({ hasText: formatNaira(TOO_MUCH) });
  await expect(rest).toContainText(`${formatNaira(TOO_MUCH - RENT)} held`);
  await expect(rest).toContainText(/paid SN-\d{4}-\d+/);

  await list.getByRole('button', { name: `Refund ${who}'s credit (${formatNaira(STRAY)})` }).click();
  const refund = adminPage.getByRole('dialog', { name: 'Refund credit' });
  await refund.getByLabel('Reason (optional)').fill('Sent by mistake');
  await refund.getByRole('button', { name: `Refund ${formatNaira(STRAY)}` }).click();
  await expect(refund).toBeHidden();
  await expect(
    list.getByRole('button', { name: `Refund ${who}'s credit (${formatNaira(STRAY)})` }),
  ).toBeHidden();

  await adminPage.getByRole('button', { name: 'Refunded' }).click();
  await expect(list).toContainText(person.last_name);
  await adminContext.close();

  // Her rent paid from the credit shows in her payments.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Payment history', exact: true })
      .getByTestId('payment-row')
      .filter({
        hasText: formatNaira(RENT),
      }),
  ).toContainText('Paid');
});
