import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/auth-storage.ts';
import { useSave } from '../api/saved-queries.ts';

/**
 * Save this hostel or this search, to be told when a room it matches can be booked. Signed out, it
 * leads to Log in, which comes back here.
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
    // The link says what it is for; logging in is the way there, said beside it.
    return (
      <p className="flex flex-wrap items-center gap-2 self-start text-sm text-muted">
        <Link
          to={paths.login.getHref()}
          state={{ from: location.pathname + location.search }}
          className="btn-secondary"
        >
          {label}
        </Link>
        <span>You'll be asked to log in first.</span>
      </p>
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
