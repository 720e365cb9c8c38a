import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/auth-storage.ts';
import { CloseIcon, MenuIcon, UserIcon } from '../ui/icons.tsx';
import { Logo } from './logo.tsx';
import { ProfileLink } from './profile-link.tsx';

/** `menu` draws the hostels list; it comes from app/ so this layout does not depend on a feature. */
export type HeaderMenu = (close: () => void) => ReactNode;

export function Header({ menu }: { menu: HeaderMenu }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close the menu whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
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
            aria-label={open ? 'Close hostels menu' : 'Open hostels menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </nav>
      </div>
      {open && (
        <div id={menuId} className="border-t border-line bg-white shadow-lg">
          <div className="container-page max-h-[70vh] overflow-y-auto py-2">
            <h2 className="px-4 pt-2 pb-1 text-sm font-semibold tracking-wide text-muted uppercase">
              Our hostels
            </h2>
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
