import type { MoveOutStatement as Statement } from '@studynest/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { placement } from '../../../testing/fixtures.ts';
import { MoveOutStatement } from './move-out-statement.tsx';

afterEach(cleanup);

const statement: Statement = {
  tenancy_id: 't1',
  ...placement,
  start_date: '2026-01-10',
  moved_out_on: '2026-11-20',
  reason: 'breach',
  note: null,
  deposit_held: 50_000,
  deductions: [{ description: 'Rent left unpaid, part 2 of 2', amount: 50_000, condition_item: null }],
  deductions_total: 50_000,
  deposit_returned: 0,
  refund: null,
  rent_unpaid: 120_000,
  recorded_at: '2026-11-20T10:00:00Z',
};

describe('MoveOutStatement', () => {
  it('shows the rent of the plan left unpaid apart from the deposit, beside the deduction made for it', () => {
    render(<MoveOutStatement statement={statement} />);
    const card = screen.getByRole('region', { name: 'Move-out statement' });
    expect(Array.from(card.querySelectorAll('tbody tr'), (tr) => tr.textContent)).toEqual([
      'Caution deposit held₦50,000',
      'Less: Rent left unpaid, part 2 of 2−₦50,000',
      'Returned to you₦0',
    ]);
    expect(card.textContent).toContain(
      'Rent of your plan due by the day you left and not paid: ₦120,000 (before any deduction for it above).',
    );
  });

  it('says nothing of rent when none was left unpaid', () => {
    render(
      <MoveOutStatement statement={{ ...statement, deductions: [], deductions_total: 0, rent_unpaid: 0 }} />,
    );
    expect(screen.getByRole('region', { name: 'Move-out statement' }).textContent).not.toContain(
      'Rent of your plan',
    );
  });
});
