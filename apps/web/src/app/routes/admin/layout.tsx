import { useQuery } from '@tanstack/react-query';
import { AdminLayout } from '../../../components/layouts/admin-layout.tsx';
import {
  overviewQueries,
  useOverviewFollowsChanges,
} from '../../../features/admin-home/api/overview-queries.ts';
import { BookingCountLabel } from '../../../features/bookings/components/booking-count-label.tsx';
import { useSession } from '../../../lib/auth-storage.ts';

/**
 * The admin screens' frame, a lazy route of its own: it loads with the first admin screen, so a
 * student's journey never downloads the admin menu. The menu's counts are the admin home's figures
 * (one request, shared with the home's cards).
 */
export function Component() {
  const isAdmin = useSession()?.role === 'admin';
  useOverviewFollowsChanges();
  const overview = useQuery({ ...overviewQueries.summary(), enabled: isAdmin });
  const o = overview.data;
  const counts = o && {
    maintenance: o.maintenance.open + o.maintenance.in_progress,
    refunds: o.refunds_due.payments,
    arrears: o.arrears.tenants,
  };
  return <AdminLayout bookingLabel={<BookingCountLabel />} counts={counts} />;
}
