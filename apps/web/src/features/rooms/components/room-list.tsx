import type { Room } from '@studynest/contracts';
import { Link } from 'react-router';
import { PhotoCarousel } from '../../../components/ui/photo-carousel.tsx';
import { RentPlanTerms } from '../../../components/ui/rent-plan-terms.tsx';
import { paths } from '../../../config/paths.ts';
import { formatNaira } from '../../../lib/format.ts';
import { RoomStatusBadge } from './room-status-badge.tsx';

/** "room 01" as a person reads it: "Room 01". */
const roomName = (n: string) => n.charAt(0).toUpperCase() + n.slice(1);

/**
 * A card is the page's width on a phone (less the page's and the card's padding), so a 375 px phone
 * fetches the 480 px WebP; two or three cards share a row from 640 px on.
 */
const CARD_PHOTO_SIZES = '(min-width: 1024px) 300px, (min-width: 640px) 45vw, calc(100vw - 4rem)';

/**
 * The hostel page's 'Book Inspection' list: one card per room with its fees and the booking link.
 *
 * Booking is a plain link, the same for everyone: it works as an ordinary navigation on the
 * server-rendered page before the app has started, and it decides nothing from the session here. This
 * list is hydrated, and hydration renders the session store's server snapshot (signed out), so a
 * decision taken here could send a signed-in student to log in; the booking screen, rendered only in
 * the browser, reads the real session and sends a visitor who is signed out to log in (and back).
 */
export function RoomList({ rooms }: { rooms: Room[] }) {
  if (rooms.length === 0) return <p className="text-muted">No rooms are listed in this hostel yet.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rooms.map((room) => {
        const taken = room.status !== 'available';
        return (
          <li key={room._id} className="card flex flex-col gap-3" data-testid="room-card">
            {room.photos.length > 0 && (
              <PhotoCarousel
                photos={room.photos}
                name={roomName(room.room_number)}
                sizes={CARD_PHOTO_SIZES}
                priority={false}
                noun="photo"
                namedButtons
              />
            )}
            <div className="flex items-start justify-between gap-2">
              <h3 className="text-lg capitalize">{room.room_number}</h3>
              <RoomStatusBadge status={room.status} />
            </div>
            <p className="text-sm text-muted capitalize">{room.unit}</p>
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">Agent fee</dt>
              <dd className="text-right font-medium">{formatNaira(room.agent_fee)}</dd>
              <dt className="text-muted">Caution fee</dt>
              <dd className="text-right font-medium">{formatNaira(room.caution_fee)}</dd>
              <dt className="text-muted">Rent per year</dt>
              <dd className="text-right text-base font-bold text-brand-800">{formatNaira(room.price)}</dd>
            </dl>
            <RentPlanTerms plan={room.rent_plan} />
            {taken ? (
              <button type="button" className="btn-primary mt-auto w-full" disabled>
                {`Book Inspection (${room.status === 'booked' ? 'booked' : 'occupied'})`}
              </button>
            ) : (
              <Link to={paths.bookInspection.getHref(room._id)} className="btn-primary mt-auto w-full">
                Book Inspection
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
