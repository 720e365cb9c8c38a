import type { ArrearsItem } from '@studynest/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArrearsTable } from './arrears-table.tsx';

const person = (first: string, email: string) => ({
  _id: email,
  first_name: first,
  last_name: 'Okafor',
  email,
  phone_number: '08031234567',
});

const items: ArrearsItem[] = [
  {
    user: person('chiamaka', 'chiamaka.okafor@example.com'),
    hostel: { _id: 'h1', hostel_name: 'Green Court Lodge', address: '12 Ogui Road, Enugu' },
    room: { _id: 'r1', room_number: 'room 04', unit: 'self contain' },
    rentDueDate: '2026-09-30',
    daysOverdue: 56,
    amountOwed: 650_000,
    lastReminderAt: '2026-11-24T08:00:00.000Z',
  },
  {
    user: person('tunde', 'tunde@example.com'),
    hostel: { _id: 'h2', hostel_name: 'Unity Hostel', address: '3 Nsukka Road' },
    room: { _id: 'r2', room_number: 'room 01', unit: 'single room' },
    rentDueDate: '2026-11-24',
    daysOverdue: 1,
    amountOwed: 420_000,
    lastReminderAt: null,
  },
];

describe('ArrearsTable', () => {
  afterEach(cleanup);

  it('shows who owes what, how late, and when they were last told, in naira and Lagos time', () => {
    render(<ArrearsTable items={items} />);
    const rows = screen.getAllByRole('row');
    const chiamaka = rows.find((r) => r.textContent?.includes('chiamaka.okafor@example.com'));
    const tunde = rows.find((r) => r.textContent?.includes('tunde@example.com'));
    expect(chiamaka).toBeDefined();
    expect(within(chiamaka as HTMLElement).getByText('₦650,000')).toBeTruthy();
    // 08:00 UTC is 9:00 am in Lagos; the due date is a calendar date and never shifts a day.
    expect(chiamaka?.textContent).toMatch(/24 Nov 2026, 9:00/);
    expect(chiamaka?.textContent).toMatch(/30 Sept? 2026/);
    expect(tunde?.textContent).toContain('Not yet');
    expect(tunde?.textContent).toContain('₦420,000');
  });
});
