import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/auth-storage.ts';

// Apart from the other auth mutations: the header's menu logs out on every page, so this is in
// every page's first download and the sign-up, login and password forms' calls are not.
/**
 * Logs out on the server (the token stops working there) and forgets it here. A failed call
 * (offline, token already revoked) must not keep anyone signed in on this device, so it is ignored.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api<void>('/auth/logout', { method: 'POST' });
      } catch {
        // Ignored on purpose: the local session is cleared regardless.
      }
    },
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
