import type { ArrearsItem } from '@studynest/contracts';
import type { ReactNode } from 'react';
import { AdminTable, Person, TwoLines } from '../../../components/ui/admin-table.tsx';
import { formatLagosDate, formatLagosDateTime, formatNaira } from '../../../lib/format.ts';

/**
 * Tenants past their due date, most overdue first (the server's order). Like the other admin
 * tables, on narrow screens it scrolls sideways inside its own box, never the page; who, how late
 * and how much come first so a phone shows them without scrolling.
 */
export function ArrearsTable({
  items,
  rowActions,
}: {
  items: ArrearsItem[];
  /** Extra buttons per row (Send Email / Send SMS), from the screen that shows the table. */
  rowActions?: (a: ArrearsItem) => ReactNode;
}) {
  return (
    <AdminTable
      columns={[
        { header: 'Tenant', cell: (a) => <Person person={a.user} links /> },
        {
          header: 'Days overdue',
          className: 'font-semibold whitespace-nowrap text-danger-700',
          cell: (a) => `${a.daysOverdue} ${a.daysOverdue === 1 ? 'day' : 'days'}`,
        },
        { header: 'Amount owed', className: 'whitespace-nowrap', cell: (a) => formatNaira(a.amountOwed) },
        {
          header: 'Due date',
          className: 'whitespace-nowrap',
          cell: (a) => <time dateTime={a.rentDueDate}>{formatLagosDate(a.rentDueDate)}</time>,
        },
        {
          header: 'Last reminded',
          className: 'whitespace-nowrap',
          cell: (a) =>
            a.lastReminderAt ? (
              <time dateTime={a.lastReminderAt}>{formatLagosDateTime(a.lastReminderAt)}</time>
            ) : (
              <span className="text-muted">Not yet</span>
            ),
        },
        {
          header: 'Hostel',
          cell: (a) => <TwoLines first={a.hostel.hostel_name} second={a.hostel.address} />,
        },
        {
          header: 'Room',
          className: 'whitespace-nowrap capitalize',
          cell: (a) => (
            <>
              {a.room.room_number}
              <span className="block text-xs text-muted">{a.room.unit}</span>
            </>
          ),
        },
        rowActions && { header: 'Message', cell: rowActions },
      ]}
      label="Arrears table"
      minWidth="min-w-[44rem]"
      rows={items}
      rowKey={(a) => `${a.user._id}-${a.room._id}`}
      empty="No tenant is behind on rent."
    />
  );
}
