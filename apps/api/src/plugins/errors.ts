import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  fields?: Record<string, string>;
  code?: string;
};

const body = (
  statusCode: number,
  message: string,
  fields?: Record<string, string>,
  code?: string,
): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(fields && Object.keys(fields).length ? { fields } : {}),
  ...(code ? { code } : {}),
});

/** Postgres error codes (PGlite and node-postgres both expose them) that mean the input was wrong, not us. */
const PG_CODES: Record<string, [number, string]> = {
  '23505': [409, 'That record already exists'],
  '23503': [409, 'That refers to something that does not exist or is still in use'],
  '23514': [400, 'A value is outside what is allowed'],
  '23502': [400, 'A required value is missing'],
  '22P02': [400, 'A value has the wrong format'],
  '22001': [400, 'A value is too long'],
  // PostgreSQL text cannot hold a NUL character (\u0000): a client sent one, so it is their input.
  '22021': [400, 'A value contains a character that is not allowed (such as a NUL byte)'],
  '22P05': [400, 'A value contains a character that is not allowed (such as a NUL byte)'],
  '22003': [400, 'A number is out of range'],
  '22007': [400, 'A date is not valid'],
  '22008': [400, 'A date is out of range'],
};
/**
 * The database went away, or could not answer in time (57014: statement_timeout, set in
 * db/client.ts, cancelled a statement stuck behind a lock), or chose this transaction to break a
 * deadlock (40P01; two writers meeting a room and its hostel's stored availability in opposite
 * orders, ADR 0015) or a serialization conflict (40001): the transaction rolled back, nothing is
 * half-written, so fail fast with 503 and the client may retry.
 */
const PG_UNAVAILABLE = new Set([
  '40P01',
  '40001',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '08000',
  '08003',
  '08006',
  '08001',
  '53300',
]);
const NET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

function databaseCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The innermost cause's message: the driver's own words, not the ORM's wrapper quoting the SQL and its values. */
function rootMessage(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && (e as { cause?: unknown }).cause; depth++)
    e = (e as { cause: unknown }).cause;
  return String((e as { message?: unknown }).message ?? e).slice(0, 160);
}

function isConnectionLoss(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const msg = String((e as { message?: unknown }).message ?? '');
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
        msg,
      )
    )
      return true;
  }
  return false;
}

/**
 * What the multipart parser (busboy, under @fastify/multipart) throws for a body that is not a
 * well-formed form: no boundary in the Content-Type, a body that stops before its closing boundary,
 * a part cut short. They are plain Errors with no code or status, so without this they were 500s
 * with a stack trace in the log, though the client sent the wrong bytes.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Missing Content-Type-header\.$/,
  /^Unsupported Content-Type\.$/,
];
const isMalformedMultipart = (err: Error) =>
  typeof (err as { code?: unknown }).code !== 'string' &&
  MALFORMED_MULTIPART.some((re) => re.test(err.message));

/** fastify-type-provider-zod puts zod issues on `error.validation`; turn them into `{ field: reason }`. */
function validationFields(err: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const v of err.validation ?? []) {
    const issuePath = (v.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
    const key =
      (issuePath?.length
        ? issuePath.map(String).join('.')
        : v.instancePath.replace(/^\//, '').replace(/\//g, '.')) ||
      (v.params as { missingProperty?: string } | undefined)?.missingProperty ||
      err.validationContext ||
      'body';
    fields[key] ??= v.message ?? 'is not valid';
  }
  return fields;
}

export function toErrorResponse(err: FastifyError | AppError | Error): {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
  /** 'error': a bug, logged whole; 'unavailable': the database is away, one short warning line. */
  log: false | 'error' | 'unavailable';
} {
  if (err instanceof AppError)
    return {
      status: err.statusCode,
      body: body(err.statusCode, err.message, err.fields, err.code),
      headers: err.headers,
      log: false,
    };

  const fe = err as FastifyError;
  if (fe.validation) {
    const fields = validationFields(fe);
    const message = [...new Set(Object.values(fields))].join('. ');
    return { status: 400, body: body(400, message || 'The request is not valid', fields), log: false };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: body(400, 'The request body is not valid JSON'), log: false };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, body: body(413, 'The request is too large'), log: false };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: body(415, 'Send JSON (application/json) or a form (multipart/form-data)'),
        log: false,
      };
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, body: body(413, 'Too many files or fields in the form'), log: false };
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return { status: 400, body: body(400, 'A form field declared as JSON is not valid JSON'), log: false };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, body: body(415, 'Send the form as multipart/form-data'), log: false };
  }

  if (isMalformedMultipart(err)) {
    return {
      status: 400,
      body: body(
        400,
        'The form (multipart/form-data) is malformed or incomplete: it needs a boundary, and every part must end with it. Send it again.',
      ),
      log: false,
    };
  }

  const code = databaseCode(err);
  if (code && PG_CODES[code]) {
    const [status, message] = PG_CODES[code];
    return { status, body: body(status, message), log: false };
  }
  if ((code && (PG_UNAVAILABLE.has(code) || NET_UNAVAILABLE.has(code))) || isConnectionLoss(err)) {
    return {
      status: 503,
      body: body(503, 'The service is busy or restarting. Please try again in a moment.'),
      headers: { 'retry-after': '5' },
      log: 'unavailable',
    };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) return { status, body: body(status, fe.message), log: false };
  return {
    status: 500,
    body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
    log: 'error',
  };
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const res = toErrorResponse(err);
    if (res.log === 'error') request.log.error({ err }, 'request failed');
    // During an outage every request fails the same way: the SQL and stack of each would bury the
    // log (3–5 KB per request), so one line says what happened.
    if (res.log === 'unavailable') {
      request.log.warn(
        { dbCode: databaseCode(err) ?? null, reason: rootMessage(err) },
        'database unavailable: answered 503',
      );
    }
    if (res.headers) reply.headers(res.headers);
    return reply.status(res.status).send(res.body);
  });
});
