// The bookings module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).

export { startBookingJobs } from './bookings.jobs.ts';
export {
  effectiveStatus,
  inspectionDateTime,
  inspectionStartsAt,
  toBooking,
  toBookingRef,
} from './bookings.mapper.ts';
export { bookingsRoutes } from './bookings.routes.ts';
export { holdRoom } from './room-hold.ts';
