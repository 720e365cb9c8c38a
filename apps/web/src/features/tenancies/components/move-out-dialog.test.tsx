import type { ConditionReport, Tenant } from '@studynest/contracts';
import { addDays, todayInLagos } from '@studynest/contracts/calendar';
import { formatLagosDate } from '@studynest/contracts/format';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, polyfillDialog } from '../../../testing/dom.ts';
import { placement } from '../../../testing/fixtures.ts';
import { MoveOutDialog } from './move-out-dialog.tsx';

const today = todayInLagos();
/** A tenant who gave notice today: a 30-day notice runs until 30 days from now. */
const tenant: Tenant = {
  ...placement,
  rentStartDate: addDays(today, -200),
  rentDueDate: addDays(today, 165),
  daysLeft: 165,
  amountPaid: 250_000,
  tenancy_id: 't1',
  deposit_held: 20_000,
  notice: { given_at: new Date().toISOString(), move_out_on: addDays(today, 30) },
  rent_parts_unpaid: [],
};

/** The tenancy's condition report at move-in, confirmed by an admin. */
const report: ConditionReport = {
  _id: 'r1',
  tenancy_id: 't1',
  version: 1,
  status: 'confirmed',
  recorded_by: 'admin',
  recorded_at: new Date().toISOString(),
  confirmed_at: new Date().toISOString(),
  items: [
    { _id: '0b9c6f0e-1f1a-4a57-9d43-5a1e3f0c0001', name: 'Bed', state: 'good', note: null, photos: [] },
    {
      _id: '0b9c6f0e-1f1a-4a57-9d43-5a1e3f0c0002',
      name: 'Windows',
      state: 'damaged',
      note: 'Louvre glass cracked',
      photos: [],
    },
  ],
};
const noReport = { status: 200, body: [] };

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The move-out statement the server answers with, for a move-out today from the tenant's room. */
const statementOf = (fields: Record<string, unknown>) => ({
  tenancy_id: 't1',
  ...placement,
  start_date: tenant.rentStartDate,
  moved_out_on: today,
  note: null,
  deposit_held: 20_000,
  recorded_at: new Date().toISOString(),
  ...fields,
});

function renderDialog(t: Tenant = tenant) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MoveOutDialog tenant={t} noticeDays={30} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Move tenant out' });
  return {
    dialog,
    reason: within(dialog).getByLabelText('Reason') as HTMLSelectElement,
    date: within(dialog).getByLabelText('Day the tenant left') as HTMLInputElement,
    submit: () => fireEvent.click(within(dialog).getByRole('button', { name: 'Move out' })),
  };
}

