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

/** Figures shown beside menu entries (from app/, so this layout knows no feature); missing while loading. */
export type AdminMenuCounts = Partial<Record<'maintenance' | 'refunds' | 'arrears', number>>;

type MenuEntry = { to: string; label: string; count?: { n: number | undefined; meaning: string } };

/** The menu's entries under the headings a manager looks for them by. */
function menuGroups(counts: AdminMenuCounts): { heading: string; entries: MenuEntry[] }[] {
  return [
    {
      heading: 'People',
      entries: [
        { to: paths.admin.tenants.getHref(), label: 'Tenants' },
        { to: paths.admin.documents.getHref(), label: 'Documents' },
        { to: paths.admin.users.getHref(), label: 'All Users' },
        { to: paths.admin.signUp.getHref(), label: 'Create Admin' },
      ],
    },
    {
      heading: 'Hostels and rooms',
      entries: [
        { to: paths.admin.hostels.getHref(), label: 'Hostels' },
        { to: paths.admin.rooms.getHref(), label: 'Rooms' },
        { to: paths.admin.createHostel.getHref(), label: 'Create Hostel' },
        { to: paths.admin.bookings.getHref(), label: 'Bookings' },
        {
          to: paths.admin.maintenance.getHref(),
          label: 'Maintenance',
          count: { n: counts.maintenance, meaning: 'unfinished' },
        },
      ],
    },
    {
      heading: 'Money',
      entries: [
        { to: paths.admin.refunds.getHref(), label: 'Refunds', count: { n: counts.refunds, meaning: 'due' } },
        { to: paths.admin.credits.getHref(), label: 'Credits' },
        {
          to: paths.admin.arrears.getHref(),
          label: 'Arrears',
          count: { n: counts.arrears, meaning: 'past due' },
        },
        { to: paths.admin.reconciliation.getHref(), label: 'Reconciliation' },
        { to: paths.admin.reports.getHref(), label: 'Reports' },
      ],
    },
    {
      heading: 'Messages',
      entries: [
        { to: paths.admin.messages.getHref('email'), label: 'Send Email' },
        { to: paths.admin.messages.getHref('sms'), label: 'Send SMS' },
        { to: paths.admin.messages.getHref(), label: 'Message log' },
        { to: paths.admin.reviews.getHref(), label: 'Reviews' },
        { to: paths.admin.hostelReviews.getHref(), label: 'Hostel reviews' },
      ],
    },
    {
      heading: 'Settings',
      entries: [
        { to: paths.admin.security.getHref(), label: 'Two-step sign-in' },
        { to: paths.admin.activity.getHref(), label: 'Activity log' },
        { to: paths.admin.settings.getHref(), label: 'Settings' },
      ],
    },
  ];
}

/** A menu entry's figure: a pill the eye finds (the link's name says it in words, "Refunds, 2 due"). */
function CountPill({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className={`min-w-6 rounded-full px-1.5 text-center text-xs font-bold ${n > 0 ? 'bg-brand-700 text-white' : 'bg-subtle text-muted'}`}
    >
      {n}
    </span>
  );
}

function AdminMenu({ id, counts, onPick }: { id: string; counts: AdminMenuCounts; onPick: () => void }) {
  return (
    <div id={id} className="border-t border-white/15">
      <nav
        aria-label="Admin menu"
        className="container-page grid gap-x-6 gap-y-4 py-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        {menuGroups(counts).map((group) => (
          <div key={group.heading}>
            <h2 className="mb-2 text-xs font-bold tracking-wide text-white/75 uppercase">{group.heading}</h2>
            <ul className="flex flex-col gap-1">
              {group.entries.map((entry) => (
                <li key={entry.label}>
                  <Link
                    to={entry.to}
                    className="flex min-h-10 items-center justify-between gap-2 rounded-md bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-subtle"
                    aria-label={
                      entry.count?.n === undefined
                        ? undefined
                        : `${entry.label}, ${entry.count.n} ${entry.count.meaning}`
                    }
                    onClick={onPick}
                  >
                    {entry.label}
                    {entry.count?.n !== undefined && <CountPill n={entry.count.n} />}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}

function AdminNav({ bookingLabel, counts }: { bookingLabel: ReactNode; counts: AdminMenuCounts }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <header className="bg-brand-800 text-white">
      <div className="container-page flex flex-wrap items-center gap-2 py-3">
        <Logo className="mr-auto rounded bg-white px-2 py-1 md:mr-2" />
        {/* Phones: logo and menu toggle on one row, the links below, wrapping so none is cut off. */}
        <nav
          aria-label="Admin"
          className="order-last -mx-1 flex w-full flex-wrap items-center gap-1 px-1 md:order-none md:w-auto md:flex-1"
        >
          <NavLink to={paths.admin.dashboard.getHref()} className={navClass} end>
            Home
          </NavLink>
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
      {open && <AdminMenu id={menuId} counts={counts} onPick={() => setOpen(false)} />}
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
 * enforces it too. `bookingLabel` ("Booking(N)") and `counts` come from app/, so this layout knows
 * no feature.
 */
export function AdminLayout({
  bookingLabel,
  counts = {},
}: {
  bookingLabel: ReactNode;
  counts?: AdminMenuCounts;
}) {
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
      <AdminNav bookingLabel={bookingLabel} counts={counts} />
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
