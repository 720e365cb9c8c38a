import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/dom.ts';
import { ReportForm } from './report-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The form sends through XMLHttpRequest (for upload progress): one scripted answer to it. */
function answerUploads(status: number, body: unknown) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

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

  it("shows the server's 429 in words, with the helpline, and keeps what the tenant wrote", async () => {
    const message =
      'You already have 10 maintenance reports we have not finished. We will take a new one as soon as one of them is done. If anyone is in danger (a live wire, fire or flooding), call our 24/7 helpline on 0800 000 0000 now.';
    const sent = answerUploads(429, { statusCode: 429, error: 'Too Many Requests', message });
    mockFetch();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReportForm />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('What is the problem?'), { target: { value: 'electrical' } });
    const description = 'Exposed live wire in the corridor, sparking.';
    fireEvent.change(screen.getByLabelText('Describe it'), { target: { value: description } });
    fireEvent.click(screen.getByRole('radio', { name: /Emergency/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(sent).toHaveLength(1);
    expect((screen.getByLabelText('Describe it') as HTMLTextAreaElement).value).toBe(description);
    expect(screen.queryByText(/Thank you: your report is in/)).toBeNull();
  });
});
