import type { MaintenanceRequest, MaintenanceStatus } from '@studynest/contracts';
import { useId, useState } from 'react';
import { AdminTable, TwoLines } from '../../../components/ui/admin-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { useUpdateMaintenance } from '../api/maintenance-admin-queries.ts';
import {
  CATEGORY_SHORT,
  Deadline,
  History,
  Photos,
  STATUS_LABELS,
  StatusBadge,
  URGENCY_TEXT,
} from './maintenance-labels.tsx';

const COLUMNS = 6;

/**
 * The admins' queue in the server's order (unfinished first by deadline). A row's Details button
 * opens the description, photos, history and the actions beneath it, inside the same table, so the
 * queue keeps its place. On phones the table scrolls sideways in its own box; the first columns say
 * what and how urgent.
 */
export function MaintenanceQueue({ items }: { items: MaintenanceRequest[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const who = (r: MaintenanceRequest) => `${r.user.first_name} ${r.user.last_name}`;
  return (
    <AdminTable
      columns={[
        {
          header: 'Request',
          cell: (r) => {
            const open = openId === r._id;
            return (
              <>
                <span className="block font-medium">{CATEGORY_SHORT[r.category]}</span>
                <span
                  className={`block text-xs ${r.urgency === 'emergency' ? 'font-semibold text-danger-700' : 'text-muted'}`}
                >
                  {URGENCY_TEXT[r.urgency].label}
                </span>
                {/* First in the row, so a phone shows it without scrolling sideways. */}
                <button
                  type="button"
                  className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                  aria-expanded={open}
                  aria-controls={`${baseId}-${r._id}`}
                  aria-label={`${open ? 'Hide details' : 'Details'} of the ${CATEGORY_SHORT[r.category]} request from ${who(r)}`}
                  onClick={() => setOpenId(open ? null : r._id)}
                >
                  {open ? 'Hide' : 'Details'}
                </button>
              </>
            );
          },
        },
        { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
        { header: 'Deadline', className: 'whitespace-nowrap', cell: (r) => <Deadline request={r} /> },
        {
          header: 'Tenant',
          cell: (r) => (
            <>
              <span className="block capitalize">{who(r)}</span>
              <a href={`tel:${r.user.phone_number}`} className="block text-xs text-brand-700 underline">
                {r.user.phone_number}
              </a>
            </>
          ),
        },
        {
          header: 'Hostel / room',
          cell: (r) => (
            <TwoLines
              first={r.hostel.hostel_name}
              second={
                <span className="capitalize">
                  {r.room.room_number} · {r.room.unit}
                </span>
              }
            />
          ),
        },
        {
          header: 'Reported',
          className: 'whitespace-nowrap',
          cell: (r) => <time dateTime={r.created_at}>{formatLagosDateTime(r.created_at)}</time>,
        },
      ]}
      label="Maintenance table"
      minWidth="min-w-[48rem]"
      rows={items}
      rowClassName={(r) => (r.overdue ? 'bg-danger-50' : undefined)}
      after={(r) =>
        openId === r._id && (
          <tr id={`${baseId}-${r._id}`}>
            <td colSpan={COLUMNS} className="bg-subtle">
              {/* Pinned to the box's left edge at the box's width: on a phone the details read without scrolling sideways. */}
              <div className="sticky left-0 max-w-[min(48rem,calc(100vw-3.5rem))]">
                <RequestDetail request={r} />
              </div>
            </td>
          </tr>
        )
      }
    />
  );
}

/** What moves a request on from each status: open → in progress → done. */
const NEXT: Record<MaintenanceStatus, { status: MaintenanceStatus; label: string }[]> = {
  open: [
    { status: 'in_progress', label: 'Start work' },
    { status: 'done', label: 'Mark done' },
  ],
  in_progress: [{ status: 'done', label: 'Mark done' }],
  done: [],
};

function RequestDetail({ request: r }: { request: MaintenanceRequest }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const update = useUpdateMaintenance();
  const [saved, setSaved] = useState<string | null>(null);

  const act = (status: MaintenanceStatus) => {
    setSaved(null);
    update.mutate(
      { id: r._id, status, note: note.trim() || undefined },
      {
        onSuccess: (next) => {
          setNote('');
          setSaved(`Saved: ${STATUS_LABELS[next.status]}. The tenant has been e-mailed.`);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 py-2">
      <div>
        <h3 className="text-base">Description</h3>
        <p className="whitespace-pre-line break-words">{r.description}</p>
      </div>
      <p className="text-xs">
        <a href={`mailto:${r.user.email}`} className="break-all text-brand-700 underline">
          {r.user.email}
        </a>
      </p>
      <Photos photos={r.photos} label="Tenant's photos" />
      <div>
        <h3 className="mb-1 text-base">History</h3>
        <History history={r.history} />
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={noteId} className="label">
          Note for the tenant (optional)
        </label>
        <textarea
          id={noteId}
          rows={2}
          maxLength={1000}
          className="input"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {update.error && <Alert tone="error">{update.error.message}</Alert>}
        {saved && <Alert tone="success">{saved}</Alert>}
        <div className="flex flex-wrap gap-2">
          {NEXT[r.status].map((action) => (
            <button
              key={action.status}
              type="button"
              className={action.status === 'done' ? 'btn-primary' : 'btn-secondary'}
              disabled={update.isPending}
              onClick={() => act(action.status)}
            >
              {action.label}
            </button>
          ))}
          {/* A note without a status change is kept in the history too. */}
          <button
            type="button"
            className="btn-secondary"
            disabled={update.isPending}
            onClick={() => act(r.status)}
          >
            Add note only
          </button>
        </div>
      </div>
    </div>
  );
}
