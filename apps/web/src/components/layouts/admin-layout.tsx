import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-storage.ts';
import { CloseIcon, MenuIcon } from '../ui/icons.tsx';
import { Logo } from './logo.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

export const bookingCountQuery = {
  queryKey: ['bookings', 'count'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<{ upcoming: number }>('/bookings/count', { signal }),
};

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap ${
    isActive ? 'bg-white text-brand-800' : 'text-white hover:bg-white/15'
  }`;

function AdminNav() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const count = useQuery(bookingCountQuery);
  const bookingLabel = `Booking(${count.data?.upcoming ?? '…'})`;
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
          <NavLink
            to={paths.admin.bookings.getHref()}
            className={navClass}
            aria-label={`Bookings: ${count.data?.upcoming ?? 'loading'} upcoming paid inspections`}
          >
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
          </div>
        </div>
      )}
    </header>
  );
}

/** Admin screens: signed-out people go to /login; students see why they cannot enter. The API enforces it too. */
export function AdminLayout() {
  const session = useSession();
  const location = useLocation();
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
      <AdminNav />
      <main id="main" className="container-page flex-1 py-6">
        <Outlet />
      </main>
    </div>
  );
}
