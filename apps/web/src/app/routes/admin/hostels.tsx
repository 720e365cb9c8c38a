import type { HostelSummary } from '@studynest/contracts';
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
import { useDeleteHostel, useSetHostelClosed } from '../../../features/hostels/api/hostel-mutations.ts';
import { hostelQueries } from '../../../features/hostels/api/hostel-queries.ts';
import { useCarriedNotice } from '../../../lib/carried-notice.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';
import { useComposeMessage } from '../../compose-message.tsx';

const matches = (h: HostelSummary, q: string) =>
  h.hostel_name.toLowerCase().includes(q) || h.address.toLowerCase().includes(q);

function ClosedBadge() {
  return <span className="badge-danger ml-2 align-middle">Closed</span>;
}

export function Component() {
  useDocumentTitle('All Hostels');
  const hostels = useQuery(hostelQueries.adminList());
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [toggling, setToggling] = useState<string | null>(null);
  const remove = useDeleteHostel();
  const setClosed = useSetHostelClosed();
  const { notice, show } = useTimedNotice();
  useCarriedNotice(show);
  const { compose, dialog } = useComposeMessage();

  const all = hostels.data ?? [];
  const shown = query ? all.filter((h) => matches(h, query)) : all;

  const toggleClosed = (h: HostelSummary) => {
    setToggling(h._id);
    setClosed.mutate(
      { id: h._id, closed: !h.is_closed },
      {
        onSuccess: () =>
          show(
            {
              tone: 'success',
              message: h.is_closed ? `${h.hostel_name} is open again` : `${h.hostel_name} is closed`,
            },
            NOTICE_MS.saved,
          ),
        onError: (err) => show({ tone: 'error', message: err.message }, NOTICE_MS.error),
        onSettled: () => setToggling(null),
      },
    );
  };

  const deleting = useDeleteConfirm<HostelSummary>(remove, () =>
    show({ tone: 'success', message: 'Hostel Deleted Successfully!' }, NOTICE_MS.deleted, () =>
      hostels.refetch(),
    ),
  );

  const message = (h: HostelSummary, channel: 'email' | 'sms') =>
    compose({
      channel,
      audience: { type: 'hostel', hostel_id: h._id },
      audienceLabel: `Tenants of ${h.hostel_name}`,
    });
  /** "Send Email" / "Send SMS": a message to the hostel's tenants. */
  const messageButton = (h: HostelSummary, channel: 'email' | 'sms') => {
    const label = channel === 'email' ? 'Send Email' : 'Send SMS';
    return (
      <button
        type="button"
        className="btn-secondary whitespace-nowrap"
        aria-label={`${label} to the tenants of ${h.hostel_name}`}
        onClick={() => message(h, channel)}
      >
        {label}
      </button>
    );
  };

  const actions = (h: HostelSummary) => ({
    sendEmail: messageButton(h, 'email'),
    sendSms: messageButton(h, 'sms'),
    addRooms: (
      <Link
        to={paths.admin.addRoom.getHref(h._id)}
        className="btn-secondary whitespace-nowrap"
        aria-label={`Add rooms to ${h.hostel_name}`}
      >
        Add Rooms
      </Link>
    ),
    update: (
      <Link
        to={paths.admin.updateHostel.getHref(h._id)}
        className="btn-secondary whitespace-nowrap"
        aria-label={`Update ${h.hostel_name}`}
      >
        Update
      </Link>
    ),
    close: (
      <button
        type="button"
        className={`${h.is_closed ? 'btn-primary' : 'btn-secondary'} whitespace-nowrap`}
        disabled={toggling === h._id}
        aria-label={`${h.is_closed ? 'Reopen' : 'Close'} ${h.hostel_name}`}
        onClick={() => toggleClosed(h)}
      >
        {toggling === h._id ? 'Working…' : h.is_closed ? 'Reopen' : 'Close'}
      </button>
    ),
    delete: (
      <button
        type="button"
        className="btn-danger"
        aria-label={`Delete ${h.hostel_name}`}
        onClick={() => deleting.ask(h)}
      >
        Delete
      </button>
    ),
  });

  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl">All Hostels</h1>
          <p className="mt-1 text-muted">
            Total Hostels:{' '}
            <strong className="text-ink" data-testid="total-hostels">
              {hostels.data ? all.length : '…'}
            </strong>
          </p>
        </div>
        <SearchField
          label="Search by hostel name or address"
          showLabel
          placeholder="e.g. Akoka or Yaba"
          value={search}
          onSearch={setSearch}
          className="w-full sm:max-w-xs"
        />
      </div>

      {hostels.isPending && <Spinner label="Loading hostels…" />}
      {hostels.isError && <QueryError error={hostels.error} retry={() => hostels.refetch()} />}
      {hostels.data && all.length === 0 && (
        <div className="card flex flex-col items-start gap-3">
          <p className="text-muted">No hostels yet.</p>
          <Link to={paths.admin.createHostel.getHref()} className="btn-primary">
            Create Hostel
          </Link>
        </div>
      )}
      {hostels.data && all.length > 0 && shown.length === 0 && (
        <p className="card text-muted">No hostel name or address contains “{search.trim()}”.</p>
      )}
      {query && shown.length > 0 && (
        <p className="text-sm text-muted" aria-live="polite">
          Showing {shown.length} of {all.length}
        </p>
      )}

      {shown.length > 0 && (
        <AdminTable
          columns={[
            {
              header: 'Hostel Name',
              className: 'font-semibold text-ink',
              cell: (h) => (
                <>
                  {h.hostel_name}
                  {h.is_closed && <ClosedBadge />}
                </>
              ),
            },
            { header: 'Address', cell: (h) => h.address },
            { header: 'Add Rooms', cell: (h) => actions(h).addRooms },
            { header: 'Update', cell: (h) => actions(h).update },
            { header: 'Close', cell: (h) => actions(h).close },
            { header: 'Delete', cell: (h) => actions(h).delete },
            { header: 'Send Email', cell: (h) => actions(h).sendEmail },
            { header: 'Send SMS', cell: (h) => actions(h).sendSms },
          ]}
          label="Hostels table"
          rows={shown}
          rowClassName={(h) =>
            h.is_closed ? 'bg-subtle text-muted [&_td]:align-middle' : '[&_td]:align-middle'
          }
          // Phones: one card per hostel, its actions in a grid of full-size buttons.
          cards={{
            label: 'Hostels',
            className: (h) => (h.is_closed ? 'bg-subtle' : ''),
            render: (h) => {
              const a = actions(h);
              return (
                <>
                  <div>
                    <h2 className="text-base">
                      {h.hostel_name}
                      {h.is_closed && <ClosedBadge />}
                    </h2>
                    <p className="text-sm text-muted">{h.address}</p>
                  </div>
                  <div className="grid grid-cols-2 gap-2">
                    {a.addRooms}
                    {a.update}
                    {a.close}
                    {a.delete}
                    {a.sendEmail}
                    {a.sendSms}
                  </div>
                </>
              );
            },
          }}
        />
      )}

      {deleting.dialog('Delete this hostel?', { confirm: 'Delete Hostel', keep: 'Keep hostel' }, (h) => (
        <>
          <strong className="text-ink">{h.hostel_name}</strong> will be deleted with its rooms and photos.
          This cannot be undone. To hide it from students but keep its records, close it instead.
        </>
      ))}
      <NoticeBanner notice={notice} />
      {dialog}
    </section>
  );
}
