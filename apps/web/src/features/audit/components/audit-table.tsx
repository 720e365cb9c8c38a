import type { AuditEntry } from '@studynest/contracts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';

/** Plain words for the admin writes people look for most; any other action shows as recorded. */
const ACTION_LABELS: Record<string, string> = {
  'POST /api/auth/admin/signup': 'Created an admin',
  'POST /api/auth/mfa/setup': 'Started two-step set-up',
  'POST /api/auth/mfa/enable': 'Turned on two-step sign-in',
  'POST /api/auth/mfa/disable': 'Turned off two-step sign-in',
  'DELETE /api/user/:id': 'Deleted a user',
  'POST /api/user/:id/two-step/reset': "Reset an admin's two-step sign-in",
  'POST /api/hostels': 'Created a hostel',
  'PATCH /api/hostels/:id': 'Updated a hostel',
  'PUT /api/hostels/:id': 'Updated a hostel',
  'DELETE /api/hostels/:id': 'Deleted a hostel',
  'POST /api/hostels/:id/close': 'Closed a hostel',
  'POST /api/hostels/:id/reopen': 'Reopened a hostel',
  'POST /api/rooms': 'Added a room',
  'PATCH /api/rooms/:id': 'Updated a room',
  'PUT /api/rooms/:id': 'Updated a room',
  'PATCH /api/rooms/:id/status': 'Changed a room status',
  'DELETE /api/rooms/:id': 'Deleted a room',
  'PATCH /api/reviews/:id': 'Moderated a review',
  'PUT /api/reviews/:id': 'Moderated a review',
  'PUT /api/admin/settings': 'Changed the rent reminder settings',
};

/**
 * The admin activity log: every change an admin made (refused requests changed nothing and are not
 * recorded), newest first.
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <AdminTable
      columns={[
        {
          header: 'When',
          className: 'whitespace-nowrap',
          cell: (e) => <time dateTime={e.created_at}>{formatLagosDateTime(e.created_at)}</time>,
        },
        {
          header: 'Action',
          cell: (e) => (
            <>
              <span className="block font-medium">{ACTION_LABELS[e.action] ?? e.action}</span>
              {ACTION_LABELS[e.action] && (
                <span className="block font-mono text-xs text-muted">{e.action}</span>
              )}
            </>
          ),
        },
        {
          header: 'Admin',
          cell: (e) => (
            <>
              <span className="block break-all">{e.actor?.email ?? 'A deleted admin'}</span>
              <span className="block text-xs text-muted">{e.ip}</span>
            </>
          ),
        },
        { header: 'Target', className: 'font-mono text-xs break-all', cell: (e) => e.target_id ?? '—' },
      ]}
      label="Activity log table"
      minWidth="min-w-[44rem]"
      rows={entries}
    />
  );
}
