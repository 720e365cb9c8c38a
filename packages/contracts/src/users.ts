import { z } from 'zod';
import { emailSchema, phoneSchema, requiredText } from './common.ts';
import { BUSINESS, GENDERS, USER_ROLES } from './constants.ts';
import { HostelRefSchema } from './hostels.ts';

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(BUSINESS.passwordMinLength, {
    error: `Password must be at least ${BUSINESS.passwordMinLength} characters`,
  })
  .max(128, { error: 'Password must be at most 128 characters' });

export const GenderSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(GENDERS, { error: 'Gender must be male or female' }),
);

export const SignupSchema = z.object({
  first_name: requiredText('First name', 60),
  last_name: requiredText('Last name', 60),
  gender: GenderSchema,
  email: emailSchema,
  phone_number: phoneSchema,
  password: PasswordSchema,
});
export type SignupInput = z.input<typeof SignupSchema>;

/** A TOTP code from an authenticator app (RFC 6238: 6 digits, 30-second steps). */
export const TotpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, { error: 'The code is 6 digits from your authenticator app' });

export const LoginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(128),
  /** Admins with two-step sign-in on: the current code from their authenticator app. */
  totp: TotpCodeSchema.optional(),
});
export const OtpSchema = z
  .string({ error: 'Enter the 4-digit code' })
  .trim()
  .regex(/^\d{4}$/, { error: 'The code is 4 digits' });
export const VerifyEmailSchema = z.object({ email: emailSchema, otp: OtpSchema });
export const ForgotPasswordSchema = z.object({ email: emailSchema });
export const ResendOtpSchema = z.object({ email: emailSchema });
export const ResetPasswordSchema = z.object({ email: emailSchema, otp: OtpSchema, password: PasswordSchema });

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
  two_step: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({
  token: z.string(),
  user: UserSchema.pick({ _id: true, role: true, first_name: true, last_name: true, email: true }).extend({
    /** Admins only: two-step sign-in must be set up before admin pages open (ADMIN_MFA=required). */
    mfa_setup_required: z.boolean().optional(),
  }),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const SignupResponseSchema = z.object({ message: z.string(), user: UserSchema });
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** GET /user/all: optional paging (the total goes in X-Total-Count). */
export const UserListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(500, { error: 'limit must be at most 500' })
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset cannot be negative' })
    .optional(),
});

export const EmergencyContactSchema = z.object({
  name: z.string().trim().max(120, { error: 'Name must be at most 120 characters' }),
  relationship: z.string().trim().max(60, { error: 'Relationship must be at most 60 characters' }),
  phone: z.union([z.literal(''), phoneSchema]),
  address: z.string().trim().max(300, { error: 'Address must be at most 300 characters' }),
});
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;

export const ProfileUpdateSchema = z
  .object({
    first_name: requiredText('First name', 60),
    last_name: requiredText('Last name', 60),
    phone_number: phoneSchema,
    // Partial too: a client may change one line of the contact without resending the rest.
    emergency_contact: EmergencyContactSchema.partial(),
  })
  .partial();
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

export const RentDetailsSchema = z.object({
  rentStartDate: z.string(),
  rentDueDate: z.string(),
  countdown: z.number().int(),
});

export const ProfileSchema = UserSchema.extend({
  emergency_contact: EmergencyContactSchema,
  hostel: HostelRefSchema.nullable(),
  agentFeePayment: z
    .object({
      status: z.string(),
      payment_type: z.string(),
      amount: z.number().int(),
      reference: z.string(),
      booking: z.object({ _id: z.string(), inspection_date_time: z.string() }),
      room: z.object({
        _id: z.string(),
        room_number: z.string(),
        unit: z.string(),
        agent_fee: z.number().int(),
        price: z.number().int(),
        caution_fee: z.number().int(),
        commission_fee: z.number().int(),
      }),
      hostel: HostelRefSchema,
    })
    .nullable(),
  roomPricePayment: z
    .object({ status: z.string(), amount: z.number().int(), reference: z.string() })
    .nullable(),
  rentDetails: RentDetailsSchema.nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;
