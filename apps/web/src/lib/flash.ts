import { useSyncExternalStore } from 'react';
import type { Notice } from './use-timed-notice.ts';

/**
 * A notice that outlives the screen that raised it: the welcome after logging in, say, shows on the
 * page the person is taken to at once, instead of holding them on the form behind a timer. One at a
 * time; it hides itself after a while, or when the next one comes.
 */
const SHOW_MS = 5000;

let current: Notice | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function flash(notice: Notice | null) {
  clearTimeout(timer);
  current = notice;
  emit();
  if (notice) {
    timer = setTimeout(() => {
      current = null;
      emit();
    }, SHOW_MS);
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The notice showing now; never one on the server (the rendered HTML has none). */
export const useFlash = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
