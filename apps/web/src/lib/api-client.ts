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

type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
};

/** Every call carries the stored bearer token when there is one (docs/domain.md, "Accounts"). */
async function request<T>(
  path: string,
  { method = 'GET', body, signal, headers: extra }: RequestOptions,
): Promise<{ data: T; res: Response }> {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
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
  if (!res.ok) throw failure(res.status, data, Boolean(session));
  return { data: data as T, res };
}

/** The ApiError for a failed answer; a revoked or expired token is forgotten so the UI offers Login again. */
function failure(status: number, data: unknown, hadSession: boolean): ApiError {
  if (status === 401 && hadSession) clearSession();
  const body = (data && typeof data === 'object' ? data : {}) as {
    message?: unknown;
    code?: unknown;
    fields?: Record<string, string>;
  };
  const message =
    (typeof body.message === 'string' && body.message) ||
    (status >= 500 ? 'Something went wrong on our side. Please try again.' : `Request failed (${status})`);
  const code = typeof body.code === 'string' ? body.code : undefined;
  return new ApiError(status, message, body.fields ?? {}, code);
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).data;
}

/** A paged list: the items and the total the server puts in X-Total-Count (docs/domain.md, "API conventions"). */
export async function apiPage<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ items: T[]; total: number }> {
  const { data, res } = await request<T[]>(path, options);
  const header = res.headers.get('x-total-count');
  const total = header === null ? Number.NaN : Number(header);
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

/**
 * POST a form with files, reporting how much has been sent (0–1). fetch cannot report upload
 * progress, so this one call uses XMLHttpRequest; answers and errors are read as `api` reads them.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  {
    onProgress,
    method = 'POST',
    headers = {},
  }: { onProgress?: (fraction: number) => void; method?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const session = getSession();
    if (session) xhr.setRequestHeader('authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'You appear to be offline. Check your connection and try again.'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON (a proxy's error page): the status decides the message
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(failure(xhr.status, data, Boolean(session)));
    };
    xhr.send(form);
  });
}

/** Save `blob` as a download named `name`, the way a link with a `download` attribute does. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file only after the click returns: let go of it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API makes (a receipt PDF, a CSV export) with the stored bearer token and saves
 * it as `name`; failures read as `api` reads them.
 */
export async function apiDownload(path: string, name: string): Promise<void> {
  const session = getSession();
  const headers: Record<string, string> = { accept: '*/*' };
  if (session) headers.authorization = `Bearer ${session.token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers });
  } catch {
    throw new ApiError(0, 'You appear to be offline. Check your connection and try again.');
  }
  if (!res.ok) throw failure(res.status, await res.json().catch(() => null), Boolean(session));
  saveFile(await res.blob(), name);
}
