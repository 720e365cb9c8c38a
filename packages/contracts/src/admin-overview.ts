import * as z from 'zod/mini';
import { MaintenanceRequestSchema } from './maintenance.ts';

/** One unfinished repair on the admin home: enough to say what, where, and the time left or overdue. */
export const OverviewRepairSchema = z.pick(MaintenanceRequestSchema, {
  _id: true,
  category: true,
  urgency: true,
  status: true,
  hostel: true,
  room: true,
  due_by: true,
  overdue: true,
});
export type OverviewRepair = z.output<typeof OverviewRepairSchema>;

const count = z.int();
const naira = z.int();

/**
 * GET /api/admin/overview: the admin home's cards and the menu's counts, each figure counted by the
 * same rule as the list it links to (docs/domain.md, "The admin home").
 */
export const AdminOverviewSchema = z.object({
  /** The Lagos calendar days "today" and "tomorrow" mean (YYYY-MM-DD). */
  today: z.string(),
  tomorrow: z.string(),
  maintenance: z.object({
    /** Reported and not yet started (the queue's "Open" filter). */
    open: count,
    /** Started, not done (the queue's "In progress" filter). */
    in_progress: count,
    /** Unfinished emergencies. */
    emergencies: count,
    /** Unfinished and past their promised time. */
    overdue: count,
    /** The first unfinished requests in the queue's order: emergencies first, then by deadline. */
    next: z.array(OverviewRepairSchema),
  }),
  /** Payments owed back with something left to give back (the Refunds screen's "due" list). */
  refunds_due: z.object({ payments: count, amount: naira }),
  /** Running tenancies past their due date today (the Arrears list and the arrears report). */
  arrears: z.object({ tenants: count, amount_owed: naira }),
  /**
   * Confirmed inspections (agent fee paid) on those Lagos days, and from today on (the Bookings
   * list's upcoming ones; the menu's Booking(N)).
   */
  inspections: z.object({ today: count, tomorrow: count, upcoming: count }),
  /** Current tenants, and those of them who have given notice to move out (the Tenants list). */
  tenants: z.object({ current: count, given_notice: count }),
  /**
   * Days whose latest reconciliation run, started in the last week, left differences for an admin
   * (newest day first): the run to open and how many differences are left.
   */
  reconciliation: z.array(z.object({ day: z.string(), run_id: z.string(), open: count })),
  /** Revenue as the reports count it, this Lagos month so far and the whole of last month. */
  income: z.object({
    this_month: z.object({ month: z.string(), total: naira }),
    last_month: z.object({ month: z.string(), total: naira }),
  }),
});
export type AdminOverview = z.output<typeof AdminOverviewSchema>;
