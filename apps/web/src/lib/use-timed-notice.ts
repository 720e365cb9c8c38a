import { useCallback, useEffect, useRef, useState } from 'react';

export type Notice = { tone: 'success' | 'error' | 'info'; message: string };

/**
 * The spec's timed notices: show a message for `ms`, then run `then` (redirect, reload…).
 * Re-showing replaces the current notice and restarts the clock.
 */
export function useTimedNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((next: Notice, ms: number, then?: () => void) => {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => {
      setNotice(null);
      then?.();
    }, ms);
  }, []);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);
  return { notice, show, clear };
}

/** Spec §9 timings, in one place. */
export const NOTICE_MS = {
  deleted: 3000,
  saved: 4000,
  error: 4000,
} as const;
