import type { ArrearsItem } from '@studynest/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { person, placement } from '../../../testing/fixtures.ts';
import { ArrearsTable } from './arrears-table.tsx';

const items: ArrearsItem[] = [
  {
    ...placement,
    rentDueDate: '2026-09-30',
    daysOverdue: 56,
    amountOwed: 650_000,
    lastReminderAt: '2026-11-24T08:00:00.000Z',
  },
  {
    ...placement,
    user: { ...person, _id: 'u2', first_name: 'Tunde', email: 'tunde@example.com' },
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
    const ada = rows.find((r) => r.textContent?.includes(person.email));
    const tunde = rows.find((r) => r.textContent?.includes('tunde@example.com'));
    expect(ada).toBeDefined();
    expect(within(ada as HTMLElement).getByText('₦650,000')).toBeTruthy();
    // 08:00 UTC is 9:00 am in Lagos; the due date is a calendar date and never shifts a day.
    expect(ada?.textContent).toMatch(/24 Nov 2026, 9:00/);
    expect(ada?.textContent).toMatch(/30 Sept? 2026/);
    expect(tunde?.textContent).toContain('Not yet');
    expect(tunde?.textContent).toContain('₦420,000');
  });
});
