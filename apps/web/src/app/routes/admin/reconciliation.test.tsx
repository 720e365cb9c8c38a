import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  run,
  settledDifference,
} from '../../../features/reconciliation/components/reconciliation.fixtures.ts';
import { mockFetch } from '../../../testing/dom.ts';
import { Component as Reconciliation } from './reconciliation.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(entry = '/admin-reconciliation') {
  const router = createMemoryRouter([{ path: '/admin-reconciliation', Component: Reconciliation }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const newest = run();
const agreed = run({ _id: 'run-0', day: '2026-11-20', status: 'agreed', differences: [] });
const failed = run({
  _id: 'run-f',
  day: '2026-11-19',
  status: 'failed',
  error: 'Paystack is not answering',
  differences: [],
});

describe('/admin-reconciliation', () => {
  it('shows what the newest run found, and another run when chosen (its day with no differences said so)', async () => {
    mockFetch({ status: 200, body: [newest, agreed, failed] });
    const router = renderPage();
    expect(await screen.findByRole('heading', { name: '21 Nov 2026' })).toBeTruthy();
    expect(screen.getByText('3 here, 5 at the provider')).toBeTruthy();
    const differences = screen.getByRole('region', { name: 'Differences on 21 Nov 2026' });
    expect(within(differences).getAllByRole('row')).toHaveLength(3);

    const runs = screen.getByRole('region', { name: 'Latest reconciliation runs' });
    expect(within(runs).getByText('1 to do')).toBeTruthy();
    expect(within(runs).getByText('1 settled automatically')).toBeTruthy();
    fireEvent.click(within(runs).getByRole('button', { name: /^Show the run for 20 Nov 2026/ }));
    expect(await screen.findByText('No differences on 20 Nov 2026.')).toBeTruthy();
    expect(router.state.location.search).toBe('?run=run-0');
    expect(
      within(runs)
        .getByRole('button', { name: /20 Nov 2026/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(within(runs).getByRole('button', { name: /^Show the run for 19 Nov 2026/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Paystack is not answering');
  });

  it('opens the run named in the address, and shows a run made here at once', async () => {
    const made = run({ _id: 'run-new', day: '2026-11-18', differences: [settledDifference] });
    const { calls } = mockFetch(
      { status: 200, body: [newest, agreed] },
      { status: 200, body: made },
      { status: 200, body: [made, newest, agreed] },
    );
    renderPage('/admin-reconciliation?run=run-0');
    expect(await screen.findByText('No differences on 20 Nov 2026.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Day (Lagos)'), { target: { value: '2026-11-18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run reconciliation' }));
    expect(await screen.findByRole('heading', { name: '18 Nov 2026' })).toBeTruthy();
    expect(screen.getByText('Settled automatically', { selector: 'td span' })).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]).toEqual({ method: 'POST', path: '/admin/reconciliation', body: { date: '2026-11-18' } });
  });

  it('says when no run has happened yet, and still offers to run one', async () => {
    mockFetch({ status: 200, body: [] });
    renderPage();
    expect(await screen.findByText(/No reconciliation has run yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run reconciliation' })).toBeTruthy();
  });
});
