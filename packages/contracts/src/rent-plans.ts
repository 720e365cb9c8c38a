import * as z from 'zod/mini';
import { prepared } from './common.ts';
import { RENT_PART_STATUSES, RENT_PLANS } from './rent-plan-terms.ts';

// The catalogue, its words and the split carry no zod: screens that only show a plan import them
// from '@studynest/contracts/rent-plan-terms' without downloading the schemas below.
export * from './rent-plan-terms.ts';

export const RentPlanSchema = prepared(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(RENT_PLANS, { error: `Rent plan must be one of: ${RENT_PLANS.join(', ')}` }),
);

/**
 * The profile's view of the running year's rent (`rentDetails.plan`): the plan, each part with what
 * is paid of it, what is paid and left in total, the next part to pay (null when the year is paid)
 * and the most she may pay now (what is left of the year; never more).
 */
export const RentPlanStateSchema = z.object({
  plan: z.enum(RENT_PLANS),
  label: z.string(),
  year_rent: z.int(),
  parts: z.array(
    z.object({
      number: z.int(),
      amount: z.int(),
      due_on: z.string(),
      paid: z.int(),
      status: z.enum(RENT_PART_STATUSES),
    }),
  ),
  paid: z.int(),
  outstanding: z.int(),
  next: z.nullable(z.object({ number: z.int(), amount: z.int(), due_on: z.string() })),
  max_payable: z.int(),
});
export type RentPlanState = z.output<typeof RentPlanStateSchema>;
