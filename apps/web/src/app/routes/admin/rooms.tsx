import type { RoomWithHostel } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { QueryError } from '../../../components/ui/alert.tsx';
import { useDeleteConfirm } from '../../../components/ui/delete-confirm.tsx';
import { NoticeBanner } from '../../../components/ui/notice-banner.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { roomQueries } from '../../../features/hostels/api/hostel-queries.ts';
import { useDeleteRoom } from '../../../features/rooms/api/room-mutations.ts';
import { RoomStatusBadge } from '../../../features/rooms/components/room-status-badge.tsx';
import { useCarriedNotice } from '../../../lib/carried-notice.ts';
import { formatNaira } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';

/** Counters over the rooms shown: anything neither available nor booked counts as occupied (docs/domain.md). */
function countRooms(rooms: RoomWithHostel[]) {
  const booked = rooms.filter((r) => r.status === 'booked').length;
  const occupied = rooms.filter((r) => r.status !== 'available' && r.status !== 'booked').length;
  return { total: rooms.length, booked, occupied, remaining: rooms.length - booked - occupied };
}

function Counter({ label, value, testId }: { label: string; value: number | string; testId: string }) {
  return (
    <div className="card flex flex-col gap-1 p-3 sm:p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function Component() {
  useDocumentTitle('Room Management');
  const rooms = useQuery(roomQueries.all());
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const remove = useDeleteRoom();
  const { notice, show } = useTimedNotice();
  useCarriedNotice(show);

  const all = rooms.data ?? [];
  const shown = query ? all.filter((r) => r.hostel.hostel_name.toLowerCase().includes(query)) : all;
  const counts = countRooms(shown);
  const loaded = Boolean(rooms.data);

  const deleting = useDeleteConfirm<RoomWithHostel>(remove, () =>
    show({ tone: 'success', message: 'Room Successfully Deleted!' }, NOTICE_MS.deleted, () =>
      rooms.refetch(),
    ),
  );

  const label = (r: RoomWithHostel) => `${r.room_number} in ${r.hostel.hostel_name}`;
  const updateLink = (r: RoomWithHostel) => (
    <Link
      to={paths.admin.updateRoom.getHref(r._id)}
      className="btn-secondary"
      aria-label={`Update ${label(r)}`}
    >
      Update
    </Link>
  );
  const deleteButton = (r: RoomWithHostel) => (
    <button
      type="button"
      className="btn-danger"
      aria-label={`Delete ${label(r)}`}
      onClick={() => deleting.ask(r)}
    >
      Delete
    </button>
  );

  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl">Room Management</h1>
        <SearchField
          label="Search by hostel name"
          showLabel
          placeholder="e.g. Akoka Royal Lodge"
          value={search}
          onSearch={setSearch}
          className="w-full sm:max-w-xs"
        />
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Room counts">
        <Counter label="Total Rooms" value={loaded ? counts.total : '…'} testId="total-rooms" />
        <Counter label="Total Booked" value={loaded ? counts.booked : '…'} testId="total-booked" />
        <Counter label="Total Occupied" value={loaded ? counts.occupied : '…'} testId="total-occupied" />
        <Counter label="Total Remaining" value={loaded ? counts.remaining : '…'} testId="total-remaining" />
      </dl>

      {rooms.isPending && <Spinner label="Loading rooms…" />}
      {rooms.isError && <QueryError error={rooms.error} retry={() => rooms.refetch()} />}
      {loaded && all.length === 0 && (
        <div className="card flex flex-col items-start gap-3">
          <p className="text-muted">No rooms yet. Add rooms from a hostel on All Hostels.</p>
          <Link to={paths.admin.hostels.getHref()} className="btn-primary">
            All Hostels
          </Link>
        </div>
      )}
      {loaded && all.length > 0 && shown.length === 0 && (
        <p className="card text-muted">No hostel name contains “{search.trim()}”.</p>
      )}

      {shown.length > 0 && (
        <AdminTable
          columns={[
            {
              header: 'Hostel Name',
              headerClassName: 'whitespace-nowrap',
              className: 'font-semibold text-ink',
              cell: (r) => r.hostel.hostel_name,
            },
            {
              header: 'Unit Type',
              headerClassName: 'whitespace-nowrap',
              className: 'capitalize',
              cell: (r) => r.unit,
            },
            {
              header: 'Room No.',
              headerClassName: 'whitespace-nowrap',
              className: 'whitespace-nowrap',
              cell: (r) => r.room_number,
            },
            ...(
              [
                ['Agent Fee', 'agent_fee'],
                ['Room Fee', 'price'],
                ['Caution Fee', 'caution_fee'],
              ] as const
            ).map(([header, fee]) => ({
              header,
              headerClassName: 'text-right whitespace-nowrap',
              className: 'text-right whitespace-nowrap',
              cell: (r: RoomWithHostel) => formatNaira(r[fee]),
            })),
            { header: 'Status', cell: (r) => <RoomStatusBadge status={r.status} /> },
            { header: 'Delete', cell: (r) => deleteButton(r) },
            { header: 'Update', cell: (r) => updateLink(r) },
          ]}
          label="Rooms table"
          rows={shown}
          rowClassName={() => '[&_td]:align-middle'}
          // Phones: one card per room, its fees as a list.
          cards={{
            label: 'Rooms',
            render: (r) => (
              <>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="text-base break-words">{r.hostel.hostel_name}</h2>
                    <p className="text-sm text-muted">
                      {r.room_number} · {r.unit}
                    </p>
                  </div>
                  <RoomStatusBadge status={r.status} />
                </div>
                <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">Agent fee</dt>
                  <dd className="text-right font-medium">{formatNaira(r.agent_fee)}</dd>
                  <dt className="text-muted">Room fee (per year)</dt>
                  <dd className="text-right font-medium">{formatNaira(r.price)}</dd>
                  <dt className="text-muted">Caution fee</dt>
                  <dd className="text-right font-medium">{formatNaira(r.caution_fee)}</dd>
                </dl>
                <div className="grid grid-cols-2 gap-2">
                  {deleteButton(r)}
                  {updateLink(r)}
                </div>
              </>
            ),
          }}
        />
      )}

      {deleting.dialog('Delete this room?', { confirm: 'Delete Room', keep: 'Keep room' }, (r) => (
        <>
          <strong className="text-ink">{label(r)}</strong> will be deleted. This cannot be undone.
        </>
      ))}
      <NoticeBanner notice={notice} />
    </section>
  );
}
