import { vi } from 'vitest';

/**
 * jsdom has <dialog> without showModal/close; our modals open through them. Enough of the
 * behaviour for tests: the `open` attribute, and the close event.
 */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (proto.__polyfilled) return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  proto.__polyfilled = true;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * Replaces fetch at the network boundary with scripted answers, taken in order, and records every
 * call as { method, path, body } so a test can check what the app sent.
 */
export function mockFetch(...replies: Reply[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const queue = [...replies];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    calls.push({
      method: init?.method ?? 'GET',
      path: url.replace(/^\/api/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const reply = queue.shift();
    if (!reply) throw new Error(`unexpected request: ${init?.method ?? 'GET'} ${url}`);
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, queue: (...more: Reply[]) => queue.push(...more) };
}

/** An API error body as the server sends it. */
export const apiError = (
  statusCode: number,
  message: string,
  extra: { code?: string; fields?: Record<string, string> } = {},
) => ({
  statusCode,
  error: statusCode === 401 ? 'Unauthorized' : statusCode === 403 ? 'Forbidden' : 'Bad Request',
  message,
  ...extra,
});
