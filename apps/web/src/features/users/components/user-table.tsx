import type { User } from '@studynest/contracts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';

/**
 * The admin's user list. On narrow screens the table scrolls sideways inside its own box
 * (keyboard-focusable), never the page.
 */
export function UserTable({
  users,
  currentUserId,
  onDelete,
  onResetTwoStep,
}: {
  users: User[];
  currentUserId?: string;
  onDelete: (user: User) => void;
  /** For an admin who lost the phone with their authenticator app. */
  onResetTwoStep: (user: User) => void;
}) {
  const name = (u: User) => `${u.first_name} ${u.last_name}`;
  return (
    <AdminTable
      columns={[
        {
          header: 'Full Name',
          className: 'capitalize',
          cell: (u) => (
            <>
              {name(u)}
              {u.role === 'admin' && <span className="badge-brand ml-2 normal-case">admin</span>}
            </>
          ),
        },
        { header: 'Email', className: 'whitespace-nowrap', cell: (u) => u.email },
        { header: 'Phone', className: 'whitespace-nowrap', cell: (u) => u.phone_number },
        { header: 'Gender', className: 'capitalize', cell: (u) => u.gender },
        {
          header: 'Acc Status',
          cell: (u) =>
            u.isEmailConfirmed ? (
              <span className="font-semibold text-ok-700">Verified</span>
            ) : (
              <span className="font-semibold text-warn-700">Unverified</span>
            ),
        },
        {
          header: 'Two-step',
          className: 'whitespace-nowrap',
          cell: (u) =>
            u.role !== 'admin' ? (
              <span className="text-muted">—</span>
            ) : u.two_step ? (
              <span className="flex items-center gap-2">
                <span className="font-semibold text-ok-700">On</span>
                {u._id !== currentUserId && (
                  <button
                    type="button"
                    className="btn-secondary min-h-9 px-3 py-1"
                    aria-label={`Reset two-step sign-in for ${name(u)}`}
                    onClick={() => onResetTwoStep(u)}
                  >
                    Reset
                  </button>
                )}
              </span>
            ) : (
              <span className="font-semibold text-warn-700">Off</span>
            ),
        },
        {
          header: 'Delete',
          cell: (u) => (
            <button
              type="button"
              className="btn-danger min-h-9 px-3 py-1"
              disabled={u._id === currentUserId}
              title={u._id === currentUserId ? 'You cannot delete your own account here' : undefined}
              aria-label={`Delete ${name(u)}`}
              onClick={() => onDelete(u)}
            >
              Delete
            </button>
          ),
        },
      ]}
      label="Users table"
      minWidth="min-w-[54rem]"
      rows={users}
    />
  );
}
