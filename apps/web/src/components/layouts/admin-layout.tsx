import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { hasErrorCode } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-storage.ts';
import { Alert } from '../ui/alert.tsx';
import { CloseIcon, MenuIcon } from '../ui/icons.tsx';
import { Logo } from './logo.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap ${
    isActive ? 'bg-white text-brand-800' : 'text-white hover:bg-white/15'
  }`;

function AdminNav({ bookingLabel }: { bookingLabel: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <header className="bg-brand-800 text-white">
      <div className="container-page flex flex-wrap items-center gap-2 py-3">
        <Logo className="mr-auto rounded bg-white px-2 py-1 md:mr-2" />
        {/* Phones: logo and menu toggle on one row, the links on their own scrollable row below. */}
        <nav
          aria-label="Admin"
          className="order-last -mx-1 flex w-full items-center gap-1 overflow-x-auto px-1 pb-1 md:order-none md:w-auto md:flex-1 md:flex-wrap md:pb-0"
        >
          <NavLink to={paths.admin.hostels.getHref()} className={navClass}>
            Hostels
          </NavLink>
          <NavLink to={paths.admin.rooms.getHref()} className={navClass}>
            Rooms
          </NavLink>
          <NavLink to={paths.admin.bookings.getHref()} className={navClass}>
            {bookingLabel}
          </NavLink>
          <NavLink to={paths.admin.createHostel.getHref()} className={navClass}>
            Create Hostel
          </NavLink>
          <NavLink to={paths.home.getHref()} className={navClass} end>
            Web-Page
          </NavLink>
        </nav>
        <button
          type="button"
          className={`inline-flex size-11 items-center justify-center rounded-full ${open ? 'bg-danger-600' : 'hover:bg-white/15'}`}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close admin menu' : 'Open admin menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      {open && (
        <div id={menuId} className="border-t border-white/15">
          <div className="container-page flex flex-wrap gap-2 py-3">
            <Link to={paths.admin.signUp.getHref()} className="btn-secondary" onClick={() => setOpen(false)}>
              Create Admin
            </Link>
            <Link to={paths.admin.users.getHref()} className="btn-secondary" onClick={() => setOpen(false)}>
              All Users
            </Link>
            <Link to={paths.admin.reviews.getHref()} className="btn-secondary" onClick={() => setOpen(false)}>
              Reviews
            </Link>
            <Link
              to={paths.admin.dashboard.getHref()}
              className="btn-secondary"
              onClick={() => setOpen(false)}
            >
              Tenants
            </Link>
            <Link to={paths.admin.arrears.getHref()} className="btn-secondary" onClick={() => setOpen(false)}>
              Arrears
            </Link>
            <Link to={paths.admin.refunds.getHref()} className="btn-secondary" onClick={() => setOpen(false)}>
              Refunds
            </Link>
            <Link
              to={paths.admin.reconciliation.getHref()}
              className="btn-secondary"
              onClick={() => setOpen(false)}
            >
              Reconciliation
            </Link>
            <Link to={paths.admin.reports.getHref()} className="btn-secondary" onClick={() => setOpen(false)}>
              Reports
            </Link>
            <Link
              to={paths.admin.messages.getHref('email')}
              className="btn-secondary"
              onClick={() => setOpen(false)}
            >
              Send Email
            </Link>
            <Link
              to={paths.admin.messages.getHref('sms')}
              className="btn-secondary"
              onClick={() => setOpen(false)}
            >
              Send SMS
            </Link>
            <Link
              to={paths.admin.messages.getHref()}
              className="btn-secondary"
              onClick={() => setOpen(false)}
            >
              Message log
            </Link>
            <Link
              to={paths.admin.maintenance.getHref()}
              className="btn-secondary"
              onClick={() => setOpen(false)}
            >
              Maintenance
            </Link>
            <Link
              to={paths.admin.activity.getHref()}
              className="btn-secondary"
              onClick={() => setOpen(false)}
            >
              Activity log
            </Link>
            <Link
              to={paths.admin.security.getHref()}
              className="btn-secondary"
              onClick={() => setOpen(false)}
            >
              Two-step sign-in
            </Link>
            <Link
              to={paths.admin.settings.getHref()}
              className="btn-secondary"
              onClick={() => setOpen(false)}
            >
              Settings
            </Link>
          </div>
        </div>
      )}
    </header>
  );
}

/**
 * Whether an admin answer on this page said "set up two-step sign-in first" (403
 * mfa_setup_required: the server requires it and this admin has none). Watched here, once, for
 * every admin screen's queries and mutations, so no screen has to know about it.
 */
function useMfaSetupRequired(pathname: string): boolean {
  const queryClient = useQueryClient();
  const [required, setRequired] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => {
    setRequired(false); // each page is judged by its own answers (cached ones included)
    const check = (error: unknown) => {
      if (hasErrorCode(error, 'mfa_setup_required')) setRequired(true);
    };
    const queries = queryClient.getQueryCache();
    for (const query of queries.getAll()) check(query.state.error);
    const offQueries = queries.subscribe((event) => check(event.query.state.error));
    const offMutations = queryClient
      .getMutationCache()
      .subscribe((event) => check(event.mutation?.state.error));
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, pathname]);
  return required;
}

/**
 * Admin screens: signed-out people go to /login; students see why they cannot enter. The API
 * enforces it too. `bookingLabel` ("Booking(N)") comes from app/, so this layout knows no feature.
 */
export function AdminLayout({ bookingLabel }: { bookingLabel: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const mfaSetupRequired = useMfaSetupRequired(location.pathname);
  if (!session) return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname }} />;
  if (session.role !== 'admin') {
    return (
      <main className="container-page flex min-h-dvh flex-col items-start justify-center gap-4 py-16">
        <h1 className="text-2xl">Admins only</h1>
        <p className="text-muted">
          This page is for StudyNest administrators. You are signed in as a student.
        </p>
        <Link to={paths.home.getHref()} className="btn-primary">
          Back to the home page
        </Link>
      </main>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col bg-subtle">
      <NavigationProgress />
      <ScrollToTop />
      <AdminNav bookingLabel={bookingLabel} />
      <main id="main" className="container-page flex-1 py-6">
        {mfaSetupRequired && location.pathname !== paths.admin.security.getHref() && (
          <div className="mb-4">
            <Alert tone="warning">
              <p>StudyNest requires two-step sign-in for admins, and yours is not set up yet.</p>
              <Link to={paths.admin.security.getHref()} className="mt-1 inline-block font-semibold underline">
                Set up two-step sign-in
              </Link>
            </Alert>
          </div>
        )}
        <Outlet />
      </main>
    </div>
  );
}
