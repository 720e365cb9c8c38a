import type { Profile } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, polyfillDialog } from '../../../testing/dom.ts';
import { hostel, room } from '../../../testing/fixtures.ts';
import { CancelInspection } from './cancel-inspection.tsx';

const payment: NonNullable<Profile['agentFeePayment']> = {
  status: 'success',
  payment_type: 'AGENT_FEE',
  amount: 45_000,
  reference: 'SN-AF-1',
  booking: { _id: 'b1', inspection_date_time: '2026-12-03_04:00pm - 04:30pm' },
  room: { ...room, room_number: 'room 03', agent_fee: 45_000, price: 300_000, caution_fee: 20_000 },
  hostel,
  booking_status: 'confirmed',
  cancel_until: '2026-12-02T15:00:00.000Z',
};
const now = new Date('2026-11-30T09:00:00.000Z');

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderIt = (p: typeof payment, depositPaid?: number) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CancelInspection payment={p} depositPaid={depositPaid} now={now} />
    </QueryClientProvider>,
  );

describe('CancelInspection', () => {
  it('says the caution deposit is refunded with the agent fee when one was paid', async () => {
    const { calls } = mockFetch({
      status: 200,
      body: { booking: { _id: 'b1' }, refund_amount: 65_000 },
    });
    renderIt(payment, 20_000);
    expect(
      screen.getByText(/your agent fee of ₦45,000 and caution deposit of ₦20,000 will then be refunded/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel inspection' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel this inspection?' });
    expect(confirm.textContent).toContain(
      'Your agent fee of ₦45,000 and caution deposit of ₦20,000 go to refunds: you will be e-mailed when they are paid back.',
    );
    // Both choices say what they do: no bare "Cancel" beside "Cancel inspection".
    const choices = [...confirm.querySelectorAll('button')].map((b) => b.textContent);
    expect(choices).toEqual(['Keep inspection', 'Cancel inspection']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel inspection' })[1] as HTMLElement);
    expect(await screen.findByText('Inspection cancelled. ₦65,000 will be refunded to you.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/bookings/b1/cancel', body: undefined }]);
  });

  it('speaks of the agent fee alone when no deposit was paid', () => {
    renderIt(payment);
    expect(screen.getByText(/; your agent fee of ₦45,000 will then be refunded\./)).toBeTruthy();
  });

  it('offers nothing once the student rented the room (the booking is inspected)', () => {
    const { container } = renderIt({ ...payment, booking_status: 'inspected', cancel_until: null }, 20_000);
    expect(container.innerHTML).toBe('');
  });
});
