import { useQuery } from '@tanstack/react-query';
import { AdminLayout } from '../../../components/layouts/admin-layout.tsx';
import {
  overviewQueries,
  useOverviewFollowsChanges,
} from '../../../features/admin-home/api/overview-queries.ts';
import { BookingCountLabel } from '../../../features/bookings/components/booking-count-label.tsx';
import { useSession } from '../../../lib/auth-storage.ts';

/**
 * The admin home's figures (GET /api/admin/overview), for admins only: the menu's counts here and
 * the home's cards (app/routes/admin/dashboard.tsx) read the same query, one request. It is
 * exported from this route so its code rides in the frame's chunk, which every admin screen has
 * loaded already, rather than in a chunk of its own that the entry would have to list.
 */
export function useOverview() {
  const isAdmin = useSession()?.role === 'admin';
  return useQuery({ ...overviewQueries.summary(), enabled: isAdmin });
}

/**
 * The admin screens' frame, a lazy route of its own: it loads with the first admin screen, so a
 * student's journey never downloads the admin menu.
 */
export function Component() {
  useOverviewFollowsChanges();
  const o = useOverview().data;
  const counts = o && {
    maintenance: o.maintenance.open + o.maintenance.in_progress,
    refunds: o.refunds_due.payments,
    arrears: o.arrears.tenants,
  };
  return (
    <AdminLayout bookingLabel={<BookingCountLabel upcoming={o?.inspections.upcoming} />} counts={counts} />
  );
}
