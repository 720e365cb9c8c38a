import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/dom.ts';
import { OpenDifferencesNotice } from './open-differences-notice.tsx';
import { run, settledDifference } from './reconciliation.fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderNotice = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <OpenDifferencesNotice />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const justNow = new Date().toISOString();

describe('OpenDifferencesNotice', () => {
  it('says how many differences are left to do, on which days, and links to the newest', async () => {
    mockFetch({ status: 200, body: [run({ started_at: justNow })] });
    renderNotice();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('1 difference with the payment provider to look at (21 Nov 2026).');
    expect(screen.getByRole('link', { name: 'Review reconciliation' }).getAttribute('href')).toBe(
      '/admin-reconciliation?run=run-1',
    );
  });

  it('shows nothing when recent runs left nothing to do', async () => {
    const { calls } = mockFetch({
      status: 200,
      body: [run({ started_at: justNow, differences: [settledDifference] })],
    });
    const { container } = renderNotice();
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(container.textContent).toBe('');
  });
});
