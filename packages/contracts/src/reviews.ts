import * as z from 'zod/mini';
import { emailSchema, pagingSchema, prepared, requiredText, wholeNumber } from './common.ts';
import { REVIEW_STATUSES } from './constants.ts';

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';

/** Ratings arrive as numbers (JSON) or numeric strings (forms); both mean the same. */
const ratingSchema = prepared(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  wholeNumber(RATING_MESSAGE, RATING_MESSAGE).check(
    z.minimum(1, { error: RATING_MESSAGE }),
    z.maximum(5, { error: RATING_MESSAGE }),
  ),
);

export const ReviewCreateSchema = z.object({
  full_name: requiredText('Full name', 120),
  feedback: requiredText('Feedback', 2000),
  rating: ratingSchema,
});
export type ReviewCreateInput = z.input<typeof ReviewCreateSchema>;
export type ReviewCreate = z.output<typeof ReviewCreateSchema>;

/** What everybody sees: approved reviews only, so no status. */
export const ReviewSchema = z.object({
  _id: z.string(),
  full_name: z.string(),
  feedback: z.string(),
  rating: z.int(),
  created_at: z.string(),
});
export type Review = z.output<typeof ReviewSchema>;

/** The moderation list adds the status. */
export const ReviewAdminSchema = z.extend(ReviewSchema, {
  status: z.enum(REVIEW_STATUSES),
  updated_at: z.string(),
});
export type ReviewAdmin = z.output<typeof ReviewAdminSchema>;

export const ReviewStatusUpdateSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: "Status must be 'approved', 'hidden' or 'pending'" }),
});
export type ReviewStatusUpdate = z.output<typeof ReviewStatusUpdateSchema>;

export const ReviewListQuerySchema = pagingSchema(100);

export const ReviewCreatedSchema = z.object({ message: z.string(), review: ReviewAdminSchema });
export type ReviewCreated = z.output<typeof ReviewCreatedSchema>;

export const SubscriberCreateSchema = z.object({ email: emailSchema });
export type SubscriberCreateInput = z.input<typeof SubscriberCreateSchema>;

/** Public support contacts and notice periods (server configuration) for the static pages. */
export const SiteInfoSchema = z.object({
  supportPhone: z.string(),
  supportEmail: z.string(),
  whatsappNumber: z.string(),
  tenantNoticeDays: z.int(),
  amendmentNoticeDays: z.int(),
  depositRefundDays: z.int(),
  /** Hours before an inspection until which its booking may be cancelled (admin settings). */
  inspectionCancelHours: z.int(),
  /** Days a person's files are kept after her tenancy ends before they are deleted (admin settings). */
  documentRetentionDays: z.int(),
  /** Hours an e-mailed "Download my data" link works. */
  dataExportHours: z.int(),
});
export type SiteInfo = z.output<typeof SiteInfoSchema>;
