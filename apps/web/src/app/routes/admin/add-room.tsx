import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { NoticeBanner } from '../../../components/ui/notice-banner.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { hostelQueries } from '../../../features/hostels/api/hostel-queries.ts';
import { useCreateRoom } from '../../../features/rooms/api/room-mutations.ts';
import { emptyRoomValues, RoomForm } from '../../../features/rooms/components/room-form.tsx';
import { useCarriedNotice } from '../../../lib/carried-notice.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';

export function Component() {
  const { hostelId = '' } = useParams();
  const hostel = useQuery(hostelQueries.detail(hostelId));
  const create = useCreateRoom();
  const { notice, show } = useTimedNotice();
  useCarriedNotice(show);
  useDocumentTitle(hostel.data ? `Add Room: ${hostel.data.hostel_name}` : 'Add Room');

  return (
    <section className="card mx-auto flex max-w-3xl flex-col gap-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl">Building Management System / Add Room To Hostel</h1>
        {hostel.isPending && <Spinner label="Loading hostel…" />}
        {hostel.data && (
          <p className="text-lg font-semibold text-brand-800" data-testid="hostel-name">
            {hostel.data.hostel_name}
            <span className="block text-sm font-normal text-muted">{hostel.data.address}</span>
          </p>
        )}
      </div>
      {hostel.isError && <QueryError error={hostel.error} retry={() => hostel.refetch()} />}
      <RoomForm
        defaultValues={emptyRoomValues(hostelId)}
        hostelPlan={hostel.data?.rent_plan}
        submitLabel="Add Room"
        save={create.mutateAsync}
        onSaved={(reset) => {
          // The form stays in place, cleared for the next room.
          reset();
          show({ tone: 'success', message: 'Room Successfully Added' }, NOTICE_MS.saved);
        }}
      />
      <NoticeBanner notice={notice} />
    </section>
  );
}
