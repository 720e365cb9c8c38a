import * as z from 'zod/mini';
import { emailSchema, pagingSchema, prepared } from './common.ts';
import { BUSINESS, GENDERS, PHONE_FIELDS, USER_ROLES } from './constants.ts';

/** C0 controls and DEL: a tab, a line break, a NUL byte, all invisible and not typed into a password box. */
function hasControlCharacter(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/**
 * A new password (sign-up, reset, change). Any printable character is allowed; control characters
 * are not: a password with one cannot be typed again at a keyboard, and a NUL byte ends the string
 * early in some software. Passwords typed to log in (`enteredPassword`) are not checked, so one
 * chosen before this rule still works.
 */
export const PasswordSchema = z.string({ error: 'Password is required' }).check(
  z.minLength(BUSINESS.passwordMinLength, {
    error: `Password must be at least ${BUSINESS.passwordMinLength} characters`,
  }),
  z.maxLength(128, { error: 'Password must be at most 128 characters' }),
  z.refine((v) => !hasControlCharacter(v), {
    error: 'Password cannot contain control characters (such as a tab, a line break or a NUL byte)',
  }),
);

export const GenderSchema = prepared(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(GENDERS, { error: 'Gender must be male or female' }),
);

/** A code from an authenticator app for two-step sign-in (RFC 6238: 6 digits, 30-second steps). */
export const TotpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .check(z.trim(), z.regex(/^\d{6}$/, { error: 'The code is 6 digits from your authenticator app' }));

/** A password typed to prove who someone is (not a new one: no strength rules). */
export const enteredPassword = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.minLength(1, { error: `${label} is required` }), z.maxLength(128));

export const LoginSchema = z.object({
  email: emailSchema,
  password: enteredPassword('Password'),
  /** Admins with two-step sign-in on: the current code from their authenticator app. */
  totp: z.optional(TotpCodeSchema),
});
export type LoginInput = z.input<typeof LoginSchema>;
export type Login = z.output<typeof LoginSchema>;

/** The 4-digit code e-mailed for confirming an address or resetting a password. */
export const OtpSchema = z
  .string({ error: 'Enter the 4-digit code' })
  .check(z.trim(), z.regex(/^\d{4}$/, { error: 'The code is 4 digits' }));
/**
 * What sign-up gives the browser that chose the password: with the e-mailed code, it signs her in
 * (docs/decisions/0023-signed-in-after-the-code.md). Opaque to clients.
 */
export const SignupTicketSchema = z
  .string({ error: 'The sign-up ticket must be text' })
  .check(z.maxLength(200, { error: 'The sign-up ticket is too long' }));
export const VerifyEmailSchema = z.object({
  email: emailSchema,
  otp: OtpSchema,
  signup_ticket: z.optional(SignupTicketSchema),
});
export type VerifyEmailInput = z.input<typeof VerifyEmailSchema>;
export const ForgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>;
export const ResendOtpSchema = z.object({ email: emailSchema });
export const ResetPasswordSchema = z.object({ email: emailSchema, otp: OtpSchema, password: PasswordSchema });
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;
export type ResetPassword = z.output<typeof ResetPasswordSchema>;

export const UserSchema = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: z.enum(USER_ROLES),
  isEmailConfirmed: z.boolean(),
  created_at: z.string(),
  /** Two-step sign-in (authenticator app) is on: admins only. */
  two_step: z.optional(z.boolean()),
});
export type User = z.output<typeof UserSchema>;

export const LoginResponseSchema = z.object({
  token: z.string(),
  user: z.extend(
    z.pick(UserSchema, { _id: true, role: true, first_name: true, last_name: true, email: true }),
    {
      /** Admins only: two-step sign-in must be set up before admin pages open (ADMIN_MFA=required). */
      mfa_setup_required: z.optional(z.boolean()),
    },
  ),
});
export type LoginResponse = z.output<typeof LoginResponseSchema>;

/** The code confirmed; `token` and `user` (as at login) when a valid sign-up ticket came with it. */
export const VerifyEmailResponseSchema = z.object({
  message: z.string(),
  token: z.optional(z.string()),
  user: z.optional(LoginResponseSchema.shape.user),
});
export type VerifyEmailResponse = z.output<typeof VerifyEmailResponseSchema>;

export const SignupResponseSchema = z.object({
  message: z.string(),
  user: UserSchema,
  /** Students' own sign-up only: sent back with the code, it signs her in (VerifyEmailSchema). */
  signup_ticket: z.optional(z.string()),
});
export type SignupResponse = z.output<typeof SignupResponseSchema>;

/** GET /user/all: optional paging (the total goes in X-Total-Count). */
export const UserListQuerySchema = pagingSchema(500);

export { type EmergencyContact, EmergencyContactSchema, emergencyContactLines } from './emergency-contact.ts';

/**
 * GET /admin/phone-reviews: a number stored before the phone rule that cannot be a Nigerian mobile,
 * kept as it was (docs/domain.md, "Accounts"). No text goes to it until its owner gives a number
 * that can be one (their profile); then it leaves the list.
 */
export const PhoneReviewSchema = z.object({
  user: z.object({
    _id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
  }),
  /** Which of the account's numbers: its own, or its emergency contact's. */
  field: z.enum(PHONE_FIELDS),
  /** The number as stored. */
  value: z.string(),
  /** When the migration listed it. */
  listed_at: z.string(),
});
export type PhoneReview = z.output<typeof PhoneReviewSchema>;
