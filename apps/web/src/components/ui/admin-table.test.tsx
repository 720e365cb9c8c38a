import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTable } from './admin-table.tsx';

afterEach(cleanup);

type Row = { id: string; name: string; amount: number };
const rows: Row[] = [
  { id: 'a', name: 'Ada', amount: 5 },
  { id: 'b', name: 'Bola', amount: 7 },
];

describe('AdminTable', () => {
  it('is a labelled, focusable region holding the columns in order, the first naming each row', () => {
    render(
      <AdminTable
        label="People table"
        caption="People and what they paid"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Name', rowHeader: true, cell: (r) => r.name },
          { header: 'Amount', className: 'text-right', cell: (r) => String(r.amount) },
          false,
        ]}
        footer={
          <tr>
            <th scope="row">All</th>
            <td>12</td>
          </tr>
        }
      />,
    );
    const region = screen.getByRole('region', { name: 'People table' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'People and what they paid' })).toBeTruthy();
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Amount']);
    expect(
      within(region)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Ada', 'Bola', 'All']);
    expect(within(region).getByRole('cell', { name: '7' }).className).toBe('text-right');
  });

  it('says so when there is nothing, instead of an empty table', () => {
    render(
      <AdminTable
        label="People table"
        rows={[]}
        rowKey={(r: Row) => r.id}
        columns={[]}
        empty="Nobody yet."
      />,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('Nobody yet.')).toBeTruthy();
  });

  it('shows each row as a card on phones when asked, with the table beside it for wider screens', () => {
    render(
      <AdminTable
        label="People table"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[{ header: 'Name', cell: (r) => r.name }]}
        cards={{ label: 'People', render: (r) => <h2>{r.name}</h2> }}
        after={(r) =>
          r.id === 'a' && (
            <tr>
              <td>Details of Ada</td>
            </tr>
          )
        }
      />,
    );
    const cards = screen.getByRole('list', { name: 'People' });
    expect(
      within(cards)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Ada', 'Bola']);
    expect(cards.className).toContain('md:hidden');
    const region = screen.getByRole('region', { name: 'People table' });
    expect(region.className).toContain('md:block');
    expect(
      within(region)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Name', 'Ada', 'Details of Ada', 'Bola']);
  });
});
