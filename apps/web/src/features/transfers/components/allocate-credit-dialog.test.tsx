import type { AdminCredit, AmountDue } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch, polyfillDialog } from '../../../testing/dom.ts';
import { AllocateCreditDialog } from './allocate-credit-dialog.tsx';

const credit: AdminCredit = {
  _id: 'c1',
  amount: 400_000,
  held: 400_000,
  status: 'held',
  received_at: '2026-11-26T09:00:00.000Z',
  reference: 'DVA-1',
  reason: '₦400,000 does not match anything you owe',
  sender: 'ADA OBI',
  receipts: [],
  user: { _id: 'u1', name: 'Ada Obi', email: 'ada@example.com' },
};

const dues: AmountDue[] = [
  { key: 'rent:t1:2', kind: 'rent', label: 'Rent, part 2 of 3', amount: 300_000, due_on: '2026-12-01' },
  { key: 'rent:t1:3', kind: 'rent', label: 'Rent, part 3 of 3', amount: 450_000, due_on: '2027-03-01' },
];

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AllocateCreditDialog credit={credit} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Allocate' })) };
}

describe('AllocateCreditDialog', () => {
  it('lists what she owes with amount and due date, asks for a choice, sends it and closes', async () => {
    const { calls } = mockFetch({ status: 200, body: dues }, { status: 200, body: { ...credit } });
    const dialog = renderDialog();
    const group = await screen.findByRole('group', { name: 'What it pays for' });
    const options = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual([
      'Rent, part 2 of 3₦300,000, due 1 Dec 2026',
      'Rent, part 3 of 3₦450,000, due 1 Mar 2027 — more than is held',
    ]);
    // More than the credit holds cannot be chosen.
    expect(options[1]?.disabled).toBe(true);
    dialog.submit();
    expect(await screen.findByText('Choose what the credit pays for')).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.click(options[0] as HTMLInputElement);
    expect(screen.queryByText('Choose what the credit pays for')).toBeNull();
    dialog.submit();
    await vi.waitFor(() => expect(dialog.onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      { method: 'GET', path: '/admin/credits/c1/dues', body: undefined },
      { method: 'POST', path: '/admin/credits/c1/allocate', body: { due_key: 'rent:t1:2' } },
    ]);
  });

  it('shows the server’s refusal and stays open', async () => {
    mockFetch(
      { status: 200, body: dues },
      { status: 409, body: apiError(409, 'This credit has been allocated or refunded already.') },
    );
    const dialog = renderDialog();
    fireEvent.click(await screen.findByRole('radio', { name: /part 2 of 3/ }));
    dialog.submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This credit has been allocated or refunded already.',
    );
    expect(dialog.onClose).not.toHaveBeenCalled();
  });

  it('says so when nothing is due, with no Allocate button', async () => {
    mockFetch({ status: 200, body: [] });
    renderDialog();
    expect(await screen.findByText(/Nothing is due from her now/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allocate' })).toBeNull();
  });
});
