import { STORAGE_KEYS } from '@studynest/contracts/constants';
import { useSyncExternalStore } from 'react';

/** The spec fixes the storage keys (userToken, userId); the role is kept alongside for the admin-only UI. */
const ROLE_KEY = 'userRole';
export type Session = { token: string; userId: string; role: string };

const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

function read(): Session | null {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const userId = localStorage.getItem(STORAGE_KEYS.userId);
    if (!token || !userId) return null;
    return { token, userId, role: localStorage.getItem(ROLE_KEY) ?? 'student' };
  } catch {
    return null;
  }
}

let snapshot = typeof window === 'undefined' ? null : read();

export function saveSession(s: Session) {
  localStorage.setItem(STORAGE_KEYS.token, s.token);
  localStorage.setItem(STORAGE_KEYS.userId, s.userId);
  localStorage.setItem(ROLE_KEY, s.role);
  snapshot = read();
  notify();
}

export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userId);
  localStorage.removeItem(ROLE_KEY);
  snapshot = null;
  notify();
  forgetKeptReads();
}

/**
 * The reads the service worker kept for this account go with the session, here and in the worker
 * (docs/decisions/0025-service-worker.md), so the next person on this phone never sees them.
 */
function forgetKeptReads() {
  navigator.serviceWorker?.controller?.postMessage({ type: 'LOGOUT' });
  void globalThis.caches
    ?.keys()
    .then((names) =>
      Promise.all(names.filter((n) => n.startsWith('studynest-account-')).map((n) => caches.delete(n))),
    );
}

export const getSession = () => snapshot;

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', () => {
    snapshot = read();
    notify();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => snapshot,
    () => null,
  );
}
