import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../lib/auth-storage.ts';
import { apiError, mockFetch, polyfillDialog } from '../../../testing/dom.ts';
import { Component as Login } from './login.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: Login },
      { path: '/admin-dashboard', element: <h1>Admin dashboard</h1> },
      { path: '/admin-security', element: <h1>Two-step sign-in screen</h1> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const admin = (extra: Record<string, unknown> = {}) => ({
  token: 'token-1',
  user: {
    _id: 'a1',
    role: 'admin',
    first_name: 'kemi',
    last_name: 'ade',
    email: 'kemi@example.com',
    ...extra,
  },
});
const totpRequired = (fields?: Record<string, string>) => ({
  status: 401,
  body: apiError(401, 'Enter the 6-digit code from your authenticator app.', {
    code: 'totp_required',
    ...(fields ? { fields } : {}),
  }),
});

const fillCredentials = () => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Kemi@Example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
};
const logIn = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('Login with two-step sign-in', () => {
  it('asks for the authenticator code on totp_required and resubmits with it', async () => {
    const { calls } = mockFetch(
      totpRequired(),
      totpRequired({ totp: 'That code is not right. Try the one the app shows now.' }),
      { status: 200, body: admin() },
    );
    const router = renderLogin();
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    fillCredentials();
    logIn();

    // No error modal: the code field appears instead.
    const code = await screen.findByLabelText('Authenticator code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls[0]?.body).toEqual({ email: 'kemi@example.com', password: 'a-long-password' });

    // A wrong code: the server's reason on the field, still no modal.
    fireEvent.change(code, { target: { value: '111 111' } });
    expect((code as HTMLInputElement).value).toBe('111111');
    logIn();
    expect(await screen.findByText('That code is not right. Try the one the app shows now.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls[1]?.body).toEqual({
      email: 'kemi@example.com',
      password: 'a-long-password',
      totp: '111111',
    });

    fireEvent.change(code, { target: { value: '123456' } });
    logIn();
    await screen.findByRole('dialog', { name: 'Welcome back, kemi!' });
    expect(calls[2]?.body).toMatchObject({ totp: '123456' });
    expect(getSession()).toEqual({ token: 'token-1', userId: 'a1', role: 'admin' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'));
  });

  it('refuses a code that is not 6 digits before sending it', async () => {
    const { calls } = mockFetch(totpRequired());
    renderLogin();
    fillCredentials();
    logIn();
    fireEvent.change(await screen.findByLabelText('Authenticator code'), { target: { value: '123' } });
    logIn();
    expect(await screen.findByText('The code is 6 digits from your authenticator app')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('takes an admin who must still set it up to the two-step screen, not the dashboard', async () => {
    mockFetch({ status: 200, body: admin({ mfa_setup_required: true }) });
    const router = renderLogin();
    fillCredentials();
    logIn();
    await screen.findByRole('dialog', { name: 'Welcome back, kemi!' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-security'));
  });

  it('shows other failures in the error modal as before', async () => {
    mockFetch({ status: 401, body: apiError(401, 'The email or password is incorrect') });
    renderLogin();
    fillCredentials();
    logIn();
    const modal = await screen.findByRole('dialog', { name: 'Login failed' });
    expect(modal.textContent).toContain('The email or password is incorrect');
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
  });
});
