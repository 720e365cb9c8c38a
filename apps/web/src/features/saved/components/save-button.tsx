import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/auth-storage.ts';
import { useSave } from '../api/saved-queries.ts';

/**
 * Save this hostel or this search, to be told when a room it matches can be booked. Signed out, it
 * is a link to Log in that comes back here.
 */
export function SaveButton({
  target,
  label,
}: {
  target: { hostel_id: string } | { search: string };
  label: string;
}) {
  const session = useSession();
  const location = useLocation();
  const save = useSave();
  if (!session) {
    return (
      <Link
        to={paths.login.getHref()}
        state={{ from: location.pathname + location.search }}
        className="btn-secondary self-start"
      >
        Log in to {label.toLowerCase()}
      </Link>
    );
  }
  return (
    <div className="flex flex-col gap-1 self-start">
      {save.isSuccess ? (
        <p role="status" className="font-semibold text-brand-800">
          Saved. We'll tell you when a room comes free.{' '}
          <Link to={paths.saved.getHref()} className="underline">
            Your saved list
          </Link>
        </p>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          disabled={save.isPending}
          onClick={() => save.mutate(target)}
        >
          {save.isPending ? 'Saving…' : label}
        </button>
      )}
      {save.isError && (
        <p role="alert" className="text-sm text-danger-700">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
