import * as z from 'zod/mini';
import { IdSchema, optionalText, requiredText } from './common.ts';
import { CONDITION_LIMITS, CONDITION_REPORT_STATUSES, CONDITION_STATES } from './condition-constants.ts';
import { PhotoSchema } from './hostels.ts';

/*
 * The room's condition at move-in (docs/domain.md, "The room's condition"): items with a state, a
 * note and photos, recorded by an admin or by the tenant (then confirmed by an admin).
 */

export const ConditionItemInputSchema = z.object({
  name: requiredText('Each item needs a name', 80),
  state: z.enum(CONDITION_STATES, { error: `State must be one of: ${CONDITION_STATES.join(', ')}` }),
  note: z.optional(optionalText('Note', 500)),
  /** Photos uploaded for this tenancy's report first (POST /tenancies/{id}/condition/photos). */
  photo_ids: z._default(
    z.array(IdSchema, { error: 'photo_ids must be a list of photo ids' }).check(
      z.maxLength(CONDITION_LIMITS.maxPhotosPerItem, {
        error: `At most ${CONDITION_LIMITS.maxPhotosPerItem} photos an item`,
      }),
    ),
    [],
  ),
});
export type ConditionItemInput = z.input<typeof ConditionItemInputSchema>;

/** POST /tenancies/{id}/condition: a new version of the report. */
export const ConditionRecordSchema = z.object({
  items: z
    .array(ConditionItemInputSchema, { error: 'Items must be a list' })
    .check(
      z.minLength(1, { error: 'List at least one item' }),
      z.maxLength(CONDITION_LIMITS.maxItems, { error: `At most ${CONDITION_LIMITS.maxItems} items` }),
    ),
});
export type ConditionRecordInput = z.input<typeof ConditionRecordSchema>;
export type ConditionRecord = z.output<typeof ConditionRecordSchema>;

/** A photo of the room: links signed for a while, read through the API (never public listing photos). */
export const ConditionPhotoSchema = PhotoSchema;

export const ConditionItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  state: z.enum(CONDITION_STATES),
  note: z.nullable(z.string()),
  photos: z.array(ConditionPhotoSchema),
});
export type ConditionItem = z.output<typeof ConditionItemSchema>;

export const ConditionReportSchema = z.object({
  _id: z.string(),
  tenancy_id: z.string(),
  /** 1 for the first record; a correction is the next version, the earlier ones kept. */
  version: z.int(),
  status: z.enum(CONDITION_REPORT_STATUSES),
  recorded_by: z.enum(['admin', 'tenant']),
  recorded_at: z.string(),
  confirmed_at: z.nullable(z.string()),
  items: z.array(ConditionItemSchema),
});
export type ConditionReport = z.output<typeof ConditionReportSchema>;

/** GET /tenancies/{id}/condition: every version, newest first (the first is the current one). */
export const ConditionReportsSchema = z.array(ConditionReportSchema);
