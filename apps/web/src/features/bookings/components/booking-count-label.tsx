/**
 * The admin menu's Booking(N): upcoming paid inspections (… while it loads). The figure comes from
 * the admin home's read (GET /api/admin/overview), which the frame makes anyway: no request of its own.
 */
export function BookingCountLabel({ upcoming }: { upcoming: number | undefined }) {
  return (
    <>
      <span aria-hidden="true">Booking({upcoming ?? '…'})</span>
      <span className="sr-only">Bookings: {upcoming ?? 'loading'} upcoming paid inspections</span>
    </>
  );
}
