import * as z from 'zod/mini';
import { REFUND_REASONS } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';
import { ArrearsItemSchema } from './settings.ts';

/** The admin reports (docs/domain.md, "Reports"): one JSON answer each, for a period of Lagos dates. */
export const REPORT_KINDS = ['revenue', 'occupancy', 'arrears', 'funnel', 'refunds'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What can be downloaded as CSV for a period (`/admin/exports/<kind>.csv`). */
export const EXPORT_KINDS = ['payments', 'tenants', 'bookings', 'arrears', 'refunds'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export * from './report-dates.ts';
export * from './report-period.ts';

/** A conversion or occupancy rate in percent with one decimal, or null when there is nothing to divide by. */
const percent = z.nullable(z.number());

/** What every report opens with: which report, and the period it covers. */
const reportHead = <K extends string>(kind: K) => ({
  kind: z.literal(kind),
  from: z.string(),
  to: z.string(),
});

export const RevenueMonthSchema = z.object({
  /** A Lagos calendar month, YYYY-MM. */
  month: z.string(),
  agent_fees: z.int(),
  rent: z.int(),
  /** Refunds processed in the month (whenever their payment was made). */
  refunds: z.int(),
  /** Agent fees and rent received, less the refunds. */
  total: z.int(),
  payments: z.int(),
});
export const RevenueReportSchema = z.object({
  ...reportHead('revenue'),
  months: z.array(RevenueMonthSchema),
  totals: z.object({
    agent_fees: z.int(),
    rent: z.int(),
    refunds: z.int(),
    total: z.int(),
    payments: z.int(),
  }),
  /**
   * Successes in the period flagged as needing a refund and not yet fully refunded: counted in the
   * revenue above (the money came in) and shown here with what is still to be given back.
   */
  awaiting_refund: z.object({ payments: z.int(), amount: z.int() }),
  /** Caution deposits: held money, not revenue. */
  deposits: z.object({
    /** Held at the end of the period: paid, less refunds processed and move-out deductions by then. */
    held_at_end: z.int(),
    /** How many deposits that is. */
    held_count: z.int(),
    /** Deductions kept from deposits at move-outs recorded in the period. */
    deductions_kept: z.int(),
    /**
     * Deposits given back: their refunds processed in the period. Not in `totals.refunds` (a deposit
     * is not revenue), so the refunds report's processed total is the two together.
     */
    returned: z.int(),
  }),
});
export type RevenueReport = z.output<typeof RevenueReportSchema>;

const roomCounts = {
  rooms: z.int(),
  available: z.int(),
  booked: z.int(),
  rented: z.int(),
  rented_percent: percent,
};
export const OccupancyReportSchema = z.object({
  ...reportHead('occupancy'),
  /**
   * The Lagos date the hostels and the overall figures are read at: the period's end, or today when
   * earlier — the day of the last month's reading, so the headline is the chart's last point.
   */
  as_of: z.string(),
  /**
   * Open hostels: their rooms that existed on `as_of`, those rented then (a tenancy running that
   * day), and the available and booked ones by their status now.
   */
  hostels: z.array(z.object({ hostel: HostelRefSchema, ...roomCounts })),
  overall: z.object(roomCounts),
  /** At the end of each month of the period (today for the current month): rooms, and those with a running tenancy. */
  months: z.array(z.object({ month: z.string(), rooms: z.int(), rented: z.int(), rented_percent: percent })),
});
export type OccupancyReport = z.output<typeof OccupancyReportSchema>;

export const ARREARS_BUCKETS = ['1-30', '31-90', '91+'] as const;
export const ArrearsReportSchema = z.object({
  ...reportHead('arrears'),
  /** The Lagos date the arrears are counted at: the period's end, or today when that is later. */
  as_of: z.string(),
  tenants: z.int(),
  amount_owed: z.int(),
  buckets: z.array(
    z.object({ days_overdue: z.enum(ARREARS_BUCKETS), tenants: z.int(), amount_owed: z.int() }),
  ),
  /** Most overdue first (at most 1,000; the CSV export has them all). */
  items: z.array(ArrearsItemSchema),
});
export type ArrearsReport = z.output<typeof ArrearsReportSchema>;

export const FUNNEL_STAGES = ['inspection_booked', 'agent_fee_paid', 'rent_paid'] as const;
export const FunnelReportSchema = z.object({
  ...reportHead('funnel'),
  stages: z.array(
    z.object({
      stage: z.enum(FUNNEL_STAGES),
      count: z.int(),
      /** Of the stage before (null for the first stage or when that was 0). */
      percent_of_previous: percent,
      /** Of the inspections booked. */
      percent_of_first: percent,
    }),
  ),
});
export type FunnelReport = z.output<typeof FunnelReportSchema>;

const countAndAmount = z.object({ refunds: z.int(), amount: z.int() });
/** Why a refund was owed: the payment's reason, or `other` for a refund an admin chose to make. */
export const REFUND_REPORT_REASONS = [...REFUND_REASONS, 'other'] as const;
export const RefundsReportSchema = z.object({
  ...reportHead('refunds'),
  /** Refunds the provider processed in the period. */
  processed: countAndAmount,
  /** The same, by why the money was owed (every reason listed, zeros included). */
  by_reason: z.array(z.object({ reason: z.enum(REFUND_REPORT_REASONS), ...countAndAmount.shape })),
  /** Asked for in the period and still waiting for the provider, or failed (a failed one may be tried again). */
  pending: countAndAmount,
  failed: countAndAmount,
});
export type RefundsReport = z.output<typeof RefundsReportSchema>;
