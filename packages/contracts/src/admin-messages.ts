import * as z from 'zod/mini';
import { IdSchema, optionalText, requiredText } from './common.ts';
import { DELIVERY_STATUSES, MESSAGE_AUDIENCES, MESSAGE_CHANNELS, MESSAGE_LIMITS } from './constants.ts';

export const MessageAudienceSchema = z
  .object({
    type: z.enum(MESSAGE_AUDIENCES, {
      error: `audience.type must be one of ${MESSAGE_AUDIENCES.join(', ')}`,
    }),
    hostel_id: z.optional(IdSchema),
    user_ids: z.optional(
      z
        .array(IdSchema)
        .check(
          z.minLength(1, { error: 'Choose at least one person' }),
          z.maxLength(MESSAGE_LIMITS.users, { error: `At most ${MESSAGE_LIMITS.users} people at a time` }),
        ),
    ),
  })
  .check(
    z.refine((a) => a.type !== 'hostel' || a.hostel_id !== undefined, {
      error: 'Choose the hostel whose tenants get this message',
      path: ['hostel_id'],
    }),
    z.refine((a) => a.type !== 'users' || a.user_ids !== undefined, {
      error: 'Choose the people who get this message',
      path: ['user_ids'],
    }),
  );
export type MessageAudience = z.output<typeof MessageAudienceSchema>;

/** POST /admin/messages: an e-mail (with a subject) or a text, to an audience. */
export const AdminMessageCreateSchema = z
  .object({
    channel: z.enum(MESSAGE_CHANNELS, { error: 'channel must be email or sms' }),
    audience: MessageAudienceSchema,
    subject: z.optional(optionalText('Subject', 200)),
    body: requiredText('Message', MESSAGE_LIMITS.email),
    /**
     * News or an offer (marketing): goes only to people who said yes to news and offers on this
     * channel. Left out, it is a notice (a service message). docs/domain.md, "Consent".
     */
    news: z.optional(z.boolean({ error: 'news must be true or false' })),
  })
  .check(
    z.refine((m) => m.channel !== 'sms' || m.body.length <= MESSAGE_LIMITS.sms, {
      error: `A text message must be at most ${MESSAGE_LIMITS.sms} characters`,
      path: ['body'],
    }),
    z.refine((m) => m.channel !== 'email' || Boolean(m.subject), {
      error: 'An e-mail needs a subject',
      path: ['subject'],
    }),
  );
export type AdminMessageCreateInput = z.input<typeof AdminMessageCreateSchema>;
export type AdminMessageCreate = z.output<typeof AdminMessageCreateSchema>;

const PersonNameSchema = z.object({ _id: z.string(), name: z.string() });

/** Someone in the audience who does not get the message, and why (no mobile number, turned off). */
export const SkippedRecipientSchema = z.object({ user: PersonNameSchema, reason: z.string() });
export type SkippedRecipient = z.output<typeof SkippedRecipientSchema>;

export const AdminMessageCreatedSchema = z.object({
  id: z.string(),
  recipients: z.int(),
  skipped: z.array(SkippedRecipientSchema),
});
export type AdminMessageCreated = z.output<typeof AdminMessageCreatedSchema>;

/** POST /admin/messages/preview: who would get it, who would not and why, and one person's copy; nothing is sent. */
export const AdminMessagePreviewSchema = z.object({
  recipients: z.int(),
  skipped: z.array(SkippedRecipientSchema),
  sample: z.nullable(
    z.object({ to: z.string(), name: z.string(), subject: z.nullable(z.string()), body: z.string() }),
  ),
});
export type AdminMessagePreview = z.output<typeof AdminMessagePreviewSchema>;

/** POST /admin/messages/{id}/retry: how many failed deliveries went back on the queue. */
export const AdminMessageRetriedSchema = z.object({ retried: z.int() });
export type AdminMessageRetried = z.output<typeof AdminMessageRetriedSchema>;

const countsShape = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, z.int()])) as Record<
  (typeof DELIVERY_STATUSES)[number],
  z.ZodMiniInt
>;

export const AdminMessageSummarySchema = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  audience: MessageAudienceSchema,
  subject: z.nullable(z.string()),
  body: z.string(),
  sender: z.nullable(PersonNameSchema),
  created_at: z.string(),
  recipients: z.int(),
  skipped: z.array(SkippedRecipientSchema),
  counts: z.object(countsShape),
});
export type AdminMessageSummary = z.output<typeof AdminMessageSummarySchema>;

export const AdminMessageDetailSchema = z.extend(AdminMessageSummarySchema, {
  deliveries: z.array(
    z.object({
      id: z.string(),
      user: z.nullable(PersonNameSchema),
      to: z.string(),
      status: z.enum(DELIVERY_STATUSES),
      error: z.nullable(z.string()),
      sent_at: z.nullable(z.string()),
    }),
  ),
});
export type AdminMessageDetail = z.output<typeof AdminMessageDetailSchema>;
