import type { AuditDescription } from '@studynest/contracts';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, rowId } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/** The admins' activity log. Owned by the audit module. */

/** Every admin write (create, update, delete, status, admin sign-up…) with who, what and the outcome. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: rowId(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetId: text('target_id'),
    /**
     * What the action did in names and amounts, copied when it happened (docs/domain.md, "Activity
     * log"); null on entries recorded before descriptions were kept.
     */
    description: jsonb('description').$type<AuditDescription>(),
    statusCode: integer('status_code').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);
