import { useQuery } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '../config/paths.ts';
import { hostelQueries, roomQueries } from '../features/hostels/api/hostel-queries.ts';

const capitalised = (text: string) => text.replace(/^\p{Ll}/u, (c) => c.toUpperCase());

/**
 * Why the account screen is in front of her, when she came from a room's Book Inspection: "Log in or
 * create an account to book Room 01 at Akoka Royal Lodge". The room and its hostel are asked of the
 * API (the hostel page has them cached already), never read from the link, so a link cannot make the
 * screen say anything else; "this room" meanwhile, or if the room is gone.
 */
export function BookingIntent({ next, lead }: { next: string | undefined; lead: string }) {
  const roomId =
    (next && matchPath(paths.bookInspection.path, next.split(/[?#]/)[0] ?? '')?.params.roomId) || '';
  const room = useQuery({ ...roomQueries.detail(roomId), enabled: Boolean(roomId), retry: false });
  const hostelId = room.data?.hostel ?? '';
  const hostel = useQuery({ ...hostelQueries.detail(hostelId), enabled: Boolean(hostelId), retry: false });
  if (!roomId) return null;
  const what = room.data ? capitalised(room.data.room_number) : 'this room';
  const where = hostel.data ? ` at ${hostel.data.hostel_name}` : '';
  return (
    <p className="mb-4 rounded-lg border border-brand-600/30 bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-800">
      {`${lead} to book ${what}${where}.`}
    </p>
  );
}
