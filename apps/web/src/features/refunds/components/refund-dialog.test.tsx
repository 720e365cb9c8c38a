import type { OwedPayment } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch, polyfillDialog } from '../../../testing/dom.ts';
import { hostel, person, room } from '../../../testing/fixtures.ts';
import { RefundDialog } from './refund-dialog.tsx';

const owed: OwedPayment = {
  _id: 'p1',
  reference: 'SN-AF-1',
  payment_type: 'AGENT_FEE',
  amount: 65_000,
  status: 'success',
  paid_at: '2026-11-20T09:00:00.000Z',
  user: person,
  room: { _id: room._id, room_number: room.room_number, unit: room.unit },
  hostel,
  reason: 'inspection_cancelled',
  age_days: 5,
  refunded_amount: 15_000,
  pending_amount: 0,
  remaining: 50_000,
};

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RefundDialog payment={owed} onClose={onClose} />
    </QueryClientProvider>,
  );
  return {
    onClose,
    amount: screen.getByLabelText('Amount (₦)') as HTMLInputElement,
    reason: screen.getByLabelText('Reason') as HTMLInputElement,
    submit: () => fireEvent.click(screen.getByRole('button', { name: 'Refund' })),
  };
}

describe('RefundDialog', () => {
  it('starts at what is left and why, and refuses more than that or no reason before sending', async () => {
    const { calls } = mockFetch();
    const form = renderDialog();
    expect(form.amount.value).toBe('50000');
    expect(form.reason.value).toBe('Inspection cancelled');
    fireEvent.change(form.amount, { target: { value: '50001' } });
    fireEvent.change(form.reason, { target: { value: ' ' } });
    form.submit();
    expect(await screen.findByText('At most ₦50,000 is left to refund')).toBeTruthy();
    expect(screen.getByText('Reason is required')).toBeTruthy();
    expect(form.amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(form.amount, { target: { value: '12.5' } });
    form.submit();
    expect(await screen.findByText('Amount must be whole naira, without kobo')).toBeTruthy();
    fireEvent.change(form.amount, { target: { value: '1,00' } });
    expect(
      await screen.findByText('Amount must be whole naira with thousands in groups of three, like 100,000'),
    ).toBeTruthy();
    fireEvent.change(form.amount, { target: { value: '₦50,001' } });
    expect(await screen.findByText('At most ₦50,000 is left to refund')).toBeTruthy();
    fireEvent.change(form.amount, { target: { value: '0' } });
    expect(await screen.findByText('Amount must be at least ₦1')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends a partial refund and shows the server’s refusal under the amount', async () => {
    const { calls } = mockFetch({
      status: 409,
      body: apiError(409, 'A refund of this payment is already with the provider. Wait for it to finish.'),
    });
    const form = renderDialog();
    // Typed as people write it: read as ₦20,000 and sent as a number.
    fireEvent.change(form.amount, { target: { value: '₦20,000' } });
    form.submit();
    expect(await screen.findByText(/already with the provider/)).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/admin/refunds',
        body: { reference: 'SN-AF-1', amount: 20_000, reason: 'Inspection cancelled' },
      },
    ]);
    expect(form.onClose).not.toHaveBeenCalled();
  });
});
