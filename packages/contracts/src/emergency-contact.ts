import * as z from 'zod/mini';
import { optionalText } from './common.ts';

/*
 * The emergency contact: its lines, the shape the API answers with, and what the profile's form
 * checks in the browser. Apart from users.ts so that form loads these checks alone, not the account
 * schemas (login, sign-up, passwords) with them.
 */

/**
 * The emergency contact's lines other than the phone, as typed. The phone is checked with the other
 * phone-bearing schemas (account-details.ts).
 */
export const emergencyContactLines = {
  name: optionalText('Name', 120),
  relationship: optionalText('Relationship', 60),
  address: optionalText('Address', 300),
};

/**
 * An emergency contact as the API answers it. The phone is E.164 or '' (docs/domain.md, "Accounts"),
 * but a number kept unchanged from before that rule may be in any form, so it is any text here.
 */
export const EmergencyContactSchema = z.object({
  name: z.string(),
  relationship: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type EmergencyContact = z.output<typeof EmergencyContactSchema>;

/**
 * What the profile's emergency contact form checks before sending: the lines, and the phone as typed.
 * Whether the phone is a Nigerian mobile is the server's check on submit (EmergencyContactUpdateSchema),
 * its message landing on the field: that rule brings libphonenumber (~10 KB gzip), which would put the
 * profile screen over its download budget (bench/bundle-size.mjs). Sign-up, which has room, checks
 * phones before sending.
 */
export const EmergencyContactFormSchema = z.object({
  emergency_contact: z.partial(z.object({ ...emergencyContactLines, phone: z.string().check(z.trim()) })),
});
