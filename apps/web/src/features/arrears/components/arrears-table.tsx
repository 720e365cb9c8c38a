import type { ArrearsItem } from '@studynest/contracts';
import { formatLagosDate, formatLagosDateTime, formatNaira } from '@studynest/contracts/format';
import type { ReactNode } from 'react';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';

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
    <ScrollTable label="Arrears table" tableClassName="min-w-[44rem]">
      <thead>
        <tr>
          <th scope="col">Tenant</th>
          <th scope="col">Days overdue</th>
          <th scope="col">Amount owed</th>
          <th scope="col">Due date</th>
          <th scope="col">Last reminded</th>
          <th scope="col">Hostel</th>
          <th scope="col">Room</th>
          {rowActions && <th scope="col">Message</th>}
        </tr>
      </thead>
      <tbody>
        {items.map((a) => (
          <tr key={`${a.user._id}-${a.room._id}`}>
            <td>
              <span className="block font-medium capitalize">
                {a.user.first_name} {a.user.last_name}
              </span>
              <a href={`mailto:${a.user.email}`} className="block text-xs break-all text-brand-700 underline">
                {a.user.email}
              </a>
              <a href={`tel:${a.user.phone_number}`} className="block text-xs text-brand-700 underline">
                {a.user.phone_number}
              </a>
            </td>
            <td className="font-semibold whitespace-nowrap text-danger-700">
              {a.daysOverdue} {a.daysOverdue === 1 ? 'day' : 'days'}
            </td>
            <td className="whitespace-nowrap">{formatNaira(a.amountOwed)}</td>
            <td className="whitespace-nowrap">
              <time dateTime={a.rentDueDate}>{formatLagosDate(a.rentDueDate)}</time>
            </td>
            <td className="whitespace-nowrap">
              {a.lastReminderAt ? (
                <time dateTime={a.lastReminderAt}>{formatLagosDateTime(a.lastReminderAt)}</time>
              ) : (
                <span className="text-muted">Not yet</span>
              )}
            </td>
            <td>
              <span className="block">{a.hostel.hostel_name}</span>
              <span className="block text-xs text-muted">{a.hostel.address}</span>
            </td>
            <td className="whitespace-nowrap capitalize">
              {a.room.room_number}
              <span className="block text-xs text-muted">{a.room.unit}</span>
            </td>
            {rowActions && <td>{rowActions(a)}</td>}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
