import type { MaintenanceRequest } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hostel, person, room } from '../../../testing/fixtures.ts';
import { MaintenanceQueue } from './maintenance-queue.tsx';
import { checkMaintenancePhotos } from './report-form.tsx';

const base = {
  photos: [],
  hostel,
  room: { _id: room._id, room_number: room.room_number, unit: room.unit },
  user: person,
  updated_at: '2026-11-20T08:00:00.000Z',
};

const items: MaintenanceRequest[] = [
  {
    ...base,
    _id: 'm1',
    category: 'water',
    description: 'No water from the tap since yesterday morning.',
    urgency: 'emergency',
    status: 'open',
    created_at: '2026-11-20T08:00:00.000Z',
    due_by: '2026-11-21T08:00:00.000Z',
    overdue: true,
    history: [{ status: 'open', note: null, at: '2026-11-20T08:00:00.000Z' }],
  },
  {
    ...base,
    _id: 'm2',
    category: 'furniture',
    description: 'The wardrobe door has come off its hinge.',
    urgency: 'normal',
    status: 'in_progress',
    created_at: '2026-11-24T10:00:00.000Z',
    due_by: '2026-12-01T10:00:00.000Z',
    overdue: false,
    history: [
      { status: 'open', note: null, at: '2026-11-24T10:00:00.000Z' },
      { status: 'in_progress', note: 'Carpenter on Thursday.', at: '2026-11-24T12:00:00.000Z' },
    ],
  },
];

const renderQueue = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MaintenanceQueue items={items} />
    </QueryClientProvider>,
  );

describe('MaintenanceQueue', () => {
  afterEach(cleanup);

  it('says "Overdue" in words on a late request, with deadlines in Lagos time', () => {
    renderQueue();
    const rows = screen.getAllByRole('row');
    const water = rows.find((r) => r.textContent?.includes('Water')) as HTMLElement;
    const furniture = rows.find((r) => r.textContent?.includes('Furniture')) as HTMLElement;
    expect(within(water).getByText('Overdue')).toBeTruthy();
    // 08:00 UTC is 9:00 am in Lagos.
    expect(water.textContent).toMatch(/21 Nov 2026, 9:00/);
    expect(within(furniture).queryByText('Overdue')).toBeNull();
    expect(furniture.textContent).toContain('In progress');
  });

  it('opens a row to its details and offers only the next steps', () => {
    renderQueue();
    const open = screen.getByRole('button', { name: /^Details of the Water request/ });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('No water from the tap since yesterday morning.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start work' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark done' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Details of the Furniture request/ }));
    expect(screen.queryByText('No water from the tap since yesterday morning.')).toBeNull();
    expect(screen.getByText('Carpenter on Thursday.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start work' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark done' })).toBeTruthy();
  });
});

describe('checkMaintenancePhotos', () => {
  const jpeg = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

  it('accepts up to three photos (JPEG, PNG, HEIC) and says what is wrong otherwise', () => {
    expect(checkMaintenancePhotos([jpeg('a.jpg'), jpeg('b.jpg')], 1)).toBeNull();
    expect(checkMaintenancePhotos([jpeg('a.jpg'), jpeg('b.jpg')], 2)).toMatch(/1 more can be added/);
    expect(checkMaintenancePhotos([jpeg('a.jpg')], 3)).toMatch(/Remove one to add another/);
    expect(checkMaintenancePhotos([new File(['x'], 'IMG_1.HEIC', { type: '' })], 0)).toBeNull();
    expect(checkMaintenancePhotos([new File(['x'], 'leak.pdf', { type: 'application/pdf' })], 0)).toMatch(
      /Not a photo: leak.pdf/,
    );
    expect(checkMaintenancePhotos([jpeg('big.jpg', 8 * 1024 * 1024 + 1)], 0)).toMatch(
      /8 MB or smaller. Too large: big.jpg/,
    );
  });
});
