import { useSyncExternalStore } from 'react';

/** Why a pay button is off without a signal: a payment is never kept to send later (ADR 0027). */
export const PAYMENTS_NEED_A_CONNECTION = 'You are offline — payments need a connection';

function subscribe(onChange: () => void) {
  addEventListener('online', onChange);
  addEventListener('offline', onChange);
  return () => {
    removeEventListener('online', onChange);
    removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it has a network; rendered on the server as online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
