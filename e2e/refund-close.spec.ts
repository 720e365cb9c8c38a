import { formatNaira } from '@studynest/contracts/format';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { bookAndPay, createStudent, hostelWithRoom, login, signIn } from './people.ts';
import { SHOTS, STATIC_HEADER, shotPath } from './screenshots.ts';

/**
 * Keep the rest (docs/domain.md, "Refunds"): a cancelled inspection's agent fee is owed
 * back; the admin refunds part of it, typing the amount as people write it ("1,000"), then closes
 * the payment keeping the rest, with a reason. "To refund" reaches ₦0 and nothing more is offered.
 * At 1280 and 375 px. `E2E_SCREENSHOTS=1` also saves the dialog and the Refunds screen with the
 * closed payment at each width.
 */
const SLOT = '02:00pm - 02:30pm';
const AGENT_FEE = 45_000;

for (const width of [1280, 375]) {
  test(`at ${width} px: an admin refunds ₦1,000 typed with a separator, then keeps the rest with a reason: To refund reaches ₦0`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
    const person = await createStudent(request, 'Keeper');
    const student = await login(request, person.email, person.password);
    const { hostelId, roomId } = await hostelWithRoom(
      request,
      admin,
      { hostel_name: `Keep Court ${Date.now()}`, address: '3 Keep Road, Nsukka', hostel_details: 'Quiet' },
      {
        room_number: 'room 04',
        price: 300_000,
        agent_fee: AGENT_FEE,
        caution_fee: 20_000,
        commission_fee: 10_000,
      },
    );
    const {
      bookingId,
      references: [reference = ''],
    } = await bookAndPay(request, baseURL!, student, { hostelId, roomId }, ['agent_fee'], {
      slot: SLOT,
      daysAhead: 3,
    });
    const cancelled = await request.post(`/api/bookings/${bookingId}/cancel`, {
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await signIn(page, admin);
    await page.goto('/admin-refunds');
    await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
    const due = page.getByRole('region', { name: 'Payments to refund' });
    const who = `${person.first_name} ${person.last_name}`;
    const row = due.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText(formatNaira(AGENT_FEE));
    // Nothing refunded yet: there is no rest to keep.
    await expect(row.getByRole('button', { name: /Keep the rest/ })).toHaveCount(0);

    // A partial refund, typed as people write it.
    await row.getByRole('button', { name: `Refund ${who} (${formatNaira(AGENT_FEE)})` }).click();
    const refund = page.getByRole('dialog', { name: 'Refund payment' });
    await refund.getByLabel('Amount (₦)').fill('1,00');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(
      refund.getByText('Amount must be whole naira with thousands in groups of three, like 100,000'),
    ).toBeVisible();
    await refund.getByLabel('Amount (₦)').fill('1,000');
    await refund.getByLabel('Reason').fill('Part of the fee, for the visit arranged');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(refund).toBeHidden();
    const made = page.getByRole('region', { name: 'Refunds made' });
    await expect(made.getByRole('row').filter({ hasText: reference })).toContainText('Processed', {
      timeout: 15_000,
    });
    const rest = AGENT_FEE - 1_000;
    await expect(row).toContainText(formatNaira(rest), { timeout: 10_000 });

    // Keep the rest: the reason is required.
    await row
      .getByRole('button', { name: `Keep the rest of ${who}'s payment (${formatNaira(rest)})` })
      .click();
    const keep = page.getByRole('dialog', { name: 'Keep the rest' });
    const submit = keep.getByRole('button', { name: `Keep ${formatNaira(rest)} and close` });
    await submit.click();
    await expect(keep.getByText('Reason is required')).toBeVisible();
    await expect(keep.getByLabel('Reason')).toBeFocused();
    await keep.getByLabel('Reason').fill('The inspection went ahead before the cancellation');
    if (SHOTS) await keep.screenshot({ path: shotPath(`admin-refund-keep-rest-dialog-${width}.png`) });
    await submit.click();
    await expect(keep).toBeHidden();

    // Nothing left to refund: it leaves the queue and is listed closed, ₦0 to refund.
    await expect(row).toHaveCount(0);
    const closed = page
      .getByRole('region', { name: 'Closed, rest kept' })
      .getByRole('row')
      .filter({ hasText: reference });
    await expect(closed).toContainText(formatNaira(rest));
    await expect(closed).toContainText('The inspection went ahead before the cancellation');
    await expect(closed.getByRole('cell').filter({ hasText: /^₦0$/ })).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (SHOTS) {
      await page.addStyleTag({ content: STATIC_HEADER });
      await page.screenshot({ path: shotPath(`admin-refunds-kept-${width}.png`), fullPage: true });
    }

    // The server agrees: nothing more of it can be refunded.
    const again = await request.post('/api/admin/refunds', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { reference, amount: 1, reason: 'More' },
    });
    expect(again.status()).toBe(409);
  });
}
