import type { BookingListItem } from '@studynest/contracts';
import { BOOKING_STATUS_LABELS, INSPECTION_SLOTS } from '@studynest/contracts/constants';
import { AdminTable, TwoLines } from '../../../components/ui/admin-table.tsx';
import { formatInspection } from '../../../lib/format.ts';

/** Soonest inspection first: by date, then by the slot's place in the day. */
export function byInspectionTime(a: BookingListItem, b: BookingListItem): number {
  const [da = '', sa = ''] = a.inspection_date_time.split('_');
  const [db = '', sb = ''] = b.inspection_date_time.split('_');
  if (da !== db) return da < db ? -1 : 1;
  return (
    INSPECTION_SLOTS.indexOf(sa as (typeof INSPECTION_SLOTS)[number]) -
    INSPECTION_SLOTS.indexOf(sb as (typeof INSPECTION_SLOTS)[number])
  );
}

const STATUS_TONE: Record<string, string> = {
  confirmed: 'badge-ok',
  inspected: 'badge-ok',
  success: 'badge-ok',
  pending: 'badge-warn',
  failed: 'badge-danger',
};
const PAYMENT_LABEL: Record<BookingListItem['payment_status'], string> = {
  success: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  none: 'Not paid',
};

function Pill({ value, label }: { value: string; label: string }) {
  return <span className={STATUS_TONE[value] ?? 'badge-muted'}>{label}</span>;
}

export function BookingTable({ bookings }: { bookings: BookingListItem[] }) {
  return (
    <AdminTable
      columns={[
        {
          header: 'Student',
          className: 'font-medium capitalize',
          cell: (b) => `${b.student.first_name} ${b.student.last_name}`,
        },
        {
          header: 'Contact',
          cell: (b) => (
            <>
              <a href={`mailto:${b.student.email}`} className="block break-all text-brand-700 underline">
                {b.student.email}
              </a>
              <a
                href={`tel:${b.student.phone_number}`}
                className="block whitespace-nowrap text-brand-700 underline"
              >
                {b.student.phone_number}
              </a>
            </>
          ),
        },
        {
          header: 'Hostel',
          cell: (b) => <TwoLines first={b.hostel.hostel_name} second={b.hostel.address} />,
        },
        {
          header: 'Room',
          cell: (b) => (
            <>
              <span className="block whitespace-nowrap capitalize">{b.room.room_number}</span>
              <span className="block text-xs text-muted capitalize">{b.room.unit}</span>
            </>
          ),
        },
        {
          header: 'Inspection Date & Time',
          cell: (b) => {
            const when = formatInspection(b.inspection_date_time);
            return (
              <>
                <span className="block">{when.date}</span>
                <span className="block whitespace-nowrap text-muted">{when.slot}</span>
              </>
            );
          },
        },
        { header: 'Status', cell: (b) => <Pill value={b.status} label={BOOKING_STATUS_LABELS[b.status]} /> },
        {
          header: 'Payment',
          cell: (b) => <Pill value={b.payment_status} label={PAYMENT_LABEL[b.payment_status]} />,
        },
      ]}
      label="Bookings table"
      minWidth="min-w-[60rem]"
      rows={bookings}
    />
  );
}
