import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../lib/auth-storage.ts';
import { flash } from '../../../lib/flash.ts';
import { apiError, mockFetch, polyfillDialog } from '../../../testing/dom.ts';
import { Component as Login } from './login.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  clearSession();
  flash(null);
  vi.unstubAllGlobals();
});

function renderLogin(entry = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: Login },
      { path: '/admin-dashboard', element: <h1>Admin dashboard</h1> },
      { path: '/admin-security', element: <h1>Two-step sign-in screen</h1> },
      { path: '/book-inspection/:roomId', element: <h1>Book Inspection</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: [entry] },
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
    // On to the dashboard at once, the spec's welcome shown there: no dialog to wait for or close.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'));
    await screen.findByRole('heading', { name: 'Admin dashboard' });
    expect(screen.getByRole('status').textContent).toBe('Welcome back, kemi!');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls[2]?.body).toMatchObject({ totp: '123456' });
    expect(getSession()).toEqual({ token: 'token-1', userId: 'a1', role: 'admin' });
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
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-security'));
  });
});

describe('Login errors are said on the form, not in a dialog', () => {
  it('puts a wrong password beside the password field and the cursor back in it', async () => {
    mockFetch({ status: 401, body: apiError(401, 'The email or password is incorrect') });
    const router = renderLogin();
    fillCredentials();
    logIn();
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    const described = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain('The email or password is incorrect');
    expect(document.activeElement).toBe(password);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says a refusal no field owns (too many tries) above the button, the cursor in the password', async () => {
    mockFetch({
      status: 429,
      body: apiError(429, 'Too many failed logins for this account. Try again in 15 minutes.'),
    });
    renderLogin();
    fillCredentials();
    logIn();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many failed logins for this account.');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a lost connection on the form too', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderLogin();
    fillCredentials();
    logIn();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent?.length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });
});

describe('Login on the way to booking a room', () => {
  const roomId = '0b6f3c1e-1111-4222-8333-944445555666';
  const hostelId = '7c1d2e3f-1111-4222-8333-944445555777';
  const student = {
    token: 'token-2',
    user: { _id: 's1', role: 'student', first_name: 'ada', last_name: 'obi', email: 'ada@example.com' },
  };

  it('says which room and hostel, keeps them on "Create an account", and goes back to the booking form', async () => {
    const { calls } = mockFetch(
      { status: 200, body: { _id: roomId, room_number: 'room 01', hostel: hostelId } },
      { status: 200, body: { _id: hostelId, hostel_name: 'Akoka Royal Lodge' } },
      { status: 200, body: student },
    );
    const router = renderLogin(`/login?next=${encodeURIComponent(`/book-inspection/${roomId}`)}`);
    // The room's words come from the API, not from the link.
    expect(
      await screen.findByText('Log in or create an account to book Room 01 at Akoka Royal Lodge.'),
    ).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([`/rooms/room/${roomId}`, `/hostels/${hostelId}`]);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/sign-up?next=${encodeURIComponent(`/book-inspection/${roomId}`)}`,
    );

    fillCredentials();
    logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/book-inspection/${roomId}`));
    expect(screen.getByRole('status').textContent).toBe('Welcome back, ada!');
  });

  it('says nothing of a room, and goes home, when `next` leads off the site', async () => {
    mockFetch({ status: 200, body: student });
    const router = renderLogin(`/login?next=${encodeURIComponent('//evil.example/book-inspection/1')}`);
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.queryByText(/create an account to book/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/sign-up');
    fillCredentials();
    logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
