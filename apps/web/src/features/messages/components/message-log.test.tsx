import type { AdminMessageDetail } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/dom.ts';
import { MessageDetailView } from './message-detail.tsx';
import { MessageLogTable } from './message-log-table.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOSTEL = '0b6f1f5e-3c1a-4d2b-9a7e-1f2e3d4c5b6a';

const message: AdminMessageDetail = {
  id: 'm1',
  channel: 'email',
  audience: { type: 'hostel', hostel_id: HOSTEL },
  subject: 'Water off on Saturday',
  body: 'Hello {first_name}',
  sender: { _id: 'a1', name: 'grace admin' },
  created_at: '2026-11-25T08:30:00.000Z',
  recipients: 2,
  skipped: [{ user: { _id: 'u3', name: 'tunde bello' }, reason: 'Turned e-mails off' }],
  counts: { queued: 0, sending: 0, sent: 1, failed: 1, cancelled: 0 },
  deliveries: [
    {
      id: 'd1',
      user: { _id: 'u1', name: 'ada obi' },
      to: 'ada@example.com',
      status: 'sent',
      error: null,
      sent_at: '2026-11-25T08:31:00.000Z',
    },
    {
      id: 'd2',
      user: { _id: 'u2', name: 'chidi eze' },
      to: 'chidi@example.com',
      status: 'failed',
      error: 'Mailbox full',
      sent_at: null,
    },
  ],
};

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('MessageLogTable', () => {
  it('shows each send: what it said, how it went, when (Lagos), channel, audience in words, sender', () => {
    const { deliveries: _, ...summary } = message;
    const sms = {
      ...summary,
      id: 'm2',
      channel: 'sms' as const,
      subject: null,
      body: 'Rent is due\nPay at the office',
      audience: { type: 'users' as const, user_ids: [HOSTEL] },
    };
    wrap(
      <MessageLogTable
        messages={[summary, sms]}
        hostelName={(id) => (id === HOSTEL ? 'Green Court' : undefined)}
      />,
    );
    const [, first, second] = within(screen.getByRole('region', { name: 'Message log' })).getAllByRole('row');
    expect(first?.textContent).toContain('Water off on Saturday');
    expect(first?.textContent).toContain('1 sent1 failed0 queued');
    expect(first?.textContent).toContain('25 Nov 2026, 9:30');
    expect(first?.textContent).toContain('E-mail');
    expect(first?.textContent).toContain('Tenants of Green Court');
    expect(first?.textContent).toContain('grace admin');
    expect(
      within(first as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/admin-messages/m1');
    // A text has no subject: its first line stands for it.
    expect(within(second as HTMLElement).getByRole('link').textContent).toBe('Rent is due');
    expect(second?.textContent).toContain('One tenant');
  });
});

describe('MessageDetailView', () => {
  it('lists each recipient with status and failure reason, and retries the failed ones', async () => {
    const { calls } = mockFetch({ status: 200, body: { retried: 1 } }, { status: 200, body: [] });
    wrap(<MessageDetailView message={message} />);
    const rows = within(screen.getByRole('region', { name: 'Deliveries' })).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('ada obi');
    expect(rows[1]?.textContent).toContain('sent');
    expect(rows[2]?.textContent).toContain('failed');
    expect(rows[2]?.textContent).toContain('Mailbox full');
    expect(screen.getByText(/tunde bello/).parentElement?.textContent).toContain('Turned e-mails off');

    const retry = screen.getByRole('button', { name: 'Retry failed (1)' });
    fireEvent.click(retry);
    expect((await screen.findByText('1 delivery is queued again.')).textContent).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/admin/messages/m1/retry' });
  });

  it('offers no retry when nothing failed', () => {
    wrap(<MessageDetailView message={{ ...message, counts: { ...message.counts, failed: 0 } }} />);
    expect(screen.queryByRole('button', { name: /Retry failed/ })).toBeNull();
  });
});
