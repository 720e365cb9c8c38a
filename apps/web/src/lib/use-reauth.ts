import { useCallback, useRef, useState } from 'react';
import { hasErrorCode } from './api-client.ts';

/** Rejects a `run` whose password confirmation was cancelled: nothing happened, nothing to show. */
export class ReauthCancelledError extends Error {
  constructor() {
    super('Password confirmation cancelled');
    this.name = 'ReauthCancelledError';
  }
}

export const isReauthCancelled = (err: unknown): err is ReauthCancelledError =>
  err instanceof ReauthCancelledError;

type Waiting = {
  retry: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
};

/**
 * Sensitive admin actions (create an admin, delete a user, set up two-step sign-in) answer 403
 * `reauth_required` when the password was not entered recently. `run(action)` tries the action; on
 * that answer it asks for the password (render `<ConfirmPasswordModal {...reauth.modal} />`) and then
 * tries the action once more, settling with that second outcome. Cancelling rejects with
 * ReauthCancelledError, leaving everything as it was.
 */
export function useReauth() {
  const [open, setOpen] = useState(false);
  // A ref, not state: the modal's callbacks must reach the very action that is waiting.
  const waiting = useRef<Waiting | null>(null);

  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (err) {
      if (!hasErrorCode(err, 'reauth_required')) throw err;
      // One confirmation at a time: a second action asking meanwhile is told it was not done.
      waiting.current?.reject(new ReauthCancelledError());
      return new Promise<T>((resolve, reject) => {
        waiting.current = { retry: action, resolve: resolve as (value: unknown) => void, reject };
        setOpen(true);
      });
    }
  }, []);

  const onConfirmed = useCallback(() => {
    const w = waiting.current;
    waiting.current = null;
    setOpen(false);
    // Once only: should the server ask again, that answer is the action's outcome (no loop).
    w?.retry().then(w.resolve, w.reject);
  }, []);

  const onCancel = useCallback(() => {
    const w = waiting.current;
    waiting.current = null;
    setOpen(false);
    w?.reject(new ReauthCancelledError());
  }, []);

  return { run, modal: { open, onConfirmed, onCancel } };
}
