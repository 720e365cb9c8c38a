import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryError } from '../../components/ui/alert.tsx';
import { PinIcon } from '../../components/ui/icons.tsx';
import { PageLoading, Spinner } from '../../components/ui/spinner.tsx';
import { hostelQueries, roomQueries } from '../../features/hostels/api/hostel-queries.ts';
import { PhotoCarousel } from '../../features/hostels/components/photo-carousel.tsx';
import { RoomList } from '../../features/rooms/components/room-list.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const { hostelId = '' } = useParams();
  const hostel = useQuery(hostelQueries.detail(hostelId));
  const rooms = useQuery(roomQueries.byHostel(hostelId));
  useDocumentTitle(hostel.data?.hostel_name ?? 'Hostel');

  if (hostel.isPending) return <PageLoading label="Loading hostel…" />;
  if (hostel.isError) {
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
        {h.hostel_details && <p className="leading-relaxed text-ink">{h.hostel_details}</p>}
      </div>
      <section aria-labelledby="rooms-heading" className="flex flex-col gap-4 lg:col-span-2">
        <h2 id="rooms-heading" className="text-xl">
          Book Inspection
        </h2>
        {rooms.isPending && <Spinner label="Loading rooms…" />}
        {rooms.isError && <QueryError error={rooms.error} retry={() => rooms.refetch()} />}
        {rooms.data && <RoomList rooms={rooms.data} />}
      </section>
    </div>
  );
}
