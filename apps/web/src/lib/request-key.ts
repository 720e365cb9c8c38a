import { useRef } from 'react';

/**
 * An Idempotency-Key: 128 random bits in hex. Not `crypto.randomUUID`: pages served over plain http
 * (a phone on the LAN in development) lack it, and one way for every page is less code to send.
 */
export const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The Idempotency-Key for sending `body`: the same while the same body is sent again (a retry after
 * a lost answer is then applied once), a new one once the body changes (another decision, which the
 * server judges afresh rather than refusing the reused key).
 */
export function useKeyPerBody() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newKey() };
    return last.current.key;
  };
}
