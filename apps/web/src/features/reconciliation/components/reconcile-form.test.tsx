import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from '../../../testing/dom.ts';
import { ReconcileForm } from './reconcile-form.tsx';
import { run } from './reconciliation.fixtures.ts';

beforeEach(() => {
  // 10:00 in Lagos on 22 Nov 2026: yesterday is the 21st. Only the clock is fake.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T09:00:00.000Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderForm() {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ReconcileForm onDone={onDone} />
    </QueryClientProvider>,
  );
  return {
    onDone,
    day: screen.getByLabelText('Day (Lagos)') as HTMLInputElement,
    run: () => fireEvent.click(screen.getByRole('button', { name: 'Run reconciliation' })),
  };
}

describe('ReconcileForm', () => {
  it('starts at yesterday (Lagos), and refuses a day not begun yet or none before sending', async () => {
    const { calls } = mockFetch();
    const form = renderForm();
    expect(form.day.value).toBe('2026-11-21');
    expect(form.day.max).toBe('2026-11-22');
    fireEvent.change(form.day, { target: { value: '2026-11-23' } });
    form.run();
    expect(await screen.findByText(/Choose today or an earlier day/)).toBeTruthy();
    expect(form.day.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(form.day, { target: { value: '' } });
    expect(await screen.findByText('Choose the day to compare')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('runs the chosen day, says so while it runs, and hands over the finished run', async () => {
    const done = run({ _id: 'run-9', day: '2026-11-20' });
    // The provider takes its time: the answer comes when the test says.
    let answer: (res: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const form = renderForm();
    fireEvent.change(form.day, { target: { value: '2026-11-20' } });
    form.run();
    expect(await screen.findByRole('button', { name: 'Running…' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('form', { name: 'Run a reconciliation' }).getAttribute('aria-busy')).toBe('true');
    answer(
      new Response(JSON.stringify(done), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await waitFor(() => expect(form.onDone).toHaveBeenCalledWith(done));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual([
      '/api/admin/reconciliation',
      'POST',
      { date: '2026-11-20' },
    ]);
    expect(await screen.findByRole('button', { name: 'Run reconciliation' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("shows the server's refusal: a field's under the field, any other above nothing else", async () => {
    mockFetch(
      {
        status: 400,
        body: apiError(400, 'Invalid body', { fields: { date: 'date must be a date written YYYY-MM-DD' } }),
      },
      { status: 403, body: apiError(403, 'Only admins can do this') },
    );
    const form = renderForm();
    form.run();
    expect(await screen.findByText('date must be a date written YYYY-MM-DD')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    form.run();
    expect((await screen.findByRole('alert')).textContent).toBe('Only admins can do this');
    expect(form.onDone).not.toHaveBeenCalled();
  });
});
