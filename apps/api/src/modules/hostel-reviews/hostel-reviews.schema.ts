import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, refersTo, rowId } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';
import { hostels } from '../hostels/hostels.schema.ts';
import { tenancies } from '../tenancies/tenancies.schema.ts';

/** Tenants' reviews of hostels and the reports on them (docs/domain.md, "Hostel reviews"). Owned by the hostel-reviews module. */

export const hostelReviews = pgTable(
  'hostel_reviews',
  {
    id: rowId(),
    /**
     * One review per stay: the tenancy it is about, which also names its author and hostel. A
     * review is a record the hostel and the stay must keep (like the tenancy itself), so neither
     * goes while it exists.
     */
    tenancyId: refersTo('tenancy_id', () => tenancies.id).unique(),
    hostelId: refersTo('hostel_id', () => hostels.id),
    userId: belongsTo('user_id', () => users.id),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    /** When the author last changed it; null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('hostel_reviews_rating_ck', sql`${t.rating} between 1 and 5`),
    check('hostel_reviews_hidden_ck', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    // The hostel page's list: visible reviews of one hostel, newest first.
    index('hostel_reviews_hostel_idx').on(t.hostelId, t.createdAt).where(sql`${t.hiddenAt} is null`),
    index('hostel_reviews_user_idx').on(t.userId),
  ],
);

/** One report per person per review. */
export const hostelReviewReports = pgTable(
  'hostel_review_reports',
  {
    // Its own id, as every row has: the check for records a deletion would lose follows ids.
    id: rowId(),
    reviewId: belongsTo('review_id', () => hostelReviews.id),
    userId: belongsTo('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('hostel_review_reports_once_uq').on(t.reviewId, t.userId)],
);
