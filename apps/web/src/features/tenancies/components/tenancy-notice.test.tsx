import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from '../../../testing/dom.ts';
import { rentDetails } from '../../../testing/fixtures.ts';
import { TenancyNotice } from './tenancy-notice.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rent = rentDetails();

describe('TenancyNotice', () => {
  it('offers the earliest day, refuses one before it, and sends the day chosen', async () => {
    const { calls } = mockFetch({
      status: 200,
      body: { given_at: '2026-11-26T09:00:00.000Z', move_out_on: '2026-12-31' },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TenancyNotice rent={rent} />
      </QueryClientProvider>,
    );
    const day = screen.getByLabelText('Move-out day') as HTMLInputElement;
    expect(day.value).toBe('2026-12-26');
    fireEvent.change(day, { target: { value: '2026-12-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give notice' }));
    expect(await screen.findByText('Choose 26 Dec 2026 or later')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(day, { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give notice' }));
    await vi.waitFor(() =>
      expect(calls).toEqual([
        { method: 'POST', path: '/tenancy/notice', body: { move_out_on: '2026-12-31' } },
      ]),
    );
  });

  it('shows the limit per account when the server answers 429, and keeps the form', async () => {
    const message =
      'This account has given notice 5 times in the last hour, the most we allow. Try again in 42 minutes.';
    mockFetch({ status: 429, body: apiError(429, message), headers: { 'retry-after': '2520' } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TenancyNotice rent={rent} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Give notice' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Move-out day')).toBeTruthy();
  });
});
