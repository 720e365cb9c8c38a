import type { MaintenanceRequest } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/dom.ts';
import { hostel, person, room } from '../../../testing/fixtures.ts';
import { Component as MaintenancePage } from './maintenance.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request = (n: number): MaintenanceRequest => ({
  _id: `m${n}`,
  category: 'plumbing',
  description: `Leak number ${n} in the kitchen.`,
  urgency: n === 0 ? 'emergency' : 'normal',
  status: 'open',
  photos: [],
  hostel,
  room: { _id: room._id, room_number: room.room_number, unit: room.unit },
  user: person,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  due_by: '2026-11-27T08:00:00.000Z',
  overdue: false,
  history: [{ status: 'open', note: null, at: '2026-11-20T08:00:00.000Z' }],
});
const page = (from: number, count: number, total: number) => ({
  status: 200,
  body: Array.from({ length: count }, (_, i) => request(from + i)),
  headers: { 'x-total-count': String(total) },
});

const renderPage = (url = '/admin-maintenance') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <MaintenancePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/admin-maintenance', () => {
  it('shows the total and pages through the queue with Previous and Next, disabled at the ends', async () => {
    const { calls, queue } = mockFetch({ status: 200, body: [hostel] }, page(0, 50, 120));
    renderPage();
    expect(await screen.findByText('Showing 1–50 of 120')).toBeTruthy();
    const queueCalls = () => calls.filter((c) => c.path.startsWith('/admin/maintenance'));
    expect(queueCalls().map((c) => c.path)).toEqual(['/admin/maintenance?limit=50&offset=0']);
    const pages = screen.getByRole('navigation', { name: 'Maintenance pages' });
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(pages.contains(next)).toBe(true);
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    expect((next as HTMLButtonElement).disabled).toBe(false);

    queue(page(50, 50, 120));
    fireEvent.click(next);
    expect(await screen.findByText('Showing 51–100 of 120')).toBeTruthy();
    queue(page(100, 20, 120));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 101–120 of 120')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
    expect(queueCalls().map((c) => c.path)).toEqual([
      '/admin/maintenance?limit=50&offset=0',
      '/admin/maintenance?limit=50&offset=50',
      '/admin/maintenance?limit=50&offset=100',
    ]);

    // A filter keeps to itself and starts again at its first page; paging keeps the filter.
    queue(page(0, 50, 60));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    expect(await screen.findByText('Showing 1–50 of 60')).toBeTruthy();
    queue(page(50, 10, 60));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–60 of 60')).toBeTruthy();
    expect(
      queueCalls()
        .slice(3)
        .map((c) => c.path),
    ).toEqual([
      '/admin/maintenance?limit=50&offset=0&status=open',
      '/admin/maintenance?limit=50&offset=50&status=open',
    ]);
  });

  it('opens filtered to the status in the address (the admin home links there), ignoring an unknown one', async () => {
    const { calls } = mockFetch({ status: 200, body: [hostel] }, page(0, 3, 3));
    renderPage('/admin-maintenance?status=in_progress');
    expect(await screen.findByText('Showing 1–3 of 3')).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('in_progress');
    expect(calls.filter((c) => c.path.startsWith('/admin/maintenance')).map((c) => c.path)).toEqual([
      '/admin/maintenance?limit=50&offset=0&status=in_progress',
    ]);
    cleanup();

    mockFetch({ status: 200, body: [hostel] }, page(0, 3, 3));
    renderPage('/admin-maintenance?status=everything');
    expect(await screen.findByText('Showing 1–3 of 3')).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it('says so when nothing matches', async () => {
    mockFetch({ status: 200, body: [hostel] }, page(0, 0, 0));
    renderPage();
    expect(await screen.findByText('No maintenance requests.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Maintenance pages' })).toBeNull();
  });
});
