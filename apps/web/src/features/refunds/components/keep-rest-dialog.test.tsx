import type { OwedPayment } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch, polyfillDialog } from '../../../testing/dom.ts';
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

  it('sends a retry of the same closing under the same Idempotency-Key, another reason under a new one', async () => {
    const { calls } = mockFetch(
      { status: 503, body: apiError(503, 'The database is not answering; try again in a moment') },
      { status: 503, body: apiError(503, 'The database is not answering; try again in a moment') },
      { status: 200, body: {} },
    );
    const keys = () =>
      vi.mocked(fetch).mock.calls.map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <KeepRestDialog payment={partly} onClose={onClose} />
      </QueryClientProvider>,
    );
    const submit = screen.getByRole('button', { name: 'Keep ₦64,000 and close' });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'The inspection took place' } });
    fireEvent.click(submit);
    await waitFor(() => expect(calls).toHaveLength(1));
    await screen.findByText(/try again in a moment/);
    fireEvent.click(submit);
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'The visit went ahead' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, retry, changed] = keys();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    expect(changed).toMatch(/^[0-9a-f]{32}$/);
    expect(changed).not.toBe(first);
  });
});
