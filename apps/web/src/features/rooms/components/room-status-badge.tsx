import { ROOM_STATUS_LABELS, type RoomStatus } from '@studynest/contracts/constants';

const STYLES: Record<RoomStatus, string> = {
  available: 'bg-ok-50 text-ok-700 ring-ok-700/25',
  booked: 'bg-warn-50 text-warn-700 ring-accent-600/30',
  rented: 'bg-danger-50 text-danger-700 ring-danger-600/25',
};

export function RoomStatusBadge({ status }: { status: RoomStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLES[status]}`}>
      {ROOM_STATUS_LABELS[status]}
    </span>
  );
}
