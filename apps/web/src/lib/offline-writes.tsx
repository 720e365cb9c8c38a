import { useEffect, useRef, useState } from 'react';
import { Alert } from '../components/ui/alert.tsx';

/**
 * Writes a student may make without a signal (docs/decisions/0027-offline-writes.md): the service
 * worker keeps them and answers 202 `{ queued: true }`, then tells the page when each has gone.
 */
export type Queued = { queued: true; message: string };

export const isQueued = (answer: unknown): answer is Queued =>
  typeof answer === 'object' && answer !== null && (answer as { queued?: unknown }).queued === true;

export const WAITING_TO_SEND = 'Waiting to send — it goes as soon as you are back online';

/**
 * 128 random bits in hex. Not `crypto.randomUUID`: pages served over plain http (a phone on the LAN
 * in development) lack it, and one way for every page is less code to send.
 */
export const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The Idempotency-Key of one submission: the same for its retries (a retry after a lost answer is
 * then applied once), a new one once it has gone or been kept to send later.
 */
export function useSubmissionKey() {
  const current = useRef<string | null>(null);
  return {
    key: () => {
      current.current ??= newKey();
      return current.current;
    },
    done: () => {
      current.current = null;
    },
  };
}

export type OutboxState =
  | { kind: 'waiting'; key: string }
  | { kind: 'sent'; key: string }
  | { kind: 'refused'; key: string; message: string };

/**
 * What became of a write the worker kept: waiting, then sent (`onSent` refetches what it changed)
 * or refused by the server with its reason.
 */
export function useOutbox(onSent: () => void) {
  const [state, setState] = useState<OutboxState | null>(null);
  const sentRef = useRef(onSent);
  sentRef.current = onSent;
  const waitingKey = state?.kind === 'waiting' ? state.key : null;
  useEffect(() => {
    // Effects run only in the browser.
    const sw = navigator.serviceWorker;
    if (!sw || !waitingKey) return;
    const listen = (event: MessageEvent) => {
      const note = (event.data ?? {}) as { type?: string; key?: string; message?: string };
      if (note.key !== waitingKey) return;
      if (note.type === 'studynest:outbox-sent') {
        setState({ kind: 'sent', key: waitingKey });
        sentRef.current();
      }
      if (note.type === 'studynest:outbox-refused') {
        setState({ kind: 'refused', key: waitingKey, message: note.message ?? 'It could not be sent' });
      }
    };
    sw.addEventListener('message', listen);
    return () => sw.removeEventListener('message', listen);
  }, [waitingKey]);
  return {
    state,
    waiting: (key: string) => setState({ kind: 'waiting', key }),
    clear: () => setState(null),
  };
}

/** Where a write made offline stands: waiting for the signal, sent, or refused with the server's reason. */
export function OutboxNotice({ state }: { state: OutboxState | null }) {
  if (!state) return null;
  if (state.kind === 'waiting') return <Alert tone="info">{WAITING_TO_SEND}</Alert>;
  if (state.kind === 'sent') return <Alert tone="success">Sent</Alert>;
  return <Alert tone="error">Not sent: {state.message}</Alert>;
}
