// The bookings module's public surface (docs/decisions/0020-boundaries.md): the booking lifecycle,
// which only this module writes (docs/domain.md, "Lifecycles": booking).
export { cancelDeadline } from './booking-cancel.service.ts';
export {
  type AgentFeeJson,
  agentFeeBooking,
  agentFeeJsonOf,
  agentFeeRoomOf,
  applyAgentFee,
  markBookingInspected,
} from './booking-payments.ts';
export { startBookingJobs } from './bookings.jobs.ts';
export {
  effectiveStatus,
  inspectionDateTime,
  inspectionStartsAt,
  toBooking,
  toBookingRef,
} from './bookings.mapper.ts';
export { bookingsRoutes } from './bookings.routes.ts';
export { bookings } from './bookings.schema.ts';
export { countInspectionsOn, countUpcomingBookings, createBooking } from './bookings.service.ts';
