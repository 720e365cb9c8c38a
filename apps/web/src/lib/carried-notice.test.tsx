import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeBanner } from '../components/ui/notice-banner.tsx';
import { carryNotice, useCarriedNotice } from './carried-notice.ts';
import { NOTICE_MS, useTimedNotice } from './use-timed-notice.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Form() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() =>
        navigate('/list', carryNotice({ tone: 'success', message: 'Room Updated Successfully' }))
      }
    >
      Save
    </button>
  );
}

function List() {
  const { notice, show } = useTimedNotice();
  useCarriedNotice(show);
  return (
    <>
      <h1>Room Management</h1>
      <NoticeBanner notice={notice} />
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/form', Component: Form },
      { path: '/list', Component: List },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a notice carried to the next screen', () => {
  it('changes screen at once and shows the notice there, announced, for the spec’s time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Room Management' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Room Updated Successfully');
    // The history entry no longer carries it: a reload or coming back does not show it again.
    expect(router.state.location.state).toBeNull();
    act(() => {
      vi.advanceTimersByTime(NOTICE_MS.saved);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing on a screen reached without one', async () => {
    const router = renderApp();
    await act(() => router.navigate('/list'));
    expect(await screen.findByRole('heading', { name: 'Room Management' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
