import type { OwedPayment } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, polyfillDialog } from '../../../testing/dom.ts';
import { hostel, person, room } from '../../../testing/fixtures.ts';
import { canKeepRest, KeepRestDialog } from './keep-rest-dialog.tsx';

const partly: OwedPayment = {
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
  refunded_amount: 1_000,
  pending_amount: 0,
  remaining: 64_000,
};

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('KeepRestDialog', () => {
  it('is offered only for a partly refunded payment with nothing at the provider', () => {
    expect(canKeepRest(partly)).toBe(true);
    expect(canKeepRest({ ...partly, refunded_amount: 0, remaining: 65_000 })).toBe(false);
    expect(canKeepRest({ ...partly, pending_amount: 5_000, remaining: 59_000 })).toBe(false);
  });

  it('asks for the reason, says what is kept, and closes the payment', async () => {
    const { calls } = mockFetch({ status: 200, body: {} });
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <KeepRestDialog payment={partly} onClose={onClose} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/nothing more of this payment can be refunded/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Keep ₦64,000 and close' });
    // The way out is not a second "close" beside "… and close".
    expect(screen.getByRole('button', { name: 'Leave it open' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(submit);
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'The inspection took place' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/admin/refunds/close',
        body: { reference: 'SN-AF-1', reason: 'The inspection took place' },
      },
    ]);
  });
});
