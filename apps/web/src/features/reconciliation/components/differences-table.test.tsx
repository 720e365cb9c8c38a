import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DifferencesTable } from './differences-table.tsx';
import { openDifference, settledDifference } from './reconciliation.fixtures.ts';

afterEach(cleanup);

describe('DifferencesTable', () => {
  it('shows each difference: its kind, reference, both sides in naira, what to do and whether it was settled', () => {
    render(<DifferencesTable day="2026-11-21" items={[openDifference, settledDifference]} />);
    const region = screen.getByRole('region', { name: 'Differences on 21 Nov 2026' });
    expect(region.getAttribute('tabindex')).toBe('0');
    const [, open, settled] = within(region).getAllByRole('row');
    expect(within(open!).getByRole('rowheader').textContent).toBe(
      'Paid at the provider, unknown to StudyNest',
    );
    expect(open!.textContent).toContain('SN-AF-NOT-OURS');
    expect(open!.textContent).toContain('No record');
    expect(open!.textContent).toContain('₦15,000');
    expect(open!.textContent).toContain('refund it there');
    expect(within(open!).getByText('To do')).toBeTruthy();
    expect(within(settled!).getByRole('rowheader').textContent).toBe(
      'Paid at the provider, not recorded as paid here',
    );
    expect(within(settled!).getAllByText('₦20,000')).toHaveLength(2);
    expect(within(settled!).getByText('pending')).toBeTruthy();
    expect(within(settled!).getByText('Settled automatically')).toBeTruthy();
    // Phones get one card per difference, with the same words.
    const cards = screen.getByRole('list', { name: 'Differences on 21 Nov 2026' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(cards)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual([
      'Paid at the provider, unknown to StudyNest',
      'Paid at the provider, not recorded as paid here',
    ]);
  });

  it('names a refund difference by the provider refund id too, and says when a side has nothing', () => {
    render(
      <DifferencesTable
        day="2026-11-21"
        items={[
          {
            ...openDifference,
            _id: 'd3',
            kind: 'refund_missing_theirs',
            provider_refund_id: '77001',
            ours: { status: 'processed', amount: 5_000 },
            theirs: null,
          },
        ]}
      />,
    );
    const row = within(screen.getByRole('region')).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Refunded here, not at the provider');
    expect(row.textContent).toContain('Refund 77001');
    expect(row.textContent).toContain('Not listed');
  });

  it('says there were no differences on that day', () => {
    render(<DifferencesTable day="2026-11-21" items={[]} />);
    expect(screen.getByText('No differences on 21 Nov 2026.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
