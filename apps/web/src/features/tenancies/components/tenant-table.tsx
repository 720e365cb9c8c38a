import type { Tenant } from '@studynest/contracts';
import type { ReactNode } from 'react';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
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
    <ScrollTable label="Tenants table" tableClassName="min-w-[56rem]">
      <thead>
        <tr>
          <th scope="col">Room</th>
          <th scope="col">Full Name</th>
          <th scope="col">Hostel</th>
          <th scope="col">Unit</th>
          <th scope="col">Start Date</th>
          <th scope="col">Due Date</th>
          <th scope="col">Days Left</th>
          <th scope="col">Amount Paid</th>
          {rowActions && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {tenants.map((t) => (
          <tr key={`${t.user._id}-${t.room._id}`}>
            <td className="whitespace-nowrap capitalize">{t.room.room_number}</td>
            <td>
              <span className="block font-medium capitalize">
                {t.user.first_name} {t.user.last_name}
              </span>
              <span className="block text-xs break-all text-muted">{t.user.email}</span>
              <span className="block text-xs text-muted">{t.user.phone_number}</span>
            </td>
            <td>
              <span className="block">{t.hostel.hostel_name}</span>
              <span className="block text-xs text-muted">{t.hostel.address}</span>
            </td>
            <td className="capitalize">{t.room.unit}</td>
            <td className="whitespace-nowrap">{formatLagosDate(t.rentStartDate)}</td>
            <td className="whitespace-nowrap">
              {formatLagosDate(t.rentDueDate)}
              {t.notice && (
                <span className="block text-xs font-semibold text-warn-700">
                  Leaving {formatLagosDate(t.notice.move_out_on)}
                </span>
              )}
            </td>
            <td>
              <DaysLeft days={t.daysLeft} />
            </td>
            <td className="whitespace-nowrap font-semibold">{formatNaira(t.amountPaid)}</td>
            {rowActions && <td>{rowActions(t)}</td>}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
