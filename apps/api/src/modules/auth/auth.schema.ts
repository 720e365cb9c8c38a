import {
  CONSENT_KINDS,
  CONSENT_SOURCES,
  type ConsentKind,
  type ConsentSource,
  GENDERS,
  type Gender,
  PHONE_FIELDS,
  PHONE_REVIEW_STATUSES,
  type PhoneField,
  type PhoneReviewStatus,
  USER_ROLES,
  type UserRole,
} from '@studynest/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, inList, rowId, updatedAt } from '../../db/columns.ts';

/** Accounts and their sign-in: people, their sessions and their e-mailed codes (docs/domain.md, "Accounts"). Owned by the auth module: only its code writes these tables. */

export const users = pgTable(
  'users',
  {
    id: rowId(),
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
    /** Optional service messages (reminders, notices) by e-mail / SMS; account, security and payment ones always go. */
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(true),
    /**
     * Consent to news and offers (marketing) by e-mail / SMS: no until she says yes (docs/domain.md,
     * "Consent"); every change is also a row in `consents`.
     */
    marketingEmail: boolean('marketing_email').notNull().default(false),
    marketingSms: boolean('marketing_sms').notNull().default(false),
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
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
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
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
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

/**
 * Stored phone numbers to look at (docs/domain.md, "Accounts"): migration 0022 lists every number
 * entered before the phone rule as `pending`; at start the check (phone-review.service.ts) rewrites
 * each one that can be a Nigerian mobile to E.164 and drops its row, and keeps the others unchanged
 * as `open`, listed for admins until the person gives a number that can be one.
 */
export const phoneReviews = pgTable(
  'phone_reviews',
  {
    userId: belongsTo('user_id', () => users.id),
    field: text('field').$type<PhoneField>().notNull(),
    /** The number as it was stored when listed. */
    value: text('value').notNull(),
    status: text('status').$type<PhoneReviewStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'phone_reviews_pk', columns: [t.userId, t.field] }),
    check('phone_reviews_field_ck', inList('field', PHONE_FIELDS)),
    check('phone_reviews_status_ck', inList('status', PHONE_REVIEW_STATUSES)),
    index('phone_reviews_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Every consent to news and offers given or withdrawn, with the exact words the person saw
 * (docs/domain.md, "Consent"): the proof the Data Protection Act asks for. Rows are only added.
 */
export const consents = pgTable(
  'consents',
  {
    id: rowId(),
    userId: belongsTo('user_id', () => users.id),
    kind: text('kind').$type<ConsentKind>().notNull(),
    granted: boolean('granted').notNull(),
    wording: text('wording').notNull(),
    source: text('source').$type<ConsentSource>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('consents_kind_ck', inList('kind', CONSENT_KINDS)),
    check('consents_source_ck', inList('source', CONSENT_SOURCES)),
    index('consents_user_idx').on(t.userId, t.at),
  ],
);
