import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from '../../../testing/dom.ts';
import { DownloadMyData } from './download-my-data.tsx';

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pending = {
  _id: 'e1',
  status: 'pending',
  requested_at: '2026-11-27T09:00:00.000Z',
  ready_at: null,
  expires_at: null,
};

const renderIt = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DownloadMyData />
    </QueryClientProvider>,
  );

describe('Download my data', () => {
  it('asks for an export, says the link is on its way and shows it pending; the button waits meanwhile', async () => {
    const { calls } = mockFetch(
      { status: 200, body: [] },
      { status: 202, body: { message: "We'll e-mail you a link within a few minutes.", export: pending } },
      { status: 200, body: [pending] },
    );
    renderIt();
    const button = await screen.findByRole('button', { name: 'Download my data' });
    fireEvent.click(button);
    expect(await screen.findByText("We'll e-mail you a link within a few minutes.")).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your data exports' });
    expect(list.textContent).toContain('Being prepared (asked 27 Nov 2026, 10:00 am)');
    expect((screen.getByRole('button', { name: 'Download my data' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /user/data-exports',
      'POST /user/data-exports',
      'GET /user/data-exports',
    ]);
  });

  it('shows a ready export until when its link works, and the server’s reason when asking is refused', async () => {
    mockFetch(
      {
        status: 200,
        body: [
          {
            ...pending,
            status: 'ready',
            ready_at: '2026-11-27T09:01:00.000Z',
            expires_at: '2026-11-28T09:01:00.000Z',
          },
        ],
      },
      { status: 429, body: apiError(429, 'This account has asked for its data 5 times in the last day.') },
      { status: 200, body: [] },
    );
    renderIt();
    expect(
      await screen.findByText(/Ready: we e-mailed you a link\. It works until 28 Nov 2026, 10:01 am\./),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(/asked for its data 5 times/)).toBeTruthy();
  });
});
