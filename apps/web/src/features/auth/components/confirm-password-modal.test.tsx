import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { isReauthCancelled, useReauth } from '../../../lib/use-reauth.ts';
import { apiError, mockFetch, polyfillDialog } from '../../../testing/dom.ts';
import { ConfirmPasswordModal } from './confirm-password-modal.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reauthRequired = {
  status: 403,
  body: apiError(403, 'For your safety, confirm your password to do this.', { code: 'reauth_required' }),
};

/** A screen with one sensitive action (deleting a user), wired as the admin screens do. */
function Harness() {
  const reauth = useReauth();
  const [outcome, setOutcome] = useState('');
  const remove = async () => {
    try {
      await reauth.run(() => api<void>('/user/u1', { method: 'DELETE' }));
      setOutcome('deleted');
    } catch (err) {
      setOutcome(isReauthCancelled(err) ? 'cancelled' : `failed: ${(err as Error).message}`);
    }
  };
  return (
    <QueryClientProvider client={new QueryClient()}>
      <button type="button" onClick={remove}>
        Delete user
      </button>
      <output>{outcome}</output>
      <ConfirmPasswordModal {...reauth.modal} />
    </QueryClientProvider>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Confirm your password' });
const outcome = () => document.querySelector('output')?.textContent;

describe('useReauth with ConfirmPasswordModal', () => {
  it('asks for the password on reauth_required, then retries the action once', async () => {
    const { calls } = mockFetch(
      reauthRequired,
      {
        status: 400,
        body: apiError(400, 'Wrong password', { fields: { password: 'The password is incorrect' } }),
      },
      { status: 200, body: { message: 'Password confirmed', confirmed_until: '2026-01-01T00:15:00Z' } },
      { status: 204 },
    );
    render(<Harness />);
    expect(document.querySelector('dialog')?.hasAttribute('open')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(dialog()).toBeTruthy());
    expect(outcome()).toBe('');

    // A wrong password shows on the field; the action is not retried.
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'not-it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The password is incorrect', {}, { timeout: 5_000 })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'the-right-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(outcome()).toBe('deleted'), { timeout: 5_000 });
    expect(document.querySelector('dialog')?.hasAttribute('open')).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /user/u1',
      'POST /auth/confirm-password',
      'POST /auth/confirm-password',
      'DELETE /user/u1',
    ]);
    expect(calls[2]?.body).toEqual({ password: 'the-right-one' });
  });

  it('cancel leaves things as they were: nothing retried, the caller told it was cancelled', async () => {
    const { calls } = mockFetch(reauthRequired);
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(dialog()).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(outcome()).toBe('cancelled'));
    expect(document.querySelector('dialog')?.hasAttribute('open')).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('retries only once: a second reauth_required is the outcome, not another prompt', async () => {
    const { calls } = mockFetch(
      reauthRequired,
      { status: 200, body: { message: 'Password confirmed', confirmed_until: '2026-01-01T00:15:00Z' } },
      reauthRequired,
    );
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(dialog()).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'the-right-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    // The form's checks load on first use (lazyZodResolver): on a busy machine that takes a while.
    await waitFor(
      () => expect(outcome()).toBe('failed: For your safety, confirm your password to do this.'),
      {
        timeout: 5_000,
      },
    );
    expect(document.querySelector('dialog')?.hasAttribute('open')).toBe(false);
    expect(calls).toHaveLength(3);
  });

  it('passes other failures straight through without asking for the password', async () => {
    mockFetch({ status: 409, body: apiError(409, 'The last admin cannot be deleted') });
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(outcome()).toBe('failed: The last admin cannot be deleted'));
    expect(document.querySelector('dialog')?.hasAttribute('open')).toBe(false);
  });
});
