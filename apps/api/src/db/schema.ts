import {
  AMENITIES,
  type Amenity,
  BOOKING_STATUSES,
  type BookingStatus,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  GENDER_POLICIES,
  GENDERS,
  type Gender,
  type GenderPolicy,
  INSPECTION_SLOTS,
  type InspectionSlot,
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_URGENCIES,
  type MaintenanceCategory,
  type MaintenanceStatus,
  type MaintenanceUrgency,
  MESSAGE_CHANNELS,
  MESSAGE_TOPICS,
  type MessageAudience,
  type MessageChannel,
  type MessageTopic,
  MOVE_OUT_REASONS,
  type MoveOutReason,
  NIGERIAN_STATES,
  type NigerianState,
  PAYMENT_KINDS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type PaymentKind,
  type PaymentProviderName,
  type PaymentStatus,
  REFUND_REASONS,
  REFUND_STATUSES,
  REVIEW_STATUSES,
  type RefundReason,
  type RefundStatus,
  type ReviewStatus,
  ROOM_STATUSES,
  ROOM_UNITS,
  type RoomStatus,
  type RoomUnit,
  type SkippedRecipient,
  UNIVERSITY_CODES,
  type UniversityCode,
  USER_ROLES,
  type UserRole,
} from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredImage as StoredPhoto } from '../storage/photos.ts';

/** All timestamps are UTC instants (timestamptz); the web shows them in Africa/Lagos. */
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const naira = (name: string) => integer(name).notNull();
/** A CHECK that the column holds one of the contract's values (the lists live in packages/contracts). */
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<UserRole>().notNull().default('student'),
    isEmailConfirmed: boolean('is_email_confirmed').notNull().default(false),
    emergencyName: text('emergency_name').notNull().default(''),
    emergencyRelationship: text('emergency_relationship').notNull().default(''),
    emergencyPhone: text('emergency_phone').notNull().default(''),
    emergencyAddress: text('emergency_address').notNull().default(''),
    /** The hash was made with PASSWORD_PEPPER as argon2's secret (older hashes are upgraded at login). */
    passwordPeppered: boolean('password_peppered').notNull().default(false),
    /** Wrong e-mailed codes across all codes, counted per rolling day (4-digit codes need a cap per account). */
    codeFailures: integer('code_failures').notNull().default(0),
    codeFailuresSince: timestamp('code_failures_since', { withTimezone: true, mode: 'date' }),
    /** Two-step sign-in (TOTP): the secret, encrypted; on once enabled_at is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last time step whose code was accepted: that code and earlier ones cannot be replayed. */
    totpLastStep: integer('totp_last_step'),
    /** Optional messages (reminders, announcements) by e-mail / SMS; account, security and payment ones always go. */
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Soft delete: payments and tenancies keep pointing at the person who paid. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('users_email_lower_live_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    check('users_role_ck', inList('role', USER_ROLES)),
    check('users_gender_ck', inList('gender', GENDERS)),
    check('users_email_lower_ck', sql`${t.email} = lower(${t.email})`),
    check('users_code_failures_ck', sql`${t.codeFailures} >= 0`),
  ],
);

/** One row per issued token (jti). Logout and account deletion revoke at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Idle timeout: refreshed at most once a minute by requests that use the session. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the password was last entered in this session (login or confirm-password). */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** The browser's User-Agent at login (cut short), so people can tell their sessions apart. */
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Hashed 4-digit codes; one live code per user and purpose (a new one replaces the old). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('one_time_codes_user_purpose_uq').on(t.userId, t.purpose),
    check('one_time_codes_purpose_ck', inList('purpose', ['verify_email', 'reset_password'])),
    check('one_time_codes_attempts_ck', sql`${t.attempts} >= 0`),
  ],
);

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

/**
 * Every message to one person, e-mail or SMS: the queue's record of what must go out, keyed so the
 * same message is never queued twice (`dedupe_key`), and what became of it.
 */
