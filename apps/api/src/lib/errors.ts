import type { ErrorCode } from '@studynest/contracts';

/** A failure we expect and can explain to the person who caused it. Services throw these; the error plugin renders them. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra headers (e.g. Retry-After) the response must carry. */
    readonly headers?: Record<string, string>,
    /** A machine-readable reason (ERROR_CODES in the contracts) for clients that must react to it. */
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, fields);
export const unauthorized = (message = 'Please log in to continue') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, message, fields);
export const serviceUnavailable = (
  message = 'The service is busy or restarting. Please try again in a moment.',
) => new AppError(503, message);
