import * as z from 'zod/mini';
import { IdSchema } from './common.ts';
import { enteredPassword, PasswordSchema, TotpCodeSchema } from './users.ts';

/**
 * Machine-readable reasons on some 401/403 answers (ErrorSchema `code`), so a client can react
 * (ask for the authenticator code, confirm the password, open the set-up screen) without parsing
 * the message, which stays written for people.
 */
export const ERROR_CODES = {
  /** Login: this admin has two-step sign-in on; send `totp` with email and password. */
  totpRequired: 'totp_required',
  /** Creating an admin or deleting a user needs a password confirmed in the last few minutes. */
  reauthRequired: 'reauth_required',
  /** Admin routes, when ADMIN_MFA=required and this admin has not set up two-step sign-in. */
  mfaSetupRequired: 'mfa_setup_required',
  /** Bookings need a confirmed e-mail address. */
  emailUnconfirmed: 'email_unconfirmed',
  /** Deleting one's own account must wait: a running tenancy, a confirmed booking or money owed back. */
  deletionMustWait: 'deletion_must_wait',
  /** Rent: the admins require approved documents first (paperwork_required_for_rent) and hers are not. */
  documentsRequired: 'documents_required',
  /** Rent: the paperwork setting is on and she has not accepted the tenancy agreement for this rent. */
  agreementRequired: 'agreement_required',
  /** "Download my data": one request is still being prepared; its link will be e-mailed. */
  dataExportPending: 'data_export_pending',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Sign-in and session limits (seconds / minutes) that both the API and the web show. */
export const SESSION_LIMITS = {
  /** Absolute lifetime of a session. */
  studentTtlHours: 7 * 24,
  adminTtlHours: 12,
  /** A session unused for this long must log in again. */
  studentIdleHours: 72,
  adminIdleMinutes: 30,
  /** Creating an admin or deleting a user: the password must have been entered this recently. */
  reauthMinutes: 15,
} as const;

/** POST /auth/change-password: other sessions are signed out; an e-mail tells the owner. */
export const ChangePasswordSchema = z.object({
  current_password: enteredPassword('Current password'),
  new_password: PasswordSchema,
});
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;
export type ChangePassword = z.output<typeof ChangePasswordSchema>;

/** POST /auth/confirm-password: proves the person at the keyboard before a sensitive action. */
export const ConfirmPasswordSchema = z.object({ password: enteredPassword('Password') });
export const ConfirmPasswordResponseSchema = z.object({
  message: z.string(),
  /** Until when sensitive actions are allowed without asking again (ISO instant). */
  confirmed_until: z.string(),
});
export type ConfirmPasswordResponse = z.output<typeof ConfirmPasswordResponseSchema>;

/** GET /auth/sessions: where this account is signed in. */
export const SessionSchema = z.object({
  _id: z.string(),
  /** A short description of the browser and device, from its User-Agent. */
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionInfo = z.output<typeof SessionSchema>;
export const SessionListSchema = z.array(SessionSchema);
export const SessionParamsSchema = z.object({ id: IdSchema });

/** POST /auth/logout-others: every other session of this account stops working. */
export const LogoutOthersResponseSchema = z.object({ message: z.string(), signed_out: z.int() });
export type LogoutOthersResponse = z.output<typeof LogoutOthersResponseSchema>;

/** GET /auth/mfa: the admin's two-step sign-in state. */
export const MfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** The server requires it for admin pages (ADMIN_MFA=required). */
  required: z.boolean(),
});
export type MfaStatus = z.output<typeof MfaStatusSchema>;

/** POST /auth/mfa/setup: a new secret to add to an authenticator app (not active until confirmed). */
export const MfaSetupResponseSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth:// link: opens the authenticator app on the same phone. */
  otpauth_url: z.string(),
});
export type MfaSetup = z.output<typeof MfaSetupResponseSchema>;

/** POST /auth/mfa/enable: the first code from the app switches it on. */
export const MfaEnableSchema = z.object({ code: TotpCodeSchema });
/** POST /auth/mfa/disable: the password and a current code. */
export const MfaDisableSchema = z.object({ password: enteredPassword('Password'), code: TotpCodeSchema });
