/**
 * Tenants' reviews of a hostel (docs/domain.md, "Hostel reviews"): a tenant of the hostel, running
 * or ended, gives it 1–5 stars and a text once per tenancy and may edit them; admins hide a review
 * with a reason and may show it again; anyone signed in may report one.
 */
import * as z from 'zod/mini';
import { pagingSchema, prepared, requiredText, wholeNumber } from './common.ts';
import { HOSTEL_REVIEW_LIMITS } from './hostel-review-limits.ts';

const STARS_MESSAGE = 'Choose a rating from 1 to 5 stars';
const { minText, maxText, maxReason } = HOSTEL_REVIEW_LIMITS;
const TEXT_MESSAGE = `Write between ${minText} and ${maxText} characters about your stay`;

/** Stars arrive as numbers (JSON) or numeric strings (forms); both mean the same. */
const starsSchema = prepared(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  wholeNumber(STARS_MESSAGE, STARS_MESSAGE).check(
    z.minimum(1, { error: STARS_MESSAGE }),
    z.maximum(5, { error: STARS_MESSAGE }),
  ),
);

const textSchema = z
  .string({ error: TEXT_MESSAGE })
  .check(
    z.trim(),
    z.minLength(minText, { error: TEXT_MESSAGE }),
    z.maxLength(maxText, { error: TEXT_MESSAGE }),
  );

export const HostelReviewWriteSchema = z.object({ rating: starsSchema, text: textSchema });
export type HostelReviewWrite = z.output<typeof HostelReviewWriteSchema>;

export const HostelReviewHideSchema = z.object({ reason: requiredText('Reason', maxReason) });
export type HostelReviewHide = z.output<typeof HostelReviewHideSchema>;

export const HostelReviewListQuerySchema = pagingSchema(50);

/** A review as everybody sees it: the author by first name and initial only. */
export const HostelReviewSchema = z.object({
  _id: z.string(),
  hostel_id: z.string(),
  rating: z.int(),
  text: z.string(),
  author_name: z.string(),
  created_at: z.string(),
  /** When its author last changed it; null if never. */
  edited_at: z.nullable(z.string()),
});
export type HostelReview = z.output<typeof HostelReviewSchema>;

/** The author's own review: whether it is hidden, and why. */
export const HostelReviewOwnSchema = z.extend(HostelReviewSchema, {
  tenancy_id: z.string(),
  hidden: z.boolean(),
  hidden_reason: z.nullable(z.string()),
});
export type HostelReviewOwn = z.output<typeof HostelReviewOwnSchema>;

/** The moderation list: the author in full, the hostel's name, the reports. */
export const HostelReviewAdminSchema = z.extend(HostelReviewOwnSchema, {
  hostel_name: z.string(),
  author_id: z.string(),
  author_email: z.string(),
  hidden_at: z.nullable(z.string()),
  report_count: z.int(),
});
export type HostelReviewAdmin = z.output<typeof HostelReviewAdminSchema>;

/** A stay the signed-in student may review, with her review of it once written. */
export const ReviewableStaySchema = z.object({
  tenancy_id: z.string(),
  hostel: z.object({ _id: z.string(), hostel_name: z.string() }),
  start_date: z.string(),
  ended: z.boolean(),
  review: z.nullable(HostelReviewOwnSchema),
});
export type ReviewableStay = z.output<typeof ReviewableStaySchema>;

export const HostelReviewReportedSchema = z.object({ message: z.string() });
