import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { PageLoading, Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { hostelQueries, roomQueries } from '../../../features/hostels/api/hostel-queries.ts';
import { useUpdateRoom } from '../../../features/rooms/api/room-mutations.ts';
import { RoomForm } from '../../../features/rooms/components/room-form.tsx';
import { RoomPhotos } from '../../../features/rooms/components/room-photos.tsx';
import { carryNotice } from '../../../lib/carried-notice.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function Component() {
  const { roomId = '' } = useParams();
  const navigate = useNavigate();
  const room = useQuery(roomQueries.detail(roomId));
  const hostel = useQuery({ ...hostelQueries.detail(room.data?.hostel ?? ''), enabled: Boolean(room.data) });
  const update = useUpdateRoom(roomId);
  const title = room.data ? `Updating ${room.data.unit}` : 'Update Room';
  useDocumentTitle(title);

  return (
    <section className="card mx-auto flex max-w-3xl flex-col gap-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl">{title}</h1>
        {hostel.isLoading && <Spinner label="Loading hostel…" />}
        {hostel.data && (
          <p className="text-lg font-semibold text-brand-800" data-testid="hostel-name">
            {hostel.data.hostel_name}
            <span className="block text-sm font-normal text-muted">
              {room.data?.room_number} · {hostel.data.address}
            </span>
          </p>
        )}
        {hostel.isError && <QueryError error={hostel.error} retry={() => hostel.refetch()} />}
      </div>
      {room.isPending && <PageLoading label="Loading room…" />}
      {room.isError && (
        <div className="flex flex-col gap-3">
          <QueryError error={room.error} retry={() => room.refetch()} />
          <Link to={paths.admin.rooms.getHref()} className="btn-secondary self-start">
            Back to Room Management
          </Link>
        </div>
      )}
      {room.data && (
        <RoomForm
          // Prefilled with the room's current values (docs/domain.md, "Corrections to the original product").
          key={room.data._id}
          defaultValues={{
            room_number: room.data.room_number,
            unit: room.data.unit,
            status: room.data.status,
            price: String(room.data.price),
            agent_fee: String(room.data.agent_fee),
            caution_fee: String(room.data.caution_fee),
            commission_fee: String(room.data.commission_fee),
            hostel: room.data.hostel,
            rent_plan: room.data.rent_plan_override ?? '',
          }}
          hostelPlan={hostel.data?.rent_plan}
          submitLabel="Update Room"
          save={update.mutateAsync}
          onSaved={() =>
            navigate(
              paths.admin.rooms.getHref(),
              carryNotice({ tone: 'success', message: 'Room Updated Successfully' }),
            )
          }
        />
      )}
      {room.data && <RoomPhotos room={room.data} />}
    </section>
  );
}
