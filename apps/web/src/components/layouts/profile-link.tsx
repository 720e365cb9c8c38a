import type { MouseEvent } from 'react';
import { Link, type LinkProps, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { getSession, type Session, useSession } from '../../lib/auth-storage.ts';

const hrefFor = (session: Session | null) =>
  session ? paths.profile.getHref(session.userId) : paths.login.getHref();

/**
 * The way to one's profile, or to log in. On a rendered page the href first comes from hydration,
 * which renders the session store's server snapshot (signed out), and is corrected only after; so
 * the press reads the store itself. A press before the app runs follows the href to /login, which
 * sends a signed-in person on to their profile (routes.tsx).
 */
export function ProfileLink({
  children,
  label,
  onNavigate,
  ...props
}: Omit<LinkProps, 'to' | 'onClick' | 'aria-label'> & {
  label?: (signedIn: boolean) => string;
  /** Called on a press (the header's menu closes). */
  onNavigate?: () => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    const now = hrefFor(getSession());
    if (now === hrefFor(session)) return;
    event.preventDefault();
    navigate(now);
  };
  return (
    <Link {...props} to={hrefFor(session)} onClick={onClick} aria-label={label?.(session !== null)}>
      {children}
    </Link>
  );
}
