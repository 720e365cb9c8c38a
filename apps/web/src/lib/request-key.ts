import { useRef } from 'react';
import { newKey } from './offline-writes.tsx';

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
