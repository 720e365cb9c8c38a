import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenDifferencesNotice } from './open-differences-notice.tsx';

afterEach(cleanup);

const renderNotice = (days: { day: string; run_id: string; open: number }[]) =>
  render(
    <MemoryRouter>
      <OpenDifferencesNotice days={days} />
    </MemoryRouter>,
  );

describe('OpenDifferencesNotice', () => {
  it('says how many differences are left to do, on which days, and links to the newest', () => {
    renderNotice([
      { day: '2026-11-21', run_id: 'run-2', open: 1 },
      { day: '2026-11-20', run_id: 'run-1', open: 2 },
    ]);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(
      '3 differences with the payment provider to look at (21 Nov 2026, 20 Nov 2026).',
    );
    expect(screen.getByRole('link', { name: 'Review reconciliation' }).getAttribute('href')).toBe(
      '/admin-reconciliation?run=run-2',
    );
  });

  it('shows nothing when recent runs left nothing to do', () => {
    const { container } = renderNotice([]);
    expect(container.textContent).toBe('');
  });
});
