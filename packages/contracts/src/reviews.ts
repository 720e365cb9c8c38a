import { z } from 'zod';
import { emailSchema, requiredText } from './common.ts';
import { REVIEW_STATUSES } from './constants.ts';

/** Ratings arrive as numbers (JSON) or numeric strings (forms); both mean the same. */
const ratingSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int({ error: 'Choose a rating from 1 to 5 stars' })
    .min(1, { error: 'Choose a rating from 1 to 5 stars' })
    .max(5, { error: 'Choose a rating from 1 to 5 stars' }),
);

export const ReviewCreateSchema = z.object({
  full_name: requiredText('Full name', 120),
  feedback: requiredText('Feedback', 2000),
  rating: ratingSchema,
});
export type ReviewCreate = z.input<typeof ReviewCreateSchema>;

/** What everybody sees: approved reviews only, so no status. */
export const ReviewSchema = z.object({
  _id: z.string(),
  full_name: z.string(),
  feedback: z.string(),
  rating: z.number().int(),
  created_at: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** The moderation list adds the status. */
export const ReviewAdminSchema = ReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  updated_at: z.string(),
});
export type ReviewAdmin = z.infer<typeof ReviewAdminSchema>;

export const ReviewStatusUpdateSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: "Status must be 'approved', 'hidden' or 'pending'" }),
});
export type ReviewStatusUpdate = z.infer<typeof ReviewStatusUpdateSchema>;

export const ReviewListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(100, { error: 'limit must be at most 100' })
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset cannot be negative' })
    .optional(),
});

export const ReviewCreatedSchema = z.object({ message: z.string(), review: ReviewAdminSchema });

export const SubscriberCreateSchema = z.object({ email: emailSchema });
export type SubscriberCreate = z.input<typeof SubscriberCreateSchema>;

/** Public support contacts and notice periods (server configuration) for the static pages. */
export const SiteInfoSchema = z.object({
  supportPhone: z.string(),
  supportEmail: z.string(),
  whatsappNumber: z.string(),
  tenantNoticeDays: z.number().int(),
  amendmentNoticeDays: z.number().int(),
  depositRefundDays: z.number().int(),
  moveOutNoticeDays: z.number().int(),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
