/*
 * The room's condition at move-in (docs/domain.md, "The room's condition"), without zod: the admin's
 * forms read them, and other screens' shared chunks stay as they were. The schemas are in condition.ts.
 */
export const CONDITION_STATES = ['good', 'fair', 'damaged', 'missing'] as const;
export type ConditionState = (typeof CONDITION_STATES)[number];
export const CONDITION_STATE_LABELS: Record<ConditionState, string> = {
  good: 'Good',
  fair: 'Fair',
  damaged: 'Damaged',
  missing: 'Missing',
};

/** What a report starts with; the recorder adds what the room also has. */
export const DEFAULT_CONDITION_ITEMS = [
  'Bed',
  'Mattress',
  'Wardrobe',
  'Door & lock',
  'Windows',
  'Walls',
  'Fan',
  'Sockets',
  'Bathroom fittings',
] as const;

export const CONDITION_LIMITS = { maxItems: 40, maxPhotosPerItem: 3 } as const;

export const CONDITION_REPORT_STATUSES = ['awaiting_confirmation', 'confirmed'] as const;
export type ConditionReportStatus = (typeof CONDITION_REPORT_STATUSES)[number];
