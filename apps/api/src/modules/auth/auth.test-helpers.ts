import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { eventually } from '../../../test/eventually.ts';

export type SignupBody = {
  first_name: string;
  last_name: string;
  gender: string;
  email: string;
  phone_number: string;
  password: string;
};

let n = 0;
/** A valid sign-up body with a unique e-mail. */
export function signupBody(overrides: Partial<SignupBody> = {}): SignupBody {
  n += 1;
  return {
    first_name: 'Chioma',
    last_name: 'Okafor',
    gender: 'female',
    email: `chioma${n}.${Date.now()}@example.com`,
    phone_number: '08031234567',
    password: 'lagoon-mango-kettle',
    ...overrides,
  };
}

/** POST /auth/signup with a JSON body, whatever it holds. */
export const postSignup = (app: FastifyInstance, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/signup', payload: body as object });

export async function signup(app: FastifyInstance, body: SignupBody = signupBody()) {
  const res = await postSignup(app, body);
  expect(res.statusCode, res.body).toBe(201);
  return { body, res, user: res.json().user as { _id: string; email: string } };
}

export async function login(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export const verifyEmailCode = (app: FastifyInstance, email: string, otp: string) =>
  app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', payload: { email, otp } });

/** A code that is surely wrong: the right one plus `by`, on the 4-digit dial. */
export const wrongCode = (code: string, by = 1) => String((Number(code) + by) % 10_000).padStart(4, '0');

/** The newest e-mail to `to`, read through the dev outbox like a local user would. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  const mails = res.json() as { to: string; subject: string; text: string; created_at: string }[];
  return mails.at(-1);
}

/**
 * Ask for a code (`forgot-password` or `resend-otp`) and wait for the e-mail that carries it:
 * the address is looked up and the code sent after the answer, so the answer's timing does not
 * say whether the address has an account.
 */
export async function requestCode(
  app: FastifyInstance,
  path: 'forgot-password' | 'resend-otp',
  email: string,
  remoteAddress?: string,
): Promise<string> {
  const mailsTo = async () => {
    const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    return res.json() as { text: string }[];
  };
  // Code e-mails are looked up and queued after the answer: let earlier requests' mail arrive
  // first, so the one this request causes is the one counted as new.
  const settledCount = async () => {
    let last = (await mailsTo()).length;
    for (;;) {
      await new Promise((r) => setTimeout(r, 150));
      const now = (await mailsTo()).length;
      if (now === last) return now;
      last = now;
    }
  };
  const before = await settledCount();
  const res = await app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await eventually(async () => {
    const mails = await mailsTo();
    return mails.length > before ? mails.at(-1) : undefined;
  });
  const code = /\b(\d{4})\b/.exec(mail.text)?.[1];
  expect(code, `no code e-mailed to ${email}`).toBeDefined();
  return code!;
}

/** The 4-digit code in the newest e-mail to `to`. */
export async function lastCodeFor(app: FastifyInstance, to: string): Promise<string> {
  const mail = await lastMailTo(app, to);
  const code = /\b(\d{4})\b/.exec(mail?.text ?? '')?.[1];
  expect(code, `no code e-mailed to ${to}`).toBeDefined();
  return code!;
}

/** Build a multipart/form-data payload by hand (text fields, optional file). */
export function multipart(
  fields: Partial<Record<string, string>>,
  file?: { field: string; name: string; type: string; data: Buffer },
) {
  const boundary = `----studynest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
