import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_URGENCIES,
  type MaintenanceCategory,
  type MaintenanceStatus,
  type MaintenanceUrgency,
} from '@studynest/contracts';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, inList, refersTo, rowId, updatedAt } from '../../db/columns.ts';
import type { StoredImage as StoredPhoto } from '../../storage/photos.ts';
import { users } from '../auth/auth.schema.ts';
import { whoAndWhere } from '../rooms/rooms.schema.ts';
import { tenancies } from '../tenancies/tenancies.schema.ts';

/** Maintenance requests and their history (docs/domain.md, "Maintenance"). Owned by the maintenance module. */

/** A tenant's report of something broken (help page: "report maintenance online"). */
export const maintenanceRequests = pgTable(
  'maintenance_requests',
  {
    id: rowId(),
    ...whoAndWhere(),
    tenancyId: refersTo('tenancy_id', () => tenancies.id),
    category: text('category').$type<MaintenanceCategory>().notNull(),
    description: text('description').notNull(),
    urgency: text('urgency').$type<MaintenanceUrgency>().notNull(),
    status: text('status').$type<MaintenanceStatus>().notNull().default('open'),
    photos: jsonb('photos').$type<StoredPhoto[]>().notNull().default([]),
    /** When it should be done by: the help page's promise for its urgency. */
    dueBy: timestamp('due_by', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('maintenance_requests_category_ck', inList('category', MAINTENANCE_CATEGORIES)),
    check('maintenance_requests_urgency_ck', inList('urgency', MAINTENANCE_URGENCIES)),
    check('maintenance_requests_status_ck', inList('status', MAINTENANCE_STATUSES)),
    index('maintenance_requests_status_idx').on(t.status, t.createdAt),
    index('maintenance_requests_user_idx').on(t.userId, t.createdAt),
    index('maintenance_requests_hostel_idx').on(t.hostelId, t.createdAt),
  ],
);

/** Each status a maintenance request went through, with the admin's note. */
export const maintenanceEvents = pgTable(
  'maintenance_events',
  {
    id: rowId(),
    requestId: belongsTo('request_id', () => maintenanceRequests.id),
    status: text('status').$type<MaintenanceStatus>().notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('maintenance_events_status_ck', inList('status', MAINTENANCE_STATUSES)),
    index('maintenance_events_request_idx').on(t.requestId, t.createdAt),
  ],
);
