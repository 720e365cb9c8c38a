import { emergencyContactLines } from '@studynest/contracts/users';
import * as z from 'zod/mini';

/**
 * What the profile's emergency contact form checks before sending: the contract's lines, and the
 * phone as typed. Whether the phone is a Nigerian mobile is the server's check, on submit: its
 * message lands on the field. The contract's phone rule brings libphonenumber (~10 KB gzip), which
 * would put the profile screen over its download budget (bench/bundle-size.mjs); sign-up, which
 * has room, checks phones before sending. Imported on demand by emergency-contact-form.tsx.
 */
export const EmergencyContactFormSchema = z.object({
  emergency_contact: z.partial(z.object({ ...emergencyContactLines, phone: z.string().check(z.trim()) })),
});
