import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  MESSAGE_CHANNELS,
  MESSAGE_TOPICS,
  type MessageAudience,
  type MessageChannel,
  type MessageTopic,
  type SkippedRecipient,
} from '@studynest/contracts';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList, rowId, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/** Messages to people: every e-mail and text as a delivery, and the admins' sends to many (docs/domain.md, "Messages"). Owned by the messages module. */

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: rowId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
);

/** One message an admin sent to many (Send Email / Send SMS): its deliveries point back here. */
export const messageSends = pgTable(
  'message_sends',
  {
    id: rowId(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').$type<MessageChannel>().notNull(),
    audience: jsonb('audience').$type<MessageAudience>().notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    skipped: jsonb('skipped').$type<SkippedRecipient[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    check('message_sends_channel_ck', inList('channel', MESSAGE_CHANNELS)),
    index('message_sends_created_idx').on(t.createdAt),
  ],
);

/**
 * Every message to one person, e-mail or SMS: the queue's record of what must go out, keyed so the
 * same message is never queued twice (`dedupe_key`), and what became of it.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: rowId(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    /** An e-mail address, or a phone number in E.164 (+234…). */
    recipient: text('recipient').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    topic: text('topic').$type<MessageTopic>().notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** The admin's message this delivery is part of, if any. */
    sendId: uuid('send_id').references(() => messageSends.id, { onDelete: 'cascade' }),
    status: text('status').$type<DeliveryStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('message_deliveries_channel_ck', inList('channel', MESSAGE_CHANNELS)),
    check('message_deliveries_topic_ck', inList('topic', MESSAGE_TOPICS)),
    check('message_deliveries_status_ck', inList('status', DELIVERY_STATUSES)),
    index('message_deliveries_status_idx').on(t.status, t.createdAt),
    index('message_deliveries_user_idx').on(t.userId, t.createdAt),
    index('message_deliveries_send_idx').on(t.sendId),
  ],
);

/** Text messages the development SMS provider "sent" (read at /api/dev/sms-outbox). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: rowId(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);
