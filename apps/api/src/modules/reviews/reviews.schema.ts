import { REVIEW_STATUSES, type ReviewStatus } from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, inList, rowId, updatedAt } from '../../db/columns.ts';

/** Reviews of the company, shown once approved. Owned by the reviews module. */

export const reviews = pgTable(
  'reviews',
  {
    id: rowId(),
    fullName: text('full_name').notNull(),
    feedback: text('feedback').notNull(),
    rating: integer('rating').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_ck', sql`${t.rating} between 1 and 5`),
    check('reviews_status_ck', inList('status', REVIEW_STATUSES)),
    index('reviews_status_created_idx').on(t.status, t.createdAt),
  ],
);
