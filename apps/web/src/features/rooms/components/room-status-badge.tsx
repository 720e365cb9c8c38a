import { ROOM_STATUS_LABELS, type RoomStatus } from '@studynest/contracts/constants';

const TONES: Record<RoomStatus, string> = {
  available: 'badge-ok',
  booked: 'badge-warn',
  rented: 'badge-danger',
};

export function RoomStatusBadge({ status }: { status: RoomStatus }) {
  return <span className={TONES[status]}>{ROOM_STATUS_LABELS[status]}</span>;
}
