import { bookings } from '../bookings/index.ts';
import { createdInPeriod, csvExport } from './csv-export.ts';
import { agentFeePaid } from './funnel.report.ts';
import { lagosDateTime } from './period.ts';

/** Every inspection booked in the period, oldest first, and whether its agent fee was paid. */
export const bookingsExport = csvExport({
  ...createdInPeriod(bookings),
  columns: {
    booking_id: bookings.id,
    booked_at: lagosDateTime(bookings.createdAt),
    inspection_date: bookings.inspectionDate,
    inspection_slot: bookings.inspectionSlot,
    status: bookings.status,
    agent_fee_paid: agentFeePaid,
  },
});
