import type { Room } from '@studynest/contracts';
import { typedNaira } from '@studynest/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { QueryError } from '../../components/ui/alert.tsx';
import { PinIcon } from '../../components/ui/icons.tsx';
import { PhotoCarousel } from '../../components/ui/photo-carousel.tsx';
import { RatingBadge } from '../../components/ui/rating-badge.tsx';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { HostelReviewsSection } from '../../features/hostel-reviews/components/hostel-reviews-section.tsx';
import { hostelQueries, roomQueries } from '../../features/hostels/api/hostel-queries.ts';
import { HostelFacts, HostelStructuredData } from '../../features/hostels/components/hostel-facts.tsx';
import {
  HOSTEL_GONE_TITLE,
  HostelNotListed,
  isHostelGone,
} from '../../features/hostels/components/hostel-not-listed.tsx';
import { RoomList } from '../../features/rooms/components/room-list.tsx';
import { roomsForBudget } from '../../features/rooms/room-order.ts';
import { SaveButton } from '../../features/saved/components/save-button.tsx';
import { formatNaira } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The numbers a student scans first: how many rooms are free and the cheapest rent among them. */
function RoomsAtAGlance({ rooms }: { rooms: Room[] }) {
  const free = rooms.filter((r) => r.status === 'available');
  const from = free.length ? Math.min(...free.map((r) => r.price)) : null;
  return (
    <aside
      aria-label="Rooms at a glance"
      className="card flex flex-col gap-3 self-start lg:sticky lg:top-20 lg:mt-12"
    >
      <h2 className="text-lg">Rooms at a glance</h2>
      <p className="text-muted">
        <strong className="text-2xl text-ink">{free.length}</strong> of {rooms.length} room
        {rooms.length === 1 ? '' : 's'} available
      </p>
      {from !== null && (
        <p className="text-muted">
          Rent from <strong className="text-brand-800">{formatNaira(from)}</strong> per year
        </p>
      )}
      <p className="text-sm text-muted">
        Book a paid inspection of an available room; the agent fee is shown on each room.
      </p>
      <a href="#rooms-heading" className="btn-secondary hidden lg:flex">
        See the rooms
      </a>
    </aside>
  );
}

export function Component() {
  const { hostelId = '' } = useParams();
  const [search] = useSearchParams();
  const budget = typedNaira(search.get('max_price') ?? '');
  const hostel = useQuery(hostelQueries.detail(hostelId));
  const rooms = useQuery(roomQueries.byHostel(hostelId));
  useDocumentTitle(hostel.data?.hostel_name ?? (isHostelGone(hostel.error) ? HOSTEL_GONE_TITLE : 'Hostel'));

  // Both together (they are requested together): a rooms list arriving later would push the page about.
  if (hostel.isPending || rooms.isPending) return <PageLoading label="Loading hostel…" />;
  if (hostel.isError) {
    if (isHostelGone(hostel.error)) return <HostelNotListed />;
    return (
      <section className="container-page py-10">
        <QueryError error={hostel.error} retry={() => hostel.refetch()} />
      </section>
    );
  }
  const h = hostel.data;
  return (
    <div className="container-page grid gap-8 py-6 lg:grid-cols-[minmax(0,640px)_1fr] lg:py-10">
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl sm:text-3xl">{h.hostel_name}</h1>
        <p className="flex items-start gap-1 text-muted">
          <PinIcon className="mt-0.5 size-5 shrink-0" />
          <span>{h.address}</span>
        </p>
        <PhotoCarousel photos={h.photos} name={h.hostel_name} />
        {h.hostel_details && (
          <p className="leading-relaxed whitespace-pre-line text-ink">{h.hostel_details}</p>
        )}
        {h.rating && <RatingBadge rating={h.rating} />}
        <HostelFacts hostel={h} />
        <SaveButton target={{ hostel_id: h.id }} label="Save hostel" />
        <HostelStructuredData hostel={h} rents={(rooms.data ?? []).map((r) => r.price)} />
      </div>
      {rooms.data && rooms.data.length > 0 && <RoomsAtAGlance rooms={rooms.data} />}
      <section aria-labelledby="rooms-heading" className="flex scroll-mt-20 flex-col gap-4 lg:col-span-2">
        <h2 id="rooms-heading" className="scroll-mt-20 text-xl">
          Book Inspection
        </h2>
        {rooms.isError && <QueryError error={rooms.error} retry={() => rooms.refetch()} />}
        {budget !== null && rooms.data && rooms.data.length > 0 && (
          <p className="text-sm text-muted">
            Rooms free within your budget of {formatNaira(budget)} a year first.{' '}
            <Link to={paths.hostel.getHref(hostelId)} className="font-semibold text-brand-700 underline">
              Show in the hostel's order
            </Link>
          </p>
        )}
        {rooms.data && <RoomList rooms={roomsForBudget(rooms.data, budget)} />}
      </section>
      <div className="lg:col-span-2 lg:max-w-[640px]">
        <HostelReviewsSection hostelId={hostelId} rating={h.rating} />
      </div>
    </div>
  );
}
