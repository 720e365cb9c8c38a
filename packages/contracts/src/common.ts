import * as z from 'zod/mini';
import { $ZodCheckNumberFormat, type $ZodType } from 'zod/v4/core';

/** Every 4xx/5xx body looks like this (docs/domain.md, "Errors"). */
export const ErrorSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
  /** A machine-readable reason on some answers (ERROR_CODES), for clients that must react to it. */
  code: z.optional(z.string()),
});
export type ApiError = z.output<typeof ErrorSchema>;

export const IdSchema = z.uuid({ error: 'must be a valid id' });
export const IdParamsSchema = z.object({ id: IdSchema });

/**
 * Runs `prepare` on the raw value before `schema` checks it (zod/mini has no `preprocess`; this is
 * what it does: a pipe from a transform).
 */
export const prepared = <T extends $ZodType>(prepare: (value: unknown) => unknown, schema: T) =>
  z.pipe(z.transform(prepare), schema);

/** A number that must be whole: one message when it is not a number, another when it has a fraction. */
export const wholeNumber = (notANumber: string, notWhole: string) =>
  z.int({
    error: (issue) =>
      issue.code === 'invalid_type' && typeof issue.input !== 'number' ? notANumber : notWhole,
  });

/** A required, trimmed, human-entered text field. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${label} is required` }),
      z.maxLength(max, { error: `${label} must be at most ${max} characters` }),
    );

/** Optional free text: trimmed, at most `max` characters. */
export const optionalText = (label: string, max: number) =>
  z.string().check(z.trim(), z.maxLength(max, { error: `${label} must be at most ${max} characters` }));

export const emailSchema = z.pipe(
  z.string({ error: 'Email is required' }).check(z.trim(), z.toLowerCase()),
  z.email({ error: 'Enter a valid email address, like ada@example.com' }).check(z.maxLength(254)),
);

/**
 * "A whole number" as a check, for numbers coerced from a query string: unlike a refinement it
 * keeps `type: integer` in the OpenAPI document.
 */
export const integerCheck = (error?: string) =>
  new $ZodCheckNumberFormat({
    check: 'number_format',
    format: 'safeint',
    ...(error ? { error: () => error } : {}),
  });

/** `?limit=`: how many items a page holds, 1 to `maxLimit` (admin lists, hostel search). */
export const limitSchema = (maxLimit: number) =>
  z.optional(
    z.coerce
      .number({ error: 'limit must be a number' })
      .check(
        integerCheck('limit must be a whole number'),
        z.minimum(1, { error: 'limit must be at least 1' }),
        z.maximum(maxLimit, { error: `limit must be at most ${maxLimit}` }),
      ),
  );

/** `?limit=&offset=` paging for admin lists; the total goes in X-Total-Count. */
export const pagingSchema = (maxLimit: number) =>
  z.object({
    limit: limitSchema(maxLimit),
    offset: z.optional(
      z.coerce
        .number({ error: 'offset must be a number' })
        .check(
          integerCheck('offset must be a whole number'),
          z.minimum(0, { error: 'offset cannot be negative' }),
        ),
    ),
  });

/** A query flag: 1/true/yes/on mean true, anything else false. */
export const queryFlag = prepared(
  (v) => (typeof v === 'string' ? ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase()) : v),
  z.boolean(),
);

export const MessageSchema = z.object({ message: z.string() });
/** The plain answer of many actions: a sentence for people. */
export type Message = z.output<typeof MessageSchema>;
