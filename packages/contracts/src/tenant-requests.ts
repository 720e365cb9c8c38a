import * as z from 'zod/mini';
import { requiredText } from './common.ts';
import { MAINTENANCE_CATEGORIES, MAINTENANCE_URGENCIES } from './constants.ts';
import { isCalendarDate } from './lagos-date.ts';

/*
 * What a tenant sends from the profile: the notice to move out and a maintenance report. Apart from
 * tenancies.ts and maintenance.ts, whose answers bring the hostel and booking shapes, so the
 * profile's forms load only their own checks in the browser, in one small file.
 */

/** A Lagos calendar day written YYYY-MM-DD, named in its messages. */
export const calendarDate = (label: string) =>
  z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .check(z.refine(isCalendarDate, { error: `${label} must be a date written YYYY-MM-DD` }));

/** POST /tenancy/notice: the tenant's written notice to end the tenancy. */
export const TenancyNoticeSchema = z.object({
  /** The Lagos calendar day the tenant means to leave: at least the notice period from today. */
  move_out_on: calendarDate('Move-out date'),
});
export type TenancyNoticeInput = z.input<typeof TenancyNoticeSchema>;

/** POST /maintenance: the text fields of the tenant's report (photos come as files beside them). */
export const MaintenanceCreateSchema = z.object({
  category: z.enum(MAINTENANCE_CATEGORIES, {
    error: `Choose what kind of problem it is (${MAINTENANCE_CATEGORIES.join(', ')})`,
  }),
  description: requiredText('Description', 2000).check(
    z.minLength(10, { error: 'Describe the problem in a few words (at least 10 characters)' }),
  ),
  urgency: z.enum(MAINTENANCE_URGENCIES, {
    error: 'Say whether it is an emergency or can wait (emergency or normal)',
  }),
});
export type MaintenanceCreateInput = z.input<typeof MaintenanceCreateSchema>;
export type MaintenanceCreate = z.output<typeof MaintenanceCreateSchema>;