/** One message an admin sent to many (Send Email / Send SMS): its deliveries point back here. */
export const messageSends = pgTable(
  'message_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);

/** A column type drizzle lacks; search only ever reads it in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const hostels = pgTable(
  'hostels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostelName: text('hostel_name').notNull(),
    address: text('address').notNull(),
    hostelDetails: text('hostel_details').notNull().default(''),
    isClosed: boolean('is_closed').notNull().default(false),
    /** Facts students search by (docs/domain.md, "Hostels and rooms"); null when not given. */
    state: text('state').$type<NigerianState>(),
    city: text('city'),
    university: text('university').$type<UniversityCode>(),
    walkingMinutes: integer('walking_minutes'),
    genderPolicy: text('gender_policy').$type<GenderPolicy>().notNull().default('mixed'),
    amenities: text('amenities').array().$type<Amenity[]>().notNull().default(sql`'{}'::text[]`),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * What `q` is matched against: the words of the name (weight A, so they rank first) and of
     * `hostel_search_text(...)` (name, address, city, state, university code and name; migration
     * 0014), kept by the database itself so no write path can forget it. Triggers copy its words
     * into `hostel_search_terms`, the vocabulary typos are corrected against.
     */
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `setweight(to_tsvector('simple'::regconfig, hostel_name), 'A') || to_tsvector('simple'::regconfig, hostel_search_text(hostel_name, address, city, state, university))`,
        ),
      ),
    /**
     * What a student can book now, kept by triggers on `rooms` (migration 0010) so a search need
     * not read every hostel's rooms: the count and cheapest rent of rooms `available` and not held,
     * as of the last room write, and when the earliest running hold ends (from then on the two
     * may undercount until the next room write; search reads the rooms of such a hostel itself).
     * docs/decisions/0015-search.md.
     */
    availableRooms: integer('available_rooms').notNull().default(0),
    minAvailablePrice: integer('min_available_price'),
    availabilityStaleAt: timestamp('availability_stale_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('hostels_open_name_idx').on(t.isClosed, t.hostelName),
    // fastupdate off: a search would otherwise scan every entry written since the last vacuum.
    index('hostels_search_tsv_idx').using('gin', t.searchTsv).with({ fastupdate: false }),
    index('hostels_university_idx').on(t.university, t.walkingMinutes),
    // The price sorts page open hostels by their stored cheapest bookable rent (hostels.search.ts)
    // and read the few whose stored numbers a lapsed hold made stale apart.
    index('hostels_price_asc_idx')
      .on(sql`coalesce(${t.minAvailablePrice}, 2147483647)`, t.id)
      .where(sql`not ${t.isClosed}`),
    index('hostels_price_desc_idx')
      .on(sql`coalesce(${t.minAvailablePrice}, -1)`, t.id)
      .where(sql`not ${t.isClosed}`),
    index('hostels_availability_stale_idx')
      .on(t.availabilityStaleAt)
      .where(sql`${t.availabilityStaleAt} is not null`),
    check('hostels_state_ck', inList('state', NIGERIAN_STATES)),
    check('hostels_university_ck', inList('university', UNIVERSITY_CODES)),
    check('hostels_gender_policy_ck', inList('gender_policy', GENDER_POLICIES)),
    check(
      'hostels_amenities_ck',
      sql.raw(`amenities <@ array[${AMENITIES.map((a) => `'${a}'`).join(', ')}]::text[]`),
    ),
    check('hostels_walking_minutes_ck', sql`${t.walkingMinutes} between 0 and 1000`),
    check(
      'hostels_coordinates_ck',
      sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
  ],
);

/**
 * Every word any hostel's `search_tsv` has had, filled by triggers on `hostels` (migration 0014):
 * the short list a misspelt word of `q` is corrected against by trigrams (docs/domain.md, "Search").
 */
