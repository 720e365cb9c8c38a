import { z } from 'zod';

/** DESIGN §5 error shape: every 4xx/5xx body looks like this. */
export const ErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A machine-readable reason on some answers (ERROR_CODES), for clients that must react to it. */
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof ErrorSchema>;

export const IdSchema = z.uuid({ error: 'must be a valid id' });
export const IdParamsSchema = z.object({ id: IdSchema });

/**
 * Whole naira. Forms post numeric strings, JSON clients post numbers: accept both, refuse
 * fractions, negatives and blanks with a message a person can act on.
 */
export const nairaSchema = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `${label} must be a number of naira` })
      .int({ error: `${label} must be a whole number of naira` })
      .min(0, { error: `${label} cannot be negative` })
      .max(1_000_000_000, { error: `${label} is too large` }),
  );

/** A required, trimmed, human-entered text field. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address, like ada@example.com' }).max(254));

/** Nigerian mobile numbers: 0803…, +234803…, 234803… (11 digits locally). Stored as entered, trimmed. */
export const phoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z.string().regex(/^(?:\+?234|0)[789][01]\d{8}$/, {
      error: 'Enter a Nigerian phone number, like 08031234567 or +2348031234567',
    }),
  );

export const MessageSchema = z.object({ message: z.string() });
