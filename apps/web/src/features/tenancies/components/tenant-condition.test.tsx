import type { ConditionReport, Photo } from '@studynest/contracts';
import { DEFAULT_CONDITION_ITEMS } from '@studynest/contracts/condition-constants';
import { formatLagosDate } from '@studynest/contracts/format';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from '../../../testing/dom.ts';
import { TenantCondition } from './tenant-condition.tsx';

const photo: Photo = {
  _id: 'p1',
  src: '/api/condition-photos/p1.jpg?expires=1&sig=x',
  width: 800,
  height: 600,
  placeholder: '#785028',
  variants: [],
};

/** Her report as the API answers it. */
const report = (over: Partial<ConditionReport> = {}): ConditionReport => ({
  _id: 'r1',
  tenancy_id: 't1',
  version: 1,
  status: 'awaiting_confirmation',
  recorded_by: 'tenant',
  recorded_at: '2026-11-20T09:00:00.000Z',
  confirmed_at: null,
  items: [
    { _id: 'i1', name: 'Bed', state: 'good', note: null, photos: [] },
    { _id: 'i2', name: 'Wardrobe', state: 'damaged', note: 'Left door hinge loose', photos: [photo] },
  ],
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TenantCondition tenancyId="t1" />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('TenantCondition', () => {
  it('starts from the usual items; an item without a name is refused here, its message tied to it and focused', async () => {
    const { calls } = mockFetch({ status: 200, body: [] });
    renderPanel();
    expect((await screen.findByLabelText('Item 1', { exact: true })) as HTMLInputElement).toBeTruthy();
    expect(field('Item 1').value).toBe(DEFAULT_CONDITION_ITEMS[0]);
    fireEvent.change(field('Item 2'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for confirmation' }));

    const unnamed = field('Item 2');
    await waitFor(() => expect(document.activeElement).toBe(unnamed));
    expect(unnamed.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(unnamed)).toContain('Give this item a name, or remove it');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Mended, the message goes at once.
    fireEvent.change(unnamed, { target: { value: 'Mattress' } });
    expect(unnamed.getAttribute('aria-invalid')).toBe('false');
  });

  it('uploads a photo as it is chosen, refuses a file that is not a photo before sending it, and sends the report', async () => {
    const { calls, queue } = mockFetch({ status: 200, body: [] });
    renderPanel();
    const photos = (await screen.findByLabelText('Item 3: add photos')) as HTMLInputElement;
    expect(photos.accept).toContain('image/jpeg');

    fireEvent.change(photos, { target: { files: [new File(['x'], 'clip.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(/Not a photo: clip\.gif/)).toBeTruthy();
    expect(photos.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(photos)).toContain('Not a photo: clip.gif');
    expect(calls).toHaveLength(1);

    queue({ status: 201, body: [photo] });
    fireEvent.change(photos, {
      target: { files: [new File(['jpeg'], 'wardrobe.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByRole('img', { name: 'Wardrobe, photo 1' })).toBeTruthy();
    expect(photos.getAttribute('aria-invalid')).toBe('false');
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/tenancies/t1/condition/photos' });

    fireEvent.change(field('Item 3: state'), { target: { value: 'damaged' } });
    fireEvent.change(field('Item 3: note (optional)'), { target: { value: ' Left door hinge loose ' } });
    const sent = report();
    queue({ status: 201, body: sent }, { status: 200, body: [sent] });
    fireEvent.click(screen.getByRole('button', { name: 'Send for confirmation' }));

    expect(
      await screen.findByText('Sent. An admin of your hostel will check it and confirm it.'),
    ).toBeTruthy();
    const body = calls[2]!.body as {
      items: { name: string; state: string; note?: string; photo_ids: string[] }[];
    };
    expect(calls[2]).toMatchObject({ method: 'POST', path: '/tenancies/t1/condition' });
    expect(body.items).toHaveLength(DEFAULT_CONDITION_ITEMS.length);
    expect(body.items[2]).toEqual({
      name: 'Wardrobe',
      state: 'damaged',
      note: 'Left door hinge loose',
      photo_ids: ['p1'],
    });
    expect(body.items[0]).toEqual({ name: 'Bed', state: 'good', photo_ids: [] });
    expect(screen.getByText('Waiting for an admin to confirm.')).toBeTruthy();
    expect(screen.getByText(/recorded by you on/)).toBeTruthy();
    // Until an admin confirms, she may change it.
    fireEvent.click(screen.getByRole('button', { name: 'Change your report' }));
    expect(field('Item 2').value).toBe('Wardrobe');
  });

  it("puts the server's message on the field it names, and focuses it", async () => {
    mockFetch(
      { status: 200, body: [] },
      {
        status: 400,
        body: apiError(400, 'Item 1 (Bed) names a photo that was not uploaded', {
          fields: { 'items.0.note': 'Note must be 500 characters or fewer' },
        }),
      },
    );
    renderPanel();
    await screen.findByLabelText('Item 1', { exact: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send for confirmation' }));
    const note = field('Item 1: note (optional)');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(errorOf(note)).toContain('Note must be 500 characters or fewer');
    expect(screen.getByRole('alert').textContent).toContain('names a photo that was not uploaded');
  });

  it('shows a confirmed report read-only: its items and photos, the day, and whom to ask for a change', async () => {
    const confirmedAt = '2026-11-21T10:00:00.000Z';
    mockFetch({ status: 200, body: [report({ status: 'confirmed', confirmed_at: confirmedAt })] });
    renderPanel();
    expect(await screen.findByText(`Confirmed on ${formatLagosDate('2026-11-21')}.`)).toBeTruthy();
    expect(screen.getByText(/ask your hostel's admin to record a correction/)).toBeTruthy();
    expect(screen.getByText('Left door hinge loose', { exact: false })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Wardrobe, photo 1' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when the report cannot be read, and tries again', async () => {
    mockFetch(
      { status: 500, body: apiError(500, 'Something went wrong on our side. Please try again.') },
      { status: 200, body: [] },
    );
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Item 1', { exact: true })).toBeTruthy();
  });
});
