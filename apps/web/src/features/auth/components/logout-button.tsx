import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useLogout } from '../api/logout.ts';

/** Logs out here and on the server, then goes home (spec: Logout removes the token and goes to /). */
export function LogoutButton() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={logout.isPending}
      onClick={async () => {
        // mutateAsync (not mutate's callbacks): this button unmounts as soon as the session is cleared.
        await logout.mutateAsync();
        navigate(paths.home.getHref(), { replace: true });
      }}
    >
      {logout.isPending ? 'Logging out…' : 'Logout'}
    </button>
  );
}
