import * as z from 'zod/mini';
import { addDays } from './calendar.ts';
import { optionalText, requiredText } from './common.ts';
import { MAX_DEDUCTIONS, MOVE_OUT_REASON_LABELS, MOVE_OUT_REASONS, type MoveOutReason } from './constants.ts';
import { formatLagosDate } from './format.ts';
import { nairaSchema } from './naira.ts';
import { calendarDate } from './tenant-requests.ts';

/*
 * Moving a tenant out: the admin's request and the days each reason allows. Apart from tenancies.ts,
 * whose answers bring the hostel and booking shapes, so the admin's form loads only these.
 */

export const DeductionSchema = z.object({
  description: requiredText('Each deduction needs a description', 200),
  amount: nairaSchema('Deduction amount').check(
    z.minimum(1, { error: 'Each deduction must be at least ₦1' }),
  ),
  /** The item of this tenancy's condition report the deduction is for, if any. */
  condition_item_id: z.optional(z.nullable(z.uuid({ error: 'condition_item_id must be an item id' }))),
});
export type Deduction = z.output<typeof DeductionSchema>;

/** POST /admin/tenancies/{id}/move-out. */
export const MoveOutSchema = z.object({
  /** The Lagos calendar day the tenant left: today or earlier. */
  date: calendarDate('Move-out date'),
  reason: z.enum(MOVE_OUT_REASONS, {
    error: `Reason must be one of: ${MOVE_OUT_REASONS.join(', ')}`,
  }),
  note: z.optional(optionalText('Note', 500)),
  deductions: z._default(
    z
      .array(DeductionSchema, { error: 'Deductions must be a list' })
      .check(z.maxLength(MAX_DEDUCTIONS, { error: `At most ${MAX_DEDUCTIONS} deductions` })),
    [],
  ),
});
export type MoveOutInput = z.input<typeof MoveOutSchema>;
export type MoveOut = z.output<typeof MoveOutSchema>;

/** What a move-out day is checked against: the tenancy as it stands and today, all Lagos dates. */
export type MoveOutDateContext = {
  startDate: string;
  dueDate: string;
  /** The Lagos day the tenant gave notice, or null when they have not. */
  noticeGivenOn: string | null;
  /** The notice period in the terms (TENANT_NOTICE_DAYS). */
  noticeDays: number;
  today: string;
};

/** Why a move-out cannot be recorded for that day and reason: the message, and what to say on which field. */
export type MoveOutDateProblem = { message: string; fields: { date?: string; reason?: string } };

/**
 * The days a move-out may be recorded for, by its reason (docs/domain.md, "Move-out"): from the end
 * of the tenant's notice period (run from the day they gave notice), between the notice and that end
 * (they left early on their own notice), from the end of the paid year, or (a breach) any day of the
 * tenancy. A move-out is recorded once the tenant has left, so never for a day after today. Null when
 * the day is allowed. One rule for the API, which refuses the request, and the form, which says so first.
 */
export function moveOutDateProblem(
  ctx: MoveOutDateContext,
  input: { date: string; reason: MoveOutReason },
): MoveOutDateProblem | null {
  const problem = (message: string, fields: MoveOutDateProblem['fields']) => ({ message, fields });
  if (input.date > ctx.today) {
    return problem('Record a move-out once the tenant has left: pick today or an earlier day', {
      date: `On or before ${formatLagosDate(ctx.today)}`,
    });
  }
  if (input.date < ctx.startDate) {
    return problem(`This tenancy started on ${formatLagosDate(ctx.startDate)}`, {
      date: `On or after ${formatLagosDate(ctx.startDate)}`,
    });
  }
  if (input.reason === 'tenant_notice' || input.reason === 'left_early') {
    const given = ctx.noticeGivenOn;
    if (!given) {
      return problem(
        'This tenant has not given notice: choose another reason, or ask them to give notice from their profile',
        { reason: 'The tenant has not given notice' },
      );
    }
    const earliest = addDays(given, ctx.noticeDays);
    if (input.reason === 'tenant_notice' && input.date < earliest) {
      return problem(
        `The tenant's ${ctx.noticeDays} days' notice runs until ${formatLagosDate(earliest)}: pick that day or later, or record that they left early`,
        { date: `On or after ${formatLagosDate(earliest)}` },
      );
    }
    if (input.reason === 'left_early' && input.date < given) {
      return problem(`The tenant gave notice on ${formatLagosDate(given)}: pick that day or later`, {
        date: `On or after ${formatLagosDate(given)}`,
      });
    }
    if (input.reason === 'left_early' && input.date >= earliest) {
      return problem(
        `The tenant's notice had run out by ${formatLagosDate(earliest)}, so they did not leave early: choose "${MOVE_OUT_REASON_LABELS.tenant_notice}"`,
        { reason: 'The notice had run out by then' },
      );
    }
  }
  if (input.reason === 'lease_ended' && input.date < ctx.dueDate) {
    return problem(
      `The paid rent year runs until ${formatLagosDate(ctx.dueDate)}: pick that day or later, or another reason`,
      { date: `On or after ${formatLagosDate(ctx.dueDate)}` },
    );
  }
  return null;
}
