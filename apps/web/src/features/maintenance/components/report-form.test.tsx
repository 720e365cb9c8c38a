import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/dom.ts';
import { ReportForm } from './report-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReportForm', () => {
  it("checks with the contract's messages, focuses the first field to fix and sends nothing", async () => {
    const { calls } = mockFetch();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReportForm />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Describe it'), { target: { value: 'Leak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/^Choose what kind of problem it is/)).toBeTruthy();
    expect(screen.getByText('Describe the problem in a few words (at least 10 characters)')).toBeTruthy();
    expect(screen.getByText(/^Say whether it is an emergency or can wait/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('What is the problem?'));
    for (const radio of screen.getAllByRole('radio')) expect(radio.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('What is the problem?'), { target: { value: 'plumbing' } });
    await waitFor(() => expect(screen.queryByText(/^Choose what kind of problem it is/)).toBeNull());
    expect(calls).toEqual([]);
  });
});
