import { clearSession, getSession } from './auth-storage.ts';

/** A failed API call, carrying the server's message (shown to people in full) and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };

/** Every call carries the stored bearer token when there is one (spec §6). */
export async function api<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
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
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    // A revoked or expired token is useless: forget it so the UI offers Login again.
    if (res.status === 401 && session) clearSession();
    const message =
      (data && typeof data.message === 'string' && data.message) ||
      (res.status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : `Request failed (${res.status})`);
    throw new ApiError(res.status, message, data?.fields ?? {});
  }
  return data as T;
}
