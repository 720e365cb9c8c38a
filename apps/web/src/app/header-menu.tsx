import { Link, useNavigate } from 'react-router';
import type { HeaderMenu } from '../components/layouts/header.tsx';
import { ProfileLink } from '../components/layouts/profile-link.tsx';
import { paths } from '../config/paths.ts';
import { useLogout } from '../features/auth/api/logout.ts';
import { HostelMenu } from '../features/hostels/components/hostel-menu.tsx';
import { useSession } from '../lib/auth-storage.ts';

const ITEM =
  'block w-full px-4 py-3 text-left font-semibold text-ink hover:bg-brand-50 focus-visible:bg-brand-50';

/** Log out here and on the server (the token stops working), then home. */
function LogOutItem({ onDone }: { onDone: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={ITEM}
      disabled={logout.isPending}
      onClick={async () => {
        // mutateAsync: the session is cleared (and this item unmounts) before the navigation.
        await logout.mutateAsync();
        onDone();
        navigate(paths.home.getHref(), { replace: true });
      }}
    >
      {logout.isPending ? 'Logging out…' : 'Log out'}
    </button>
  );
}

/** The header's menu: where a student goes next (search, profile, log out), then every hostel. */
export function MenuItems({ close }: { close: () => void }) {
  const session = useSession();
  return (
    <>
      <ul className="divide-y divide-line border-b border-line" aria-label="Account">
        <li>
          <Link to={paths.hostels.getHref()} onClick={close} className={ITEM}>
            Find a hostel
          </Link>
        </li>
        <li>
          <ProfileLink className={ITEM} onNavigate={close}>
            {session ? 'My profile' : 'Log in'}
          </ProfileLink>
        </li>
        {session && (
          <li>
            <LogOutItem onDone={close} />
          </li>
        )}
      </ul>
      <h2 className="px-4 pt-3 pb-1 text-sm font-semibold tracking-wide text-muted uppercase">Our hostels</h2>
      <HostelMenu onNavigate={close} />
    </>
  );
}

export const headerMenu: HeaderMenu = (close) => <MenuItems close={close} />;
