import { useQuery } from '@tanstack/react-query';
import { bookingQueries } from '../api/booking-queries.ts';

/** The admin menu's Booking(N): upcoming paid inspections (… while it loads). */
export function BookingCountLabel() {
  const count = useQuery(bookingQueries.count());
  const upcoming = count.data?.upcoming;
  return (
    <>
      <span aria-hidden="true">Booking({upcoming ?? '…'})</span>
      <span className="sr-only">Bookings: {upcoming ?? 'loading'} upcoming paid inspections</span>
    </>
  );
}
