import * as z from 'zod/mini';
import { PersonRefSchema, RoomRefSchema } from './bookings.ts';
import { IdSchema, optionalText, pagingSchema } from './common.ts';
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_LIMITS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_URGENCIES,
} from './constants.ts';
import { HostelRefSchema, PhotoSchema } from './hostels.ts';

// The lists and targets live in constants.ts so the web can use them without loading zod.
export {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_LIMITS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TARGETS,
  MAINTENANCE_URGENCIES,
  type MaintenanceCategory,
  type MaintenanceStatus,
  type MaintenanceUrgency,
} from './constants.ts';
// The tenant's report lives apart (see tenant-requests.ts); it is part of this resource's contract.
export {
  type MaintenanceCreate,
  type MaintenanceCreateInput,
  MaintenanceCreateSchema,
} from './tenant-requests.ts';

/** PATCH /admin/maintenance/{id}: move a request on, with a note the tenant will see. */
export const MaintenanceUpdateSchema = z.object({
  status: z.enum(MAINTENANCE_STATUSES, { error: 'status must be open, in_progress or done' }),
  note: z.optional(optionalText('Note', 1000)),
});
export type MaintenanceUpdateInput = z.input<typeof MaintenanceUpdateSchema>;

/**
 * GET /admin/maintenance: one status or hostel, a page at a time (`limit` defaults to
 * MAINTENANCE_LIMITS.pageSize); the total matching goes in X-Total-Count.
 */
export const MaintenanceListQuerySchema = z.extend(pagingSchema(MAINTENANCE_LIMITS.maxPageSize), {
  status: z.optional(z.enum(MAINTENANCE_STATUSES, { error: 'status must be open, in_progress or done' })),
  hostel_id: z.optional(IdSchema),
});
export type MaintenanceListQuery = z.output<typeof MaintenanceListQuerySchema>;

export const MaintenanceEventSchema = z.object({
  status: z.enum(MAINTENANCE_STATUSES),
  note: z.nullable(z.string()),
  at: z.string(),
});

export const MaintenanceRequestSchema = z.object({
  _id: z.string(),
  category: z.enum(MAINTENANCE_CATEGORIES),
  description: z.string(),
  urgency: z.enum(MAINTENANCE_URGENCIES),
  status: z.enum(MAINTENANCE_STATUSES),
  /** Re-encoded without metadata, in the same sizes as hostel photos. */
  photos: z.array(PhotoSchema),
  hostel: HostelRefSchema,
  room: RoomRefSchema,
  user: PersonRefSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** When it should be done by, from the help page's promises (ISO instant). */
  due_by: z.string(),
  /** Not done and past `due_by`. */
  overdue: z.boolean(),
  /** Every status change, oldest first (the report itself is the first, `open`). */
  history: z.array(MaintenanceEventSchema),
});
export type MaintenanceRequest = z.output<typeof MaintenanceRequestSchema>;
