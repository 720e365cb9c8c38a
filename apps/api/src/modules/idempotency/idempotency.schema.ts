import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, rowId } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/**
 * Writes sent with an `Idempotency-Key` (docs/decisions/0027-offline-writes.md): a phone that lost
 * the signal sends the same write again, and the stored answer is given instead of a second write.
 * Owned by the idempotency module.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    key: text('key').notNull(),
    /** `POST /api/maintenance`: the same key on another route is the client's mistake, not a retry. */
    route: text('route').notNull(),
    bodyDigest: text('body_digest').notNull(),
    /** Null while the first request is still being handled. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotent_requests_user_key_uq').on(t.userId, t.key),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
