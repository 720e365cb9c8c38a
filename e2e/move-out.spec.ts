import { formatNaira } from '@studynest/contracts/format';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { login, signIn, tenantWithDeposit } from './people.ts';
import { SHOTS, STATIC_HEADER, shotPath } from './screenshots.ts';

/**
 * A tenant who paid a caution deposit reads that renewal is not open yet, gives notice from the
 * profile; an admin records that they left before the notice ran out, with one deduction; the room
 * shows as available on the hostel page again, and the former tenant's profile says what came back
 * of the deposit, with nothing left to pay. `E2E_SCREENSHOTS=1` also saves the profile (renewal
 * closed, and after the move-out), the dialog and the statement at 375 px.
 */
const DEPOSIT = 20_000;
const DEDUCTION = 5_000;

test('a tenant gives notice; an admin records they left early with one deduction; the room is bookable again', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const { person, student, hostelId, hostelName } = await tenantWithDeposit(request, admin, baseURL!, {
    label: 'Leaver',
    hostel: 'Move-out Lodge',
    deposit: DEPOSIT,
  });
  const who = `${person.first_name} ${person.last_name}`;

  // The tenant gives notice from the profile, on a phone: the earliest day is offered.
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, student);
  await page.goto(`/profile/${student.userId}`);
  // A year's rent was just paid: renewal opens 60 days before the due date, and the button says so.
  const rent = page.getByRole('region', { name: 'Rent Details' });
  const renew = rent.getByRole('button', { name: 'Renew Rent' });
  await expect(renew).toBeDisabled();
  await expect(rent).toContainText(/Renewal opens on .*, 60 days before your rent is due on /);
  await expect(renew).toHaveAccessibleDescription(/Renewal opens on /);
  if (SHOTS) {
    await page.addStyleTag({ content: STATIC_HEADER });
    await page.screenshot({ path: shotPath('profile-375-renewal-closed.png'), fullPage: true });
  }
  const moving = page.getByRole('region', { name: 'Notice to move out' });
  await expect(moving.getByLabel('Move-out day')).not.toHaveValue('');
  await moving.getByRole('button', { name: 'Give notice' }).click();
  await expect(moving).toContainText('You gave notice on');
  // While notice is given, renewal stays closed, and says why.
  await expect(rent).toContainText('You have given notice to move out on');

  // The admin sees the notice under Tenants and moves the tenant out: one deduction, on a phone.
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/admin-tenants');
  await adminPage.getByLabel('Search tenants').fill(person.email);
  const row = adminPage.getByRole('row').filter({ hasText: person.email });
  await expect(row).toContainText('Leaving');
  await row.getByRole('button', { name: `Move out ${who}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Move tenant out' });
  await expect(dialog).toContainText(`Deductions from the ${formatNaira(DEPOSIT)} deposit`);
  // Notice was given today, so its period has not run: the form offers "left before it ran out",
  // and refuses "gave notice" for today as the server would.
  const reason = dialog.getByLabel('Reason');
  await expect(reason).toHaveValue('left_early');
  await expect(dialog).toContainText('They gave notice on');
  await reason.selectOption('tenant_notice');
  await dialog.getByRole('button', { name: 'Move out' }).click();
  await expect(dialog.getByText(/notice runs until .*record that they left early/)).toBeVisible();
  await reason.selectOption('left_early');
  await expect(dialog.getByText(/notice runs until/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add deduction' }).click();
  await dialog.getByLabel('Deduction 1: what for').fill('Broken louvre glass');
  await dialog.getByLabel('Deduction 1: amount (₦)').fill(String(DEPOSIT + 1));
  await dialog.getByRole('button', { name: 'Move out' }).click();
  await expect(dialog.getByText(`more than the ${formatNaira(DEPOSIT)} deposit held`)).toBeVisible();
  await dialog.getByLabel('Deduction 1: amount (₦)').fill(String(DEDUCTION));
  await expect(dialog.getByText(/more than the/)).toHaveCount(0);
  await expect(dialog).toContainText(`back to the tenant ${formatNaira(DEPOSIT - DEDUCTION)}`);
  if (SHOTS) {
    await adminPage.addStyleTag({ content: STATIC_HEADER });
    await dialog.screenshot({ path: shotPath('admin-move-out-375.png') });
  }
  await dialog.getByRole('button', { name: 'Move out' }).click();
  const done = adminPage.getByRole('dialog', { name: 'Tenant moved out' });
  await expect(done).toContainText(`${formatNaira(DEPOSIT - DEDUCTION)} of the deposit is being refunded`);
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(adminPage.getByRole('row').filter({ hasText: person.email })).toHaveCount(0);
  await adminContext.close();

  // Anyone browsing sees the room available and bookable again.
  const visitorContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/hostel/${hostelId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: hostelName })).toBeVisible();
  const card = visitor.getByTestId('room-card').filter({ hasText: 'room 07' });
  await expect(card).toContainText('Available');
  await expect(card.getByRole('link', { name: 'Book Inspection' })).toBeVisible();
  await visitorContext.close();

  // The former tenant reads the statement on the profile.
  await page.reload();
  const statement = page.getByRole('region', { name: 'Move-out statement' });
  await expect(statement).toContainText(hostelName);
  await expect(statement).toContainText('Less: Broken louvre glass');
  await expect(statement).toContainText(formatNaira(DEPOSIT - DEDUCTION));
  await expect(statement).toContainText('tenant gave notice and left before it ran out');
  await expect(statement).toContainText(/Refund of .*(on its way|refunded)/);
  await expect(page.getByRole('region', { name: 'Rent Details' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notice to move out' })).toHaveCount(0);
  // What was paid and what came back, and nothing left to pay or cancel.
  const details = page.getByRole('region', { name: 'Payment Details' });
  const caution = details.getByRole('row').filter({ hasText: 'Caution Fee' });
  const back = formatNaira(DEPOSIT - DEDUCTION);
  await expect(caution).toContainText(
    new RegExp(`(Returned ${back}|Refund on its way${back} back · )${formatNaira(DEDUCTION)} kept`),
  );
  await expect(details.getByRole('row').filter({ hasText: 'Rent Fee' })).toContainText('paid');
  await expect(details.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /(Pay|Renew) Rent|Cancel inspection/ })).toHaveCount(0);
  if (SHOTS) {
    await page.addStyleTag({ content: STATIC_HEADER });
    await statement.screenshot({ path: shotPath('profile-move-out-statement-375.png') });
    await page.screenshot({ path: shotPath('profile-375-former-tenant.png'), fullPage: true });
  }
});
