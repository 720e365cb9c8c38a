import { useSyncExternalStore } from 'react';

/**
 * Data saver (docs/domain.md, "Photos"): photos load only when tapped, a gallery shows one photo.
 * On when this device's switch (the profile) says so; with the switch never touched, when the
 * browser asks for it (the `Save-Data: on` header, which the server marks on the page it sends,
 * or `navigator.connection.saveData`). The switch is also a cookie, so the pages the server renders
 * (a hostel, a search) come without photos too, before any script has run.
 */
// public/registerSW.js reads the same key (it runs outside the bundle, so it cannot import it).
const KEY = 'studynest:data-saver';
export const DATA_SAVER_COOKIE = 'data_saver';
const listeners = new Set<() => void>();

/** The server's render of a page for a request that said `Save-Data: on` (entry-server.tsx). */
let serverRenderSaveData = false;
export function renderingWithSaveData<T>(on: boolean, render: () => T): T {
  // renderToString is synchronous, so no other render sees this value.
  serverRenderSaveData = on;
  try {
    return render();
  } finally {
    serverRenderSaveData = false;
  }
}

const markedByServer = () => document.documentElement.hasAttribute('data-save-data');

function stored(): boolean | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === null ? null : value === 'on';
  } catch {
    return null;
  }
}

export function dataSaverOn(): boolean {
  const chosen = stored();
  if (chosen !== null) return chosen;
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  return markedByServer() || connection?.saveData === true;
}

export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts until the page is closed.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference, no cookie library needed for it
  document.cookie = `${DATA_SAVER_COOKIE}=${on ? 'on' : 'off'}; path=/; max-age=${400 * 24 * 3600}; samesite=lax`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

// Hydration must match the server's HTML, which knew only the request header.
const serverSnapshot = () => serverRenderSaveData || (typeof document !== 'undefined' && markedByServer());

export const useDataSaver = (): boolean => useSyncExternalStore(subscribe, dataSaverOn, serverSnapshot);
