import type { User } from '@studynest/contracts';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';

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
  return (
    <ScrollTable label="Users table" tableClassName="min-w-[54rem]">
      <thead>
        <tr>
          <th scope="col">Full Name</th>
          <th scope="col">Email</th>
          <th scope="col">Phone</th>
          <th scope="col">Gender</th>
          <th scope="col">Acc Status</th>
          <th scope="col">Two-step</th>
          <th scope="col">Delete</th>
        </tr>
      </thead>
      <tbody>
        {users.map((u) => {
          const self = u._id === currentUserId;
          const name = `${u.first_name} ${u.last_name}`;
          return (
            <tr key={u._id}>
              <td className="capitalize">
                {name}
                {u.role === 'admin' && <span className="badge-brand ml-2 normal-case">admin</span>}
              </td>
              <td className="whitespace-nowrap">{u.email}</td>
              <td className="whitespace-nowrap">{u.phone_number}</td>
              <td className="capitalize">{u.gender}</td>
              <td>
                {u.isEmailConfirmed ? (
                  <span className="font-semibold text-ok-700">Verified</span>
                ) : (
                  <span className="font-semibold text-warn-700">Unverified</span>
                )}
              </td>
              <td className="whitespace-nowrap">
                {u.role !== 'admin' ? (
                  <span className="text-muted">—</span>
                ) : u.two_step ? (
                  <span className="flex items-center gap-2">
                    <span className="font-semibold text-ok-700">On</span>
                    {!self && (
                      <button
                        type="button"
                        className="btn-secondary min-h-9 px-3 py-1"
                        aria-label={`Reset two-step sign-in for ${name}`}
                        onClick={() => onResetTwoStep(u)}
                      >
                        Reset
                      </button>
                    )}
                  </span>
                ) : (
                  <span className="font-semibold text-warn-700">Off</span>
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="btn-danger min-h-9 px-3 py-1"
                  disabled={self}
                  title={self ? 'You cannot delete your own account here' : undefined}
                  aria-label={`Delete ${name}`}
                  onClick={() => onDelete(u)}
                >
                  Delete
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
