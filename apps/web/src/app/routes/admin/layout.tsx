import { AdminLayout } from '../../../components/layouts/admin-layout.tsx';
import { BookingCountLabel } from '../../../features/bookings/components/booking-count-label.tsx';

/**
 * The admin screens' frame, a lazy route of its own: it loads with the first admin screen, so a
 * student's journey never downloads the admin menu.
 */
export function Component() {
  return <AdminLayout bookingLabel={<BookingCountLabel />} />;
}
