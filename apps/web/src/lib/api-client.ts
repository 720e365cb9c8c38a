import type { ErrorCode } from '@studynest/contracts';
import { clearSession, getSession } from './auth-storage.ts';

/**
 * A failed API call, carrying the server's message (shown to people in full), field errors and,
 * on some answers, a machine-readable `code` (ERROR_CODES) the UI reacts to instead of the text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * True when `err` is an API answer carrying this ERROR_CODES value. Callers pass the string itself,
 * checked against the contract's type: importing ERROR_CODES as a value would pull zod (the
 * contracts' index) into every chunk that reacts to a code, the entry included.
 */
export const hasErrorCode = (err: unknown, code: ErrorCode): err is ApiError =>
  err instanceof ApiError && err.code === code;

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };

/** Every call carries the stored bearer token when there is one (spec §6). */
async function request<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions,
): Promise<{ data: T; res: Response }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const session = getSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: payload, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'You appear to be offline. Check your connection and try again.');
  }
  if (res.status === 204) return { data: undefined as T, res };
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    // A revoked or expired token is useless: forget it so the UI offers Login again.
    if (res.status === 401 && session) clearSession();
    const message =
      (data && typeof data.message === 'string' && data.message) ||
      (res.status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : `Request failed (${res.status})`);
    const code = data && typeof data.code === 'string' ? data.code : undefined;
    throw new ApiError(res.status, message, data?.fields ?? {}, code);
  }
  return { data: data as T, res };
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).data;
}

/** A paged list: the items and the total the server puts in X-Total-Count (DESIGN §5). */
export async function apiPage<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ items: T[]; total: number }> {
  const { data, res } = await request<T[]>(path, options);
  const header = res.headers.get('x-total-count');
  const total = header === null ? Number.NaN : Number(header);
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}
