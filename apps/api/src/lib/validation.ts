import type * as z from 'zod/mini';
import { badRequest } from './errors.ts';

/** zod issues → `{ "field.path": reason }`, first reason per field (the one a person should fix first). */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Validate a value we parsed ourselves (multipart forms) and fail with the same 400 shape the
 * route validator produces for JSON bodies, so clients handle both alike.
 */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = issuesToFields(result.error.issues);
  const message = [...new Set(Object.values(fields))].join('. ');
  throw badRequest(message || 'The request is not valid', fields);
}
