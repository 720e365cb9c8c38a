import type { Tenant } from '@studynest/contracts';
import type { ReactNode } from 'react';
import { AdminTable, Person, TwoLines } from '../../../components/ui/admin-table.tsx';
import { formatLagosDate, formatNaira } from '../../../lib/format.ts';

/** Case-insensitive contains on name, e-mail, phone, hostel and room. */
export function tenantMatches(t: Tenant, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [
    `${t.user.first_name} ${t.user.last_name}`,
    t.user.email,
    t.user.phone_number,
    t.hostel.hostel_name,
    t.room.room_number,
    t.room.unit,
  ].some((v) => v.toLowerCase().includes(q));
}

function DaysLeft({ days }: { days: number }) {
  const tone = days < 0 ? 'text-danger-700' : days <= 30 ? 'text-warn-700' : 'text-ink';
  return (
    <span className={`font-semibold whitespace-nowrap ${tone}`}>{days < 0 ? `${-days} overdue` : days}</span>
  );
}

/** Admin dashboard: current tenants with their rent dates (the loaded list is shown: docs/domain.md, "Corrections to the original product"). */
export function TenantTable({
  tenants,
  rowActions,
}: {
  tenants: Tenant[];
  /** Buttons per row (Send Email / Send SMS, Move out), from the screen that shows the table. */
  rowActions?: (t: Tenant) => ReactNode;
}) {
  return (
    <AdminTable
      columns={[
        { header: 'Room', className: 'whitespace-nowrap capitalize', cell: (t) => t.room.room_number },
        { header: 'Full Name', cell: (t) => <Person person={t.user} /> },
        {
          header: 'Hostel',
          cell: (t) => <TwoLines first={t.hostel.hostel_name} second={t.hostel.address} />,
        },
        { header: 'Unit', className: 'capitalize', cell: (t) => t.room.unit },
        {
          header: 'Start Date',
          className: 'whitespace-nowrap',
          cell: (t) => formatLagosDate(t.rentStartDate),
        },
        {
          header: 'Due Date',
          className: 'whitespace-nowrap',
          cell: (t) => (
            <>
              {formatLagosDate(t.rentDueDate)}
              {t.notice && (
                <span className="block text-xs font-semibold text-warn-700">
                  Leaving {formatLagosDate(t.notice.move_out_on)}
                </span>
              )}
            </>
          ),
        },
        { header: 'Days Left', cell: (t) => <DaysLeft days={t.daysLeft} /> },
        {
          header: 'Amount Paid',
          className: 'whitespace-nowrap font-semibold',
          cell: (t) => formatNaira(t.amountPaid),
        },
        rowActions && { header: 'Actions', cell: rowActions },
      ]}
      label="Tenants table"
      minWidth="min-w-[56rem]"
      rows={tenants}
      rowKey={(t) => `${t.user._id}-${t.room._id}`}
    />
  );
}
