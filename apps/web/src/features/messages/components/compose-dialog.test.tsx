import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch, polyfillDialog } from '../../../testing/dom.ts';
import { ComposeDialog, type ComposeTarget } from './compose-dialog.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOSTEL = '0b6f1f5e-3c1a-4d2b-9a7e-1f2e3d4c5b6a';
const USER = '7d9e2c41-8b3f-4a6e-b5d1-0c2f4e6a8b9d';

const toHostel: ComposeTarget = {
  channel: 'email',
  audience: { type: 'hostel', hostel_id: HOSTEL },
  audienceLabel: 'Tenants of Green Court Lodge',
};
const toOne: ComposeTarget = {
  channel: 'sms',
  audience: { type: 'users', user_ids: [USER] },
  audienceLabel: 'Chiamaka Okafor',
};

function open(target: ComposeTarget, onClose = () => {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter>
        <ComposeDialog target={target} onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('ComposeDialog', () => {
  it('is a labelled modal with the audience in words; an e-mail has a subject, a text has none; focus starts in the form', () => {
    const dialog = open(toHostel);
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Send Email' })).toBe(dialog);
    expect(dialog.textContent).toContain('To: Tenants of Green Court Lodge');
    // Focus starts where one writes: the subject, or a text's message.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Subject'));
    cleanup();
    const sms = open(toOne);
    expect(screen.getByRole('dialog', { name: 'Send SMS' })).toBe(sms);
    expect(within(sms).queryByLabelText('Subject')).toBeNull();
    expect(document.activeElement).toBe(within(sms).getByLabelText('Message'));
  });

  it('counts characters and SMS segments as the admin types', () => {
    const dialog = open(toOne);
    const body = within(dialog).getByLabelText('Message');
    expect(dialog.textContent).toContain('0 / 1,600 characters · 0 SMS');
    type(body, 'a'.repeat(160));
    expect(dialog.textContent).toContain('160 / 1,600 characters · 1 SMS');
    type(body, 'a'.repeat(161));
    expect(dialog.textContent).toContain('161 / 1,600 characters · 2 SMS');
    // One naira sign makes the whole text UCS-2: 70 characters a part.
    type(body, `₦${'a'.repeat(70)}`);
    expect(dialog.textContent).toContain('71 / 1,600 characters · 2 SMS');
  });

  it('inserts a placeholder where the cursor is', () => {
    const dialog = open(toOne);
    const body = within(dialog).getByLabelText('Message') as HTMLTextAreaElement;
    type(body, 'Hello , your rent is due');
    body.setSelectionRange(6, 6);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert First name ({first_name})' }));
    expect(body.value).toBe('Hello {first_name}, your rent is due');
    expect(body.selectionStart).toBe(18);
  });

  it('checks with the contract before sending: nothing goes out with an empty message', async () => {
    const { calls } = mockFetch();
    const dialog = open(toHostel);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expect(await within(dialog).findByText('An e-mail needs a subject')).toBeTruthy();
    expect(within(dialog).getByText('Message is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    cleanup();
    const sms = open(toOne);
    type(within(sms).getByLabelText('Message'), 'x'.repeat(1_601));
    fireEvent.click(within(sms).getByRole('button', { name: 'Send SMS' }));
    expect(await within(sms).findByText('A text message must be at most 1600 characters')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('previews: how many get it, who is skipped and why, and the message as one of them reads it', async () => {
    const { calls } = mockFetch({
      status: 200,
      body: {
        recipients: 2,
        skipped: [{ user: { _id: 'u9', name: 'tunde bello' }, reason: 'Turned e-mails off' }],
        sample: { to: 'ada@example.com', name: 'Ada Obi', subject: 'Water', body: 'Hello Ada' },
      },
    });
    const dialog = open(toHostel);
    type(within(dialog).getByLabelText('Subject'), 'Water');
    type(within(dialog).getByLabelText('Message'), 'Hello {first_name}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(preview.textContent).toContain('E-mail to 2 people');
    expect(preview.textContent).toContain('tunde bello — Turned e-mails off');
    expect(preview.textContent).toContain('As Ada Obi gets it (ada@example.com)');
    expect(preview.textContent).toContain('Hello Ada');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/admin/messages/preview',
        body: {
          channel: 'email',
          audience: { type: 'hostel', hostel_id: HOSTEL },
          subject: 'Water',
          body: 'Hello {first_name}',
          news: false,
        },
      },
    ]);
    // Changing the words makes the preview stale: it goes.
    type(within(dialog).getByLabelText('Message'), 'Hello {first_name}!');
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'Preview' })).toBeNull());
  });

  it('sends, then says to how many and links to the log entry', async () => {
    const { calls } = mockFetch({ status: 202, body: { id: 'm1', recipients: 1, skipped: [] } });
    const dialog = open(toOne);
    type(within(dialog).getByLabelText('Message'), 'Open day on Friday');
    // Marketing is the admin's call: ticked, it goes only to people who said yes to news.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /This is news or an offer/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send SMS' }));
    const heading = await within(dialog).findByRole('heading', { name: 'Text message on its way' });
    expect(document.activeElement).toBe(heading);
    expect(dialog.textContent).toContain('Sending to 1 person (Chiamaka Okafor)');
    const link = within(dialog).getByRole('link', { name: 'Open in the message log' });
    expect(link.getAttribute('href')).toBe('/admin-messages/m1');
    expect(calls[0]?.body).toEqual({
      channel: 'sms',
      audience: { type: 'users', user_ids: [USER] },
      body: 'Open day on Friday',
      news: true,
    });
  });

  it("shows the server's reason when it refuses", async () => {
    mockFetch({
      status: 400,
      body: apiError(400, 'Nobody in this audience can get this message: No Nigerian mobile number'),
    });
    const dialog = open(toOne);
    type(within(dialog).getByLabelText('Message'), 'Hello');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send SMS' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Nobody in this audience can get this message: No Nigerian mobile number');
  });

  it('says so when the screen gave it recipients that cannot be used, and sends nothing', async () => {
    const { calls } = mockFetch();
    const dialog = open({ ...toOne, audience: { type: 'users', user_ids: ['not-an-id'] } });
    type(within(dialog).getByLabelText('Message'), 'Hello');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send SMS' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('These recipients cannot be used');
    expect(calls).toHaveLength(0);
  });

  it('closes on Escape (the dialog’s cancel)', () => {
    const onClose = vi.fn();
    const dialog = open(toOne, onClose);
    fireEvent(dialog, new Event('cancel'));
    expect(onClose).toHaveBeenCalled();
  });

  it('names its way out: "Close without sending", no bare "Cancel" beside "Send SMS"', () => {
    const onClose = vi.fn();
    const dialog = open(toOne, onClose);
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close without sending' }));
    expect(onClose).toHaveBeenCalled();
  });
});