describe('MoveOutDialog', () => {
  it('offers "left before it ran out" for a notice still running, with the days it allows', () => {
    const form = renderDialog();
    expect(form.reason.value).toBe('left_early');
    expect(
      within(form.reason).getByRole('option', { name: 'Tenant gave notice and left before it ran out' }),
    ).toBeTruthy();
    const hint = document.getElementById(form.reason.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      `They gave notice on ${formatLagosDate(today)} and left before it ran out: from that day to ${formatLagosDate(addDays(today, 29))}.`,
    );
  });

  it('checks the day as the server does, and clears the message when the reason changes', async () => {
    const { calls } = mockFetch(noReport);
    const form = renderDialog();
    fireEvent.change(form.reason, { target: { value: 'tenant_notice' } });
    form.submit();
    expect(
      await within(form.dialog).findByText(
        `The tenant's 30 days' notice runs until ${formatLagosDate(addDays(today, 30))}: pick that day or later, or record that they left early`,
      ),
    ).toBeTruthy();
    expect(form.date.getAttribute('aria-invalid')).toBe('true');
    expect(await within(form.dialog).findByText('No condition report was recorded at move-in.')).toBeTruthy();
    fireEvent.change(form.reason, { target: { value: 'left_early' } });
    await waitFor(() => expect(within(form.dialog).queryByText(/notice runs until/)).toBeNull());

    fireEvent.change(form.date, { target: { value: addDays(today, 1) } });
    expect(
      await within(form.dialog).findByText(
        'Record a move-out once the tenant has left: pick today or an earlier day',
      ),
    ).toBeTruthy();
    fireEvent.change(form.reason, { target: { value: 'lease_ended' } });
    fireEvent.change(form.date, { target: { value: today } });
    expect(await within(form.dialog).findByText(/The paid rent year runs until/)).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', path: '/tenancies/t1/condition', body: undefined }]);
  });

  it('refuses deductions beyond the deposit, then sends the move-out with them, one for an item of the condition report', async () => {
    const statement = statementOf({
      reason: 'left_early',
      deductions: [{ description: 'Broken louvre glass', amount: 5_000, condition_item: report.items[1]! }],
      deductions_total: 5_000,
      deposit_returned: 15_000,
      refund: { _id: 'f1', amount: 15_000, status: 'pending' },
    });
    const { calls } = mockFetch({ status: 200, body: [report] }, { status: 200, body: statement });
    const form = renderDialog();
    // The report at move-in is shown beside the deductions.
    expect(await within(form.dialog).findByText('Room condition at move-in')).toBeTruthy();
    expect(form.dialog.textContent).toContain('Windows: Damaged — Louvre glass cracked');
    fireEvent.click(within(form.dialog).getByRole('button', { name: 'Add deduction' }));
    fireEvent.change(within(form.dialog).getByLabelText('Deduction 1: what for'), {
      target: { value: ' Broken louvre glass ' },
    });
    const amount = within(form.dialog).getByLabelText('Deduction 1: amount (₦)');
    fireEvent.change(within(form.dialog).getByLabelText('Deduction 1: for item (optional)'), {
      target: { value: '0b9c6f0e-1f1a-4a57-9d43-5a1e3f0c0002' },
    });
    fireEvent.change(amount, { target: { value: '20001' } });
    form.submit();
    expect(
      await within(form.dialog).findByText(
        'The deductions add up to ₦20,001, more than the ₦20,000 deposit held',
      ),
    ).toBeTruthy();
    fireEvent.change(amount, { target: { value: '5000' } });
    await waitFor(() => expect(within(form.dialog).queryByText(/more than the/)).toBeNull());
    expect(form.dialog.textContent).toContain('back to the tenant ₦15,000');
    form.submit();
    expect(await screen.findByText(/₦15,000 of the deposit is being refunded/)).toBeTruthy();
    expect(calls).toEqual([
      { method: 'GET', path: '/tenancies/t1/condition', body: undefined },
      {
        method: 'POST',
        path: '/admin/tenancies/t1/move-out',
        body: {
          date: today,
          reason: 'left_early',
          deductions: [
            {
              description: 'Broken louvre glass',
              amount: 5_000,
              condition_item_id: '0b9c6f0e-1f1a-4a57-9d43-5a1e3f0c0002',
            },
          ],
        },
      },
    ]);
  });

  it('offers the rent of the plan due by the day they left as a deduction, within what the deposit covers', async () => {
    const statement = statementOf({
      reason: 'breach',
      deductions: [{ description: 'Rent left unpaid, part 2 of 3', amount: 20_000, condition_item: null }],
      deductions_total: 20_000,
      deposit_returned: 0,
      refund: null,
      rent_unpaid: 90_000,
    });
    const { calls } = mockFetch(noReport, { status: 200, body: statement });
    const form = renderDialog({
      ...tenant,
      notice: null,
      rent_parts_unpaid: [
        { number: 2, of: 3, due_on: addDays(today, -3), balance: 90_000 },
        { number: 3, of: 3, due_on: addDays(today, 100), balance: 90_000 },
      ],
    });
    expect(form.dialog.textContent).toContain(
      `Rent paid until ${formatLagosDate(addDays(today, -3))} (part 2 of 3 unpaid).`,
    );
    expect(form.dialog.textContent).toContain(
      `Rent left unpaid by this day: ₦90,000 (part 2 of 3, due ${formatLagosDate(addDays(today, -3))}).`,
    );
    expect(form.dialog.textContent).toContain(
      `Part 3 of 3 (₦90,000) falls due on ${formatLagosDate(addDays(today, 100))}, after this day: it is not owed.`,
    );
    // A day before part 2 fell due: nothing of the rent is owed, so nothing is offered.
    fireEvent.change(form.date, { target: { value: addDays(today, -4) } });
    expect(within(form.dialog).queryByText(/Rent left unpaid by this day/)).toBeNull();
    expect(within(form.dialog).queryByRole('button', { name: /of it from the deposit/ })).toBeNull();
    fireEvent.change(form.date, { target: { value: today } });
    // The deposit covers ₦20,000 of the ₦90,000: that much is offered, once.
    fireEvent.click(
      within(form.dialog).getByRole('button', { name: 'Deduct ₦20,000 of it from the deposit' }),
    );
    expect((within(form.dialog).getByLabelText('Deduction 1: what for') as HTMLInputElement).value).toBe(
      'Rent left unpaid, part 2 of 3',
    );
    expect((within(form.dialog).getByLabelText('Deduction 1: amount (₦)') as HTMLInputElement).value).toBe(
      '20000',
    );
    expect(within(form.dialog).queryByRole('button', { name: /of it from the deposit/ })).toBeNull();
    form.submit();
    expect(await screen.findByText(/No deposit goes back\. Rent left unpaid: ₦90,000\./)).toBeTruthy();
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/admin/tenancies/t1/move-out',
      body: {
        date: today,
        reason: 'breach',
        deductions: [{ description: 'Rent left unpaid, part 2 of 3', amount: 20_000 }],
      },
    });
  });

  it('names the reason when the tenant gave no notice', async () => {
    mockFetch(noReport);
    const form = renderDialog({ ...tenant, notice: null });
    expect(form.reason.value).toBe('breach');
    fireEvent.change(form.reason, { target: { value: 'left_early' } });
    form.submit();
    expect(
      await within(form.dialog).findByText(
        'This tenant has not given notice: choose another reason, or ask them to give notice from their profile',
      ),
    ).toBeTruthy();
    expect(form.reason.getAttribute('aria-invalid')).toBe('true');
  });
});