export const hostelSearchTerms = pgTable(
  'hostel_search_terms',
  { term: text('term').primaryKey() },
  // fastupdate off, as for hostels_search_tsv_idx: new words are rare, searches many.
  (t) => [
    index('hostel_search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export const hostelImages = pgTable(
  'hostel_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostelId: uuid('hostel_id')
      .notNull()
      .references(() => hostels.id, { onDelete: 'cascade' }),
    /** Our own name for the stored files: `<key>.jpg` plus `<key>-<width>.webp` variants. */
    storageKey: text('storage_key').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variantWidths: integer('variant_widths').array().notNull().default(sql`'{}'::integer[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('hostel_images_hostel_idx').on(t.hostelId, t.position)],
);

export const ROOM_NUMBER_PATTERN = '^room (0[1-9]|1[0-9]|20)$';

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostelId: uuid('hostel_id')
      .notNull()
      .references(() => hostels.id, { onDelete: 'cascade' }),
    roomNumber: text('room_number').notNull(),
    unit: text('unit').$type<RoomUnit>().notNull(),
    status: text('status').$type<RoomStatus>().notNull().default('available'),
    price: naira('price'),
    agentFee: naira('agent_fee'),
    cautionFee: naira('caution_fee'),
    commissionFee: naira('commission_fee'),
    /** The inspection hold: one student may hold an available room for a while (docs/domain.md, "Holds"). */
    heldByUserId: uuid('held_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('rooms_hostel_room_number_uq').on(t.hostelId, t.roomNumber),
    check('rooms_room_number_ck', sql.raw(`room_number ~ '${ROOM_NUMBER_PATTERN}'`)),
    check('rooms_unit_ck', inList('unit', ROOM_UNITS)),
    check('rooms_status_ck', inList('status', ROOM_STATUSES)),
    check(
      'rooms_money_ck',
      sql`${t.price} >= 0 and ${t.agentFee} >= 0 and ${t.cautionFee} >= 0 and ${t.commissionFee} >= 0`,
    ),
    index('rooms_status_idx').on(t.status),
    // A hostel's rooms a student might book, cheapest first, answered from the index alone.
    index('rooms_available_idx')
      .on(t.hostelId, t.price, t.unit, t.heldUntil)
      .where(sql`${t.status} = 'available'`),
    index('rooms_held_by_idx').on(t.heldByUserId).where(sql`${t.heldByUserId} is not null`),
  ],
);

/** Who a booking, payment or tenancy is for, and which room of which hostel. */
const whoAndWhere = () => ({
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  roomId: uuid('room_id')
    .notNull()
    .references(() => rooms.id),
  hostelId: uuid('hostel_id')
    .notNull()
    .references(() => hostels.id),
});

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...whoAndWhere(),
    inspectionDate: date('inspection_date', { mode: 'string' }).notNull(),
    inspectionSlot: text('inspection_slot').$type<InspectionSlot>().notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('pending'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('bookings_status_ck', inList('status', BOOKING_STATUSES)),
    check('bookings_slot_ck', inList('inspection_slot', INSPECTION_SLOTS)),
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_room_idx').on(t.roomId),
    index('bookings_status_date_idx').on(t.status, t.inspectionDate),
    // Reports: bookings of a period, and the CSV export's keyset order.
    index('bookings_created_idx').on(t.createdAt, t.id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Our own unique reference per attempt; the provider echoes it back. */
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<PaymentKind>().notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    hostelId: uuid('hostel_id')
      .notNull()
      .references(() => hostels.id),
    amount: naira('amount'),
    currency: text('currency').notNull().default('NGN'),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** A success that arrived after the room went to someone else: money to give back. */
    needsRefund: boolean('needs_refund').notNull().default(false),
    /** Why it is owed back, set with `needs_refund`. */
    refundReason: text('refund_reason').$type<RefundReason>(),
    providerData: jsonb('provider_data'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** `SN-<Lagos year>-<6 digits>`, given once when the payment turns success (docs/domain.md, Receipts). */
    receiptNumber: text('receipt_number').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_kind_ck', inList('kind', PAYMENT_KINDS)),
    check('payments_status_ck', inList('status', PAYMENT_STATUSES)),
    check('payments_provider_ck', inList('provider', PAYMENT_PROVIDERS)),
    check('payments_currency_ck', sql`${t.currency} = 'NGN'`),
    check('payments_amount_ck', sql`${t.amount} >= 0`),
    check('payments_agent_fee_booking_ck', sql`${t.kind} <> 'agent_fee' or ${t.bookingId} is not null`),
    check('payments_refund_reason_ck', inList('refund_reason', REFUND_REASONS)),
    check('payments_needs_refund_reason_ck', sql`not ${t.needsRefund} or ${t.refundReason} is not null`),
    index('payments_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    index('payments_room_idx').on(t.roomId),
    index('payments_booking_idx').on(t.bookingId),
    // Reports (docs/domain.md, "Reports"), each read from its index alone: successes by when they
    // were paid (revenue); standing agent fees by booking and standing rents by student and room
    // (the funnel); the CSV export's keyset order.
    index('payments_paid_success_idx')
      .on(t.paidAt, t.kind, t.amount, t.needsRefund)
      .where(sql`${t.status} = 'success'`),
    index('payments_standing_fee_idx')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'agent_fee' and ${t.status} = 'success' and not ${t.needsRefund}`),
    index('payments_standing_rent_idx')
      .on(t.userId, t.roomId, t.paidAt)
      .where(sql`${t.kind} = 'rent' and ${t.status} = 'success' and not ${t.needsRefund}`),
    index('payments_created_idx').on(t.createdAt, t.id),
    // Deposits held at a period's end (the revenue report) and a tenant's unsettled deposit.
    index('payments_deposits_idx')
      .on(t.paidAt)
      .where(sql`${t.kind} = 'caution_fee' and ${t.status} = 'success' and not ${t.needsRefund}`),
  ],
);

/**
 * Money given back from a successful payment (docs/domain.md, "Refunds"): one row per attempt,
 * pending → processed | failed. At most one attempt per payment is pending at a time, and the
 * pending and processed ones never add up to more than the payment (checked under the payment's
 * row lock when one is added).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: naira('amount'),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** The provider's id for the refund (Paystack's numeric id, as text), once it has one. */
    providerRefundId: text('provider_refund_id'),
    providerData: jsonb('provider_data'),
    /** When it was handed to the provider: set once, by the one worker that sends it. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    failureReason: text('failure_reason'),
    /** The failed attempt this one tries again. */
    retryOf: uuid('retry_of'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_status_ck', inList('status', REFUND_STATUSES)),
    check('refunds_provider_ck', inList('provider', PAYMENT_PROVIDERS)),
    check('refunds_amount_ck', sql`${t.amount} > 0`),
    uniqueIndex('refunds_one_pending_uq').on(t.paymentId).where(sql`${t.status} = 'pending'`),
    index('refunds_payment_idx').on(t.paymentId, t.createdAt),
    index('refunds_created_idx').on(t.createdAt),
  ],
);

