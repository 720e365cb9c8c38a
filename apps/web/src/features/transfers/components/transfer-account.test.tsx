import type { Credit, DedicatedAccount } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from '../../../testing/dom.ts';
import { TransferAccount } from './transfer-account.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = (over: Partial<DedicatedAccount>): DedicatedAccount => ({
  state: 'none',
  bank_name: null,
  account_number: null,
  account_name: null,
  message: null,
  ...over,
});

const assigned = account({
  state: 'assigned',
  bank_name: 'Wema Bank',
  account_number: '9912345678',
  account_name: 'StudyNest/Ada Obi',
});

const credit = (over: Partial<Credit>): Credit => ({
  _id: 'c1',
  amount: 50_000,
  held: 50_000,
  status: 'held',
  received_at: '2026-11-26T09:00:00.000Z',
  reference: 'DVA-1',
  reason: '₦50,000 does not match anything you owe (₦650,000 rent is due)',
  sender: 'ADA OBI',
  receipts: [],
  ...over,
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TransferAccount />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('TransferAccount', () => {
  it('shows her bank, account number and name, copies the number, and lists only held credits', async () => {
    const { calls } = mockFetch(
      { status: 200, body: assigned },
      {
        status: 200,
        body: [credit({}), credit({ _id: 'c2', status: 'allocated', held: 0, reason: 'Paid rent' })],
      },
    );
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCard();
    expect(await screen.findByText('9912345678')).toBeTruthy();
    expect(screen.getByText('Wema Bank')).toBeTruthy();
    expect(screen.getByText('StudyNest/Ada Obi')).toBeTruthy();
    expect(screen.getByText(/oldest first/)).toBeTruthy();
    const held = await screen.findByRole('list', { name: 'Credits held' });
    expect(held.textContent).toBe(
      '₦50,000 held — ₦50,000 does not match anything you owe (₦650,000 rent is due)',
    );
    // A real bank's account: no pretend transfers.
    expect(screen.queryByLabelText('Send a test transfer of (₦)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByText('Copied')).toBeTruthy());
    expect(screen.getByText('Copied').getAttribute('role')).toBe('status');
    expect(writeText).toHaveBeenCalledWith('9912345678');
    expect(calls.map((c) => c.path)).toEqual(['/me/dedicated-account', '/me/credits']);
  });

  it('asks for an account number with the button, and shows the answer', async () => {
    const { calls } = mockFetch(
      { status: 200, body: account({ state: 'none' }) },
      { status: 200, body: account({ state: 'requested' }) },
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Get my account number' }));
    expect(await screen.findByText(/Your account number is being set up/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(calls[1]).toEqual({ method: 'POST', path: '/me/dedicated-account', body: undefined });
  });

  it('shows the server’s refusal when asking fails', async () => {
    mockFetch(
      { status: 200, body: account({ state: 'none' }) },
      { status: 409, body: apiError(409, 'Add your phone number to your profile first.') },
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Get my account number' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Add your phone number to your profile first.',
    );
  });

  it('says she gets one once she books, and shows the provider’s word when unavailable or failed', async () => {
    mockFetch({ status: 200, body: account({ state: 'not_eligible' }) });
    const first = renderCard();
    expect(await screen.findByText(/once you book a room/)).toBeTruthy();
    first.unmount();
    mockFetch({
      status: 200,
      body: account({ state: 'unavailable', message: 'Transfers are switched off.' }),
    });
    const second = renderCard();
    expect(await screen.findByText('Transfers are switched off.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    second.unmount();
    mockFetch({
      status: 200,
      body: account({ state: 'failed', message: 'The bank refused: name mismatch.' }),
    });
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toBe('The bank refused: name mismatch.');
  });

  it('in the sandbox, checks the test amount, sends it and says where it went', async () => {
    const { calls, queue } = mockFetch(
      { status: 200, body: { ...assigned, bank_name: 'StudyNest Sandbox Bank' } },
      { status: 200, body: [] },
    );
    renderCard();
    const amount = (await screen.findByLabelText('Send a test transfer of (₦)')) as HTMLInputElement;
    const send = screen.getByRole('button', { name: 'Send test transfer' });
    fireEvent.click(send);
    expect(await screen.findByText('Amount is required')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12.5' } });
    expect(await screen.findByText('Amount must be whole naira, without kobo')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    expect(await screen.findByText('Amount must be at least ₦1')).toBeTruthy();
    expect(calls).toHaveLength(2);
    queue({ status: 201, body: { reference: 'SBX-1', outcome: 'applied' } }, { status: 200, body: [] });
    fireEvent.change(amount, { target: { value: '₦65,000' } });
    fireEvent.click(send);
    expect(await screen.findByText(/₦65,000 paid what you owed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'your payment history' }).getAttribute('href')).toMatch(
      /^\/profile\/.*#payments$/,
    );
    expect(calls[2]).toEqual({ method: 'POST', path: '/sandbox/transfers', body: { amount: 65_000 } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/me/credits')).toHaveLength(2));
    // One that matches nothing: said so, and her credits, asked for again, show it held at once.
    queue(
      { status: 201, body: { reference: 'SBX-2', outcome: 'held' } },
      { status: 200, body: [credit({ held: 1_000, amount: 1_000 })] },
    );
    fireEvent.change(amount, { target: { value: '1000' } });
    fireEvent.click(send);
    expect(
      await screen.findByText('₦1,000 matched nothing you owe exactly, so it is held as your credit.'),
    ).toBeTruthy();
    expect(await screen.findByText('₦1,000 held')).toBeTruthy();
  });
});
