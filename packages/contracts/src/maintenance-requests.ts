import * as z from 'zod/mini';
import { requiredText } from './common.ts';
import { MAINTENANCE_CATEGORIES, MAINTENANCE_URGENCIES } from './constants.ts';

/*
 * The tenant's maintenance report. Apart from maintenance.ts, whose answers bring the hostel and
 * booking shapes, so the profile's report form loads only these checks.
 */

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
