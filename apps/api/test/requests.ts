import type { FastifyInstance, InjectOptions } from 'fastify';

/** Who makes a request: the headers that say so (a bearer token), as `signedInUser` gives them. */
export type Caller = { headers: Record<string, string> };

/** No one signed in. */
export const anonymous: Caller = { headers: {} };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request through the test app as `who`, with a body when one is given. */
export function send(
  t: { app: FastifyInstance },
  who: Caller,
  method: Method,
  url: string,
  payload?: InjectOptions['payload'],
) {
  return t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
}

/** The same with a multipart form as `multipart` builds it: its body and content-type header. */
export function sendForm(
  t: { app: FastifyInstance },
  who: Caller,
  method: Method,
  url: string,
  form: { payload: Buffer; headers: Record<string, string> },
) {
  return t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...who.headers } });
}

/** The same with a body sent as written, labelled JSON (malformed, oversized or hostile JSON). */
export function sendJsonText(
  t: { app: FastifyInstance },
  who: Caller,
  method: Method,
  url: string,
  text: string,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...who.headers, 'content-type': 'application/json' },
    payload: text,
  });
}
