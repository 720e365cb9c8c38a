import * as z from 'zod/mini';
import { emailSchema, prepared, requiredText } from './common.ts';
import { optionalPhoneSchema, phoneSchema } from './phone.ts';
import { emergencyContactLines, GenderSchema, PasswordSchema } from './users.ts';

/*
 * What people enter about themselves that carries a phone number: sign-up (and an admin creating
 * an account), and profile changes. Apart from users.ts because the phone rule brings
 * libphonenumber's code (~10 KB gzip): the login, code and password screens load users.ts alone.
 */

export const SignupSchema = z.object({
  first_name: requiredText('First name', 60),
  last_name: requiredText('Last name', 60),
  gender: GenderSchema,
  email: emailSchema,
  phone_number: phoneSchema,
  password: PasswordSchema,
  /**
   * Consent to news and offers (CONSENT_WORDING.signup): only an explicit yes counts. Optional so
   * clients built before it keep working; left out, it is no. A form's ticked box sends "on" or "true".
   * Service messages (rent reminders…) do not depend on it.
   */
  marketing_opt_in: z.optional(
    prepared(
      (v) => (v === 'true' || v === 'on' ? true : v === 'false' ? false : v),
      z.boolean({ error: 'marketing_opt_in must be true or false' }),
    ),
  ),
});
export type SignupInput = z.input<typeof SignupSchema>;
export type Signup = z.output<typeof SignupSchema>;

/** An emergency contact as its owner changes it: the phone a Nigerian mobile or nothing. */
export const EmergencyContactUpdateSchema = z.object({
  ...emergencyContactLines,
  phone: optionalPhoneSchema,
});

export const ProfileUpdateSchema = z.partial(
  z.object({
    first_name: requiredText('First name', 60),
    last_name: requiredText('Last name', 60),
    phone_number: phoneSchema,
    // Partial too: a client may change one line of the contact without resending the rest.
    emergency_contact: z.partial(EmergencyContactUpdateSchema),
    /** Optional service messages (rent reminders, notices) by e-mail; account, security and payment ones always go. */
    notify_email: z.boolean({ error: 'notify_email must be true or false' }),
    /** The same optional service messages by text. */
    notify_sms: z.boolean({ error: 'notify_sms must be true or false' }),
    /** Consent to news and offers by e-mail: given or withdrawn, and recorded with its words. */
    marketing_email: z.boolean({ error: 'marketing_email must be true or false' }),
    /** Consent to news and offers by text. */
    marketing_sms: z.boolean({ error: 'marketing_sms must be true or false' }),
  }),
);
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;
export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;

/** Deleting one's own account: the password typed again (docs/domain.md, "Deletion"). */
export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: 'Enter your password to delete your account' })
    .check(z.minLength(1, { error: 'Enter your password to delete your account' }), z.maxLength(128)),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;
