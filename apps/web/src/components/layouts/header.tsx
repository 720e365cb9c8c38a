import { type ReactNode, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/auth-storage.ts';
import { CloseIcon, MenuIcon, UserIcon } from '../ui/icons.tsx';
import { Logo } from './logo.tsx';
import { ProfileLink } from './profile-link.tsx';

/** `menu` draws the menu's items (the way on, log out, the hostels); it comes from app/ so this layout does not depend on a feature. */
export type HeaderMenu = (close: () => void) => ReactNode;

/**
 * Whether the menu is open, and on which page it was opened. Kept outside the component:
 * on a first visit the header is drawn twice (around the loading spinner, then around the screen),
 * and a menu tapped open while the screen's code loads must stay open when the screen arrives.
 */
let menuState: { openOn: string | null } = { openOn: null };
const listeners = new Set<() => void>();
const setMenu = (openOn: string | null) => {
  menuState = { openOn };
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Header({ menu }: { menu: HeaderMenu }) {
  const session = useSession();
  const { openOn } = useSyncExternalStore(
    subscribe,
    () => menuState,
    () => menuState,
  );
  const location = useLocation();
  // Open only on the page it was opened on: moving to another page closes it.
  const open = openOn === location.pathname;
  const setOpen = (next: boolean | ((was: boolean) => boolean)) =>
    setMenu((typeof next === 'function' ? next(open) : next) ? location.pathname : null);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Left open on another page (back button, a link elsewhere): forget it, so coming back finds it closed.
  useEffect(() => {
    if (openOn !== null && openOn !== location.pathname) setMenu(null);
  }, [openOn, location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenu(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-2">
          <ProfileLink
            className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-subtle"
            label={(signedIn) => (signedIn ? 'Your profile' : 'Log in')}
          >
            <UserIcon />
          </ProfileLink>
          <button
            ref={toggleRef}
            type="button"
            className={`inline-flex size-11 items-center justify-center rounded-full transition-colors ${
              open ? 'bg-danger-600 text-white hover:bg-danger-700' : 'text-ink hover:bg-subtle'
            }`}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </nav>
      </div>
      {open && (
        <div id={menuId} className="border-t border-line bg-white shadow-lg">
          <div className="container-page max-h-[70vh] overflow-y-auto py-2">
            {menu(() => setOpen(false))}
            {session?.role === 'admin' && (
              <div className="px-4 py-3">
                <Link to={paths.admin.dashboard.getHref()} className="btn-primary w-full sm:w-auto">
                  Admin Dashboard
                </Link>
              </div>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