/**
 * The last receipt number given in each Lagos year. Taking the next one is one upsert inside the
 * transaction that turns the payment into a success, so numbers are gap-free (a rolled-back
 * transaction gives its number back) and concurrent successes queue on the year's row.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    year: integer('year').primaryKey(),
    last: integer('last').notNull(),
  },
  (t) => [check('receipt_counters_last_ck', sql`${t.last} > 0`)],
);

export const tenancies = pgTable(
  'tenancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...whoAndWhere(),
    /** Calendar dates in Africa/Lagos. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The start of the Lagos day the tenant moved out (docs/domain.md, "Move-out"). */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** The tenant's written notice: when it was given and the day they mean to leave. */
    noticeGivenAt: timestamp('notice_given_at', { withTimezone: true, mode: 'date' }),
    noticeMoveOutOn: date('notice_move_out_on', { mode: 'string' }),
    endReason: text('end_reason').$type<MoveOutReason>(),
    endNote: text('end_note'),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
    moveOutRecordedAt: timestamp('move_out_recorded_at', { withTimezone: true, mode: 'date' }),
    /**
     * The agent fee this tenancy spent: the standing fee of its student for the room when the first
     * rent started it (docs/domain.md, "Tenancy"). A spent fee is never owed back.
     */
    agentFeePaymentId: uuid('agent_fee_payment_id').references(() => payments.id),
    /** The caution deposit this move-out settled, and what of it was held then. */
    depositPaymentId: uuid('deposit_payment_id').references(() => payments.id),
    depositHeld: integer('deposit_held'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenancies_room_active_uq').on(t.roomId).where(sql`${t.endedAt} is null`),
    index('tenancies_user_idx').on(t.userId),
    // A deposit is settled by one move-out at most, and a fee spent on one tenancy.
    uniqueIndex('tenancies_deposit_payment_uq').on(t.depositPaymentId),
    uniqueIndex('tenancies_agent_fee_payment_uq').on(t.agentFeePaymentId),
    check('tenancies_dates_ck', sql`${t.dueDate} > ${t.startDate}`),
    check('tenancies_end_reason_ck', inList('end_reason', MOVE_OUT_REASONS)),
    check('tenancies_notice_ck', sql`(${t.noticeGivenAt} is null) = (${t.noticeMoveOutOn} is null)`),
    check(
      'tenancies_moved_out_ck',
      sql`${t.endReason} is null or (${t.endedAt} is not null and ${t.moveOutRecordedAt} is not null)`,
    ),
  ],
);

/** A move-out's itemised deductions from the caution deposit, in the order the admin listed them. */
export const tenancyDeductions = pgTable(
  'tenancy_deductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    amount: naira('amount'),
  },
  (t) => [
    uniqueIndex('tenancy_deductions_position_uq').on(t.tenancyId, t.position),
    check('tenancy_deductions_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** A tenant's report of something broken (help page: "report maintenance online"). */
export const maintenanceRequests = pgTable(
  'maintenance_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...whoAndWhere(),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id),
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
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
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

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscribers_email_lower_uq').on(sql`lower(${t.email})`)],
);

/** Key/value facts the server keeps about itself (e.g. that demo data was seeded once). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Every admin write (create, update, delete, status, admin sign-up…) with who, what and the outcome. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetId: text('target_id'),
    statusCode: integer('status_code').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);
